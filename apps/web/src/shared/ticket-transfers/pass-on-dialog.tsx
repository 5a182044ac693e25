import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { displayName } from '@portal/domain/people/names.ts';
import {
  ticketTransferMessages as messages,
  transferRecipient,
  type TicketTransferOptions,
  type TransferRecipient,
} from '@portal/domain/tickets/ticket-transfers.ts';
import { errorMessage } from '../../lib/errors.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { AssigneePicker } from '../assignees/assignee-picker.tsx';
import { recipientsPath, transferOptionsQuery, usePassOn } from './queries.ts';

export interface PassOnTicket {
  id: string;
  /** "Event: Section", as My tickets names it. */
  title: string;
}

type Choice = 'OTHER' | 'BUYER';
type Someone = { email: string; firstName: string; lastName: string };
const noOne: Someone = { email: '', firstName: '', lastName: '' };

/** The recipient the form describes, or the message of each field still wrong. */
function chosenRecipient(
  options: TicketTransferOptions,
  choice: Choice,
  colleague: AssignableUser | null,
  someone: Someone,
): { recipient: TransferRecipient; name: string } | { errors: Record<string, string> } {
  if (choice === 'BUYER' && options.buyer) return { recipient: { kind: 'BUYER' }, name: displayName(options.buyer) };
  if (options.recipients === 'ORGANIZATION') {
    if (!colleague) return { errors: { colleague: messages.colleagueRequired } };
    return { recipient: { kind: 'COLLEAGUE', userId: colleague.id }, name: displayName(colleague) };
  }
  const parsed = transferRecipient.safeParse({ kind: 'EMAIL', ...someone });
  if (parsed.success) return { recipient: parsed.data, name: `${someone.firstName.trim()} ${someone.lastName.trim()}` };
  return { errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
}

function PassOnForm({
  ticket,
  options,
  onDone,
}: {
  ticket: PassOnTicket;
  options: TicketTransferOptions;
  onDone: () => void;
}) {
  const [choice, setChoice] = useState<Choice>('OTHER');
  const [colleague, setColleague] = useState<AssignableUser | null>(null);
  const [someone, setSomeone] = useState<Someone>(noOne);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ recipient: TransferRecipient; name: string } | null>(null);
  const passOn = usePassOn();

  if (options.refusal) return <Alert color="yellow">{options.refusal}</Alert>;

  if (confirming) {
    return (
      <Stack gap="md">
        <Text>{messages.confirm(ticket.title, confirming.name)}</Text>
        {passOn.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(passOn.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={passOn.isPending}>
            Back
          </Button>
          <Button
            loading={passOn.isPending}
            onClick={() =>
              passOn.mutate(
                { ticketId: ticket.id, recipient: confirming.recipient },
                {
                  onSuccess: (reply) => {
                    notifications.show({ color: 'green', message: reply.message });
                    onDone();
                  },
                },
              )
            }
          >
            {messages.passOn}
          </Button>
        </Group>
      </Stack>
    );
  }

  const field = (name: keyof Someone, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      required
      value={someone[name]}
      error={errors[name]}
      autoComplete="off"
      onChange={(event) => setSomeone({ ...someone, [name]: event.currentTarget.value })}
    />
  );

  return (
    <form
      aria-label={messages.title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = chosenRecipient(options, choice, colleague, someone);
        if ('errors' in chosen) setErrors(chosen.errors);
        else {
          setErrors({});
          passOn.reset();
          setConfirming(chosen);
        }
      }}
    >
      <Stack gap="md">
        {options.buyer ? (
          <Radio.Group
            label="Who gets your ticket"
            value={choice}
            onChange={(value) => setChoice(value === 'BUYER' ? 'BUYER' : 'OTHER')}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="OTHER"
                label={options.recipients === 'ORGANIZATION' ? messages.toColleague : messages.toSomeone}
              />
              <Radio value="BUYER" label={messages.backToBuyer(displayName(options.buyer))} />
            </Stack>
          </Radio.Group>
        ) : null}
        {choice === 'OTHER' && options.recipients === 'ORGANIZATION' ? (
          <AssigneePicker
            source={{ kind: 'path', path: recipientsPath(ticket.id) }}
            label={`${messages.colleagueLabel} at ${options.organization?.name ?? 'your organization'}`}
            value={colleague}
            slots={[]}
            slotIndex={0}
            onChange={setColleague}
            error={errors['colleague']}
          />
        ) : null}
        {choice === 'OTHER' && options.recipients === 'ANYONE' ? (
          <>
            {field('email', messages.emailLabel, 'email')}
            {field('firstName', messages.firstNameLabel)}
            {field('lastName', messages.lastNameLabel)}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit">Continue</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Pass on" for a ticket the member holds: to a colleague of the organization it was bought for
 * (picked as allocation picks), to anyone by email when it was bought for none, or back to its buyer;
 * then a confirmation. The server decides what may be passed and to whom; the dialog shows its reasons.
 */
export function PassOnDialog({ ticket, onClose }: { ticket: PassOnTicket | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 35.99em)');
  const options = useQuery({ ...transferOptionsQuery(ticket?.id ?? ''), enabled: ticket !== null });
  return (
    <Modal
      opened={ticket !== null}
      onClose={onClose}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={ticket ? `${messages.title}: ${ticket.title}` : ''}
      centered
    >
      {ticket === null ? null : options.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : options.isError ? (
        <ErrorState message={errorMessage(options.error)} onRetry={() => void options.refetch()} />
      ) : (
        <PassOnForm key={ticket.id} ticket={ticket} options={options.data} onDone={onClose} />
      )}
    </Modal>
  );
}
