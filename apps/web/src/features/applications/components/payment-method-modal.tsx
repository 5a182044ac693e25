import { Button, Group, Modal, NativeSelect, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import type { ApplicationRow } from '@portal/domain/applications/contracts.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useChangePaymentMethod } from '../api/applications.ts';

interface PaymentMethodModalProps {
  row: ApplicationRow;
  opened: boolean;
  onClose: () => void;
}

/** 'Change payment method': one of the event's payment options. */
export function PaymentMethodModal({ row, opened, onClose }: PaymentMethodModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change payment method">
      {/* Mounted only while open, so each opening starts from the application's current option. */}
      {opened ? <PaymentMethodForm row={row} onDone={onClose} /> : null}
    </Modal>
  );
}

function PaymentMethodForm({ row, onDone }: { row: ApplicationRow; onDone: () => void }) {
  const change = useChangePaymentMethod();
  const [paymentOptionId, setPaymentOptionId] = useState(row.paymentOption?.id ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!paymentOptionId) {
      setError(applicationMessages.paymentOptionRequired);
      return;
    }
    change.mutate(
      { applicationId: row.id, paymentOptionId },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: applicationMessages.paymentMethodUpdated });
          onDone();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label="Payment option"
          data={[
            { value: '', label: 'Choose a payment option' },
            ...row.paymentOptions.map((option) => ({ value: option.id, label: option.label })),
          ]}
          value={paymentOptionId}
          onChange={(event) => {
            setPaymentOptionId(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          withAsterisk
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
