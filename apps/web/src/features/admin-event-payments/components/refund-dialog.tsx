import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  creditNoteNumberLabel,
  refundMessages,
  type CancellationView,
  type StaffCancelInput,
} from '@portal/domain/commerce/refunds.ts';
import { dollarsToCents, formatCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { newIdempotencyKey } from '../../../shared/commerce/idempotency-key.ts';
import {
  choiceItems,
  RefundPreviewText,
  TicketChoice,
  type TicketChoiceValue,
} from '../../../shared/cancellations/ticket-choice.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { adminCancellationViewQuery, adminRefundPreviewQuery, useRefundEventPayment } from '../api/event-payments.ts';

export const refundDialogMessages = {
  title: 'Refund payment',
  intro:
    'The tickets chosen are cancelled (their holders are mailed, their codes stop admitting them); the buyer is mailed the refund and its credit note.',
  reasonLabel: 'Reason (on the credit note and in the buyer’s mail)',
  reasonMissing: 'Say why the payment is refunded',
  amountInvalid: 'Enter an amount above $0.00',
  done: (tickets: number, refundCents: number, creditNote: number | null) =>
    refundCents > 0 && creditNote !== null
      ? `${refundMessages.cancelled(tickets)} ${formatCents(refundCents)} refunded: credit note ${creditNoteNumberLabel(creditNote)}.`
      : `${refundMessages.cancelled(tickets)} No refund.`,
} as const;

type Which = 'ALL' | 'CHOSEN';
type Amount = StaffCancelInput['refund'];

function RefundForm({ view, onDone }: { view: CancellationView; onDone: () => void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [which, setWhich] = useState<Which>('ALL');
  const [choice, setChoice] = useState<TicketChoiceValue>({});
  const [amount, setAmount] = useState<Amount>('FULL');
  const [partial, setPartial] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const items = which === 'ALL' ? undefined : choiceItems(choice);
  const chosenNothing = items !== undefined && items.length === 0;
  const preview = useQuery({ ...adminRefundPreviewQuery(view.paymentId, items), enabled: !chosenNothing });
  const refund = useRefundEventPayment(view.paymentId, idempotencyKey);
  const lines = view.lines.filter((line) => line.activeTickets > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const cents = amount === 'PARTIAL' ? dollarsToCents(partial) : null;
    if (amount === 'PARTIAL' && (cents === null || cents <= 0)) found.amount = refundDialogMessages.amountInvalid;
    if (reason.trim() === '') found.reason = refundDialogMessages.reasonMissing;
    if (chosenNothing) found.tickets = refundMessages.nothingChosen;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const common = { reason: reason.trim(), ...(items ? { items } : {}) };
    const input: StaffCancelInput =
      amount === 'PARTIAL' ? { refund: 'PARTIAL', amountCents: cents ?? 0, ...common } : { refund: amount, ...common };
    refund.mutate(input, {
      onSuccess: (reply) => {
        notifications.show({
          color: 'green',
          message: refundDialogMessages.done(
            reply.cancelledTickets,
            reply.refund?.amountCents ?? 0,
            reply.refund?.creditNoteNumber ?? null,
          ),
        });
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={refundDialogMessages.title}>
      <Stack gap="md">
        <Text size="sm">{refundDialogMessages.intro}</Text>
        <Radio.Group label="Tickets to cancel" value={which} onChange={(value) => setWhich(value)}>
          <Stack gap="xs" mt="xs">
            <Radio value="ALL" label="Every ticket left" />
            <Radio value="CHOSEN" label="Chosen tickets" />
          </Stack>
        </Radio.Group>
        {which === 'CHOSEN' ? <TicketChoice lines={lines} value={choice} onChange={setChoice} /> : null}
        {errors.tickets ? (
          <Text size="sm" c="red.9" role="alert">
            {errors.tickets}
          </Text>
        ) : null}
        {chosenNothing ? null : preview.isPending ? (
          <Stack role="status" aria-label="Computing the refund">
            <Skeleton height={48} />
          </Stack>
        ) : preview.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(preview.error)}
          </Alert>
        ) : (
          <RefundPreviewText preview={preview.data} withFee={false} />
        )}
        <Radio.Group label="Refund" value={amount} onChange={(value) => setAmount(value)}>
          <Stack gap="xs" mt="xs">
            <Radio value="FULL" label="Full refund of what was paid for them" />
            <Radio value="PARTIAL" label="Part of it" />
            <Radio value="NONE" label="No refund" />
          </Stack>
        </Radio.Group>
        {amount === 'PARTIAL' ? (
          <TextInput
            label="Amount to refund ($)"
            inputMode="decimal"
            value={partial}
            onChange={(event) => setPartial(event.currentTarget.value)}
            error={errors.amount}
            maw={260}
          />
        ) : null}
        <Textarea
          label={refundDialogMessages.reasonLabel}
          withAsterisk
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason}
        />
        {refund.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(refund.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" color="red.9" loading={refund.isPending} disabled={!preview.isSuccess}>
            Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Staff "Refund" on a paid payment (issue 38): every ticket left or those chosen, the refund the
 * server computes for them, full / part / none, and a required reason. The server keeps the rules.
 */
export function RefundDialog({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 35.99em)');
  const view = useQuery({ ...adminCancellationViewQuery(paymentId ?? ''), enabled: paymentId !== null });
  return (
    <Modal
      opened={paymentId !== null}
      onClose={onClose}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={refundDialogMessages.title}
      centered
      size="lg"
    >
      {paymentId === null ? null : view.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : view.isError ? (
        <ErrorState message={errorMessage(view.error)} onRetry={() => void view.refetch()} />
      ) : (
        <RefundForm key={paymentId} view={view.data} onDone={onClose} />
      )}
    </Modal>
  );
}
