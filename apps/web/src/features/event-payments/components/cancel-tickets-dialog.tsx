import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { creditNoteNumberLabel, refundMessages, type CancellationView } from '@portal/domain/commerce/refunds.ts';
import { formatMoment } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { newIdempotencyKey } from '../../../shared/commerce/idempotency-key.ts';
import {
  choiceItems,
  chosenCount,
  RefundPreviewText,
  TicketChoice,
  type TicketChoiceValue,
} from '../../../shared/cancellations/ticket-choice.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import {
  cancellationPreviewQuery,
  cancellationViewQuery,
  useCancelTickets,
  useRequestCancellation,
} from '../api/event-payments.ts';

export const cancelDialogMessages = {
  title: 'Cancel tickets',
  intro: 'Choose the tickets to cancel. Their holders are mailed and their codes stop admitting them.',
  requestIntro:
    'These tickets can no longer be cancelled online. Tell us which ones and why: staff approve or decline your request, and you are mailed their decision.',
  requestSent: 'Your cancellation request was sent to staff.',
  requestWaiting: (when: string) => `Your cancellation request of ${when} is waiting for staff.`,
  nothingLeft: 'This payment has no tickets left to cancel.',
  done: (tickets: number, refundCents: number, creditNote: number | null) =>
    refundCents > 0 && creditNote !== null
      ? `${refundMessages.cancelled(tickets)} ${formatCents(refundCents)} refunded: credit note ${creditNoteNumberLabel(creditNote)}.`
      : refundMessages.cancelled(tickets),
} as const;

function CancelForm({ view, onDone }: { view: CancellationView; onDone: () => void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [choice, setChoice] = useState<TicketChoiceValue>({});
  const lines = view.lines.filter((line) => line.cancellable);
  const items = choiceItems(choice);
  const preview = useQuery(cancellationPreviewQuery(view.paymentId, items));
  const cancel = useCancelTickets(view.paymentId, idempotencyKey);
  const count = chosenCount(choice);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Awaited, not given to mutate: cancelling the last tickets refetches the view into "no tickets left", which
    // unmounts this form before mutate's own onSuccess runs (TanStack Query then drops it): no toast, no closing.
    // A refusal is shown from cancel.error below.
    cancel.mutateAsync(items).then(
      (reply) => {
        notifications.show({
          color: 'green',
          message: cancelDialogMessages.done(
            reply.cancelledTickets,
            reply.refund?.amountCents ?? 0,
            reply.refund?.creditNoteNumber ?? null,
          ),
        });
        onDone();
      },
      () => undefined,
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={cancelDialogMessages.title}>
      <Stack gap="md">
        <Text size="sm">{cancelDialogMessages.intro}</Text>
        <TicketChoice lines={lines} value={choice} onChange={setChoice} />
        {items.length === 0 ? null : preview.isPending ? (
          <Stack role="status" aria-label="Computing the refund">
            <Skeleton height={48} />
          </Stack>
        ) : preview.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(preview.error)}
          </Alert>
        ) : (
          <RefundPreviewText preview={preview.data} withFee />
        )}
        {cancel.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(cancel.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" color="red.9" disabled={count === 0 || !preview.isSuccess} loading={cancel.isPending}>
            {count === 0 ? 'Cancel tickets' : `Cancel ${count} ${count === 1 ? 'ticket' : 'tickets'}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RequestForm({ view, onDone }: { view: CancellationView; onDone: () => void }) {
  const [choice, setChoice] = useState<TicketChoiceValue>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestCancellation(view.paymentId);
  const lines = view.lines.filter((line) => line.activeTickets > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = choiceItems(choice);
    const problem =
      items.length === 0 ? refundMessages.nothingChosen : reason.trim() === '' ? 'Say why you want to cancel' : null;
    setError(problem);
    if (problem) return;
    // Awaited for the same reason as the cancellation: the sent request turns the view into "waiting for staff".
    request.mutateAsync({ items, reason: reason.trim() }).then(
      () => {
        notifications.show({ color: 'green', message: cancelDialogMessages.requestSent });
        onDone();
      },
      () => undefined,
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Request a cancellation">
      <Stack gap="md">
        <Text size="sm">{cancelDialogMessages.requestIntro}</Text>
        <TicketChoice lines={lines} value={choice} onChange={setChoice} />
        <Textarea
          label="Why do you want to cancel?"
          withAsterisk
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {error || request.isError ? (
          <Alert color="red" variant="light" role="alert">
            {error ?? errorMessage(request.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={request.isPending}>
            Send cancellation request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DialogBody({ view, onDone }: { view: CancellationView; onDone: () => void }) {
  const timeZone = useProviderTimeZone();
  const policies = [...new Set(view.lines.map((line) => line.policyText))];
  return (
    <Stack gap="md">
      {policies.map((text) => (
        <Text key={text} size="sm" c="dimmed">
          {text}
        </Text>
      ))}
      {view.openRequest ? (
        <Alert variant="light" role="status">
          {cancelDialogMessages.requestWaiting(formatMoment(view.openRequest.createdAt, timeZone))}
        </Alert>
      ) : view.lines.every((line) => line.activeTickets === 0) ? (
        <Text size="sm">{cancelDialogMessages.nothingLeft}</Text>
      ) : view.lines.some((line) => line.cancellable) ? (
        <CancelForm view={view} onDone={onDone} />
      ) : (
        <RequestForm view={view} onDone={onDone} />
      )}
    </Stack>
  );
}

/**
 * "Cancel tickets" for a paid order the member bought (issue 38): within each event's policy she
 * chooses tickets, sees the refund the server computes, and confirms; outside it she requests a
 * cancellation with a reason. The server keeps every rule; the dialog shows its answers.
 */
export function CancelTicketsDialog({
  payment,
  onClose,
}: {
  payment: { id: string; title: string } | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 35.99em)');
  const view = useQuery({ ...cancellationViewQuery(payment?.id ?? ''), enabled: payment !== null });
  return (
    <Modal
      opened={payment !== null}
      onClose={onClose}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={payment ? `${cancelDialogMessages.title}: ${payment.title}` : ''}
      centered
      size="lg"
    >
      {payment === null ? null : view.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : view.isError ? (
        <ErrorState message={errorMessage(view.error)} onRetry={() => void view.refetch()} />
      ) : (
        <DialogBody key={payment.id} view={view.data} onDone={onClose} />
      )}
    </Modal>
  );
}
