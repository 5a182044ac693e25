import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import {
  registrationRequestMessages as messages,
  seatsRequested,
  type RegistrationRequestDetail,
} from '@portal/domain/registrations/requests.ts';
import { notifyError } from '../../../lib/errors.ts';
import { SeatsInput } from '../../../shared/registration/seats-input.tsx';
import { useUpdateSeats } from '../api/requests.ts';

/** 'Update seats' (1–100) while the request is not paid; the server refuses it after (409). */
export function SeatsForm({ detail }: { detail: RegistrationRequestDetail }) {
  const update = useUpdateSeats(detail.id);
  const [seats, setSeats] = useState<number | string>(detail.seatsRequested);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = seatsRequested.safeParse(typeof seats === 'number' ? seats : Number.NaN);
    if (!parsed.success) {
      setError(messages.seatsRange);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => notifications.show({ color: 'green', message: messages.seatsUpdated }),
      onError: notifyError,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Update seats">
      <Group align="flex-start" gap="sm">
        <SeatsInput
          label="Seats requested"
          value={seats}
          onChange={(value) => {
            setSeats(value);
            setError(null);
          }}
          error={error}
          w={160}
        />
        <Button type="submit" variant="default" mt={25} loading={update.isPending}>
          Update seats
        </Button>
      </Group>
    </form>
  );
}
