import { Button, Group, NumberInput, Stack, Switch, Table, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { maxOfferHours, type StaffWaitingListEntry } from '@portal/domain/events/waiting-lists.ts';
import { formatCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { adminWaitingListQuery, useChangeWaitingList } from '../api/waiting-list.ts';

function Settings({ eventId, enabled, offerHours }: { eventId: string; enabled: boolean; offerHours: number }) {
  const change = useChangeWaitingList(eventId);
  const [on, setOn] = useState(enabled);
  const [hours, setHours] = useState<number | string>(offerHours);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typeof hours === 'number' ? hours : Number.NaN;
    const problem =
      Number.isInteger(value) && value >= 1 && value <= maxOfferHours ? null : `Enter 1 to ${maxOfferHours} hours`;
    setError(problem);
    if (!problem) change.mutate({ kind: 'settings', input: { enabled: on, offerHours: value } });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Waiting-list settings">
      <Group align="flex-end" gap="md">
        <Switch
          label="Sold-out sections take waiting-list joins"
          checked={on}
          onChange={(event) => setOn(event.currentTarget.checked)}
        />
        <NumberInput
          label="Offer held for (hours)"
          min={1}
          max={maxOfferHours}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={hours}
          onChange={setHours}
          error={error}
          w={180}
        />
        <Button type="submit" variant="default" loading={change.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}

function EntryRow({ eventId, entry, last }: { eventId: string; entry: StaffWaitingListEntry; last: boolean }) {
  const change = useChangeWaitingList(eventId);
  const name = `${entry.userName} (${entry.title})`;
  const confirm = (kind: 'offer' | 'remove') =>
    openConfirmModal({
      title: kind === 'offer' ? `Offer seats to ${entry.userName} now?` : `Remove ${entry.userName} from the list?`,
      children: (
        <Text size="sm">
          {kind === 'offer'
            ? 'Their seats are held and they are mailed a link, ahead of anyone before them.'
            : 'Seats they hold go to the next person waiting.'}
        </Text>
      ),
      labels: { confirm: kind === 'offer' ? 'Offer' : 'Remove', cancel: 'Cancel' },
      confirmProps: kind === 'remove' ? { color: 'red' } : {},
      onConfirm: () => change.mutate({ kind, entryId: entry.id }),
    });
  return (
    <Table.Tr>
      <Table.Td>{entry.position}</Table.Td>
      <Table.Td>{entry.title}</Table.Td>
      <Table.Td>
        {entry.userName}
        <Text size="xs" c="dimmed">
          {entry.email}
          {entry.organizationName ? ` · ${entry.organizationName}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        {entry.quantity} ({entry.heldSeats} held)
      </Table.Td>
      <Table.Td>
        <StatusBadge tone={entry.status === 'OFFERED' ? 'action' : 'pending'}>
          {entry.status === 'OFFERED' ? 'Offered' : 'Waiting'}
        </StatusBadge>
        {entry.status === 'OFFERED' && entry.offerExpiresAt ? (
          <Text size="xs">Until {new Date(entry.offerExpiresAt).toLocaleString()}</Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={entry.position === 1}
            aria-label={`Move ${name} up`}
            onClick={() => change.mutate({ kind: 'move', entryId: entry.id, direction: 'up' })}
          >
            Up
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={last}
            aria-label={`Move ${name} down`}
            onClick={() => change.mutate({ kind: 'move', entryId: entry.id, direction: 'down' })}
          >
            Down
          </Button>
          {entry.status === 'WAITING' ? (
            <Button size="xs" variant="default" aria-label={`Offer seats to ${name}`} onClick={() => confirm('offer')}>
              Offer
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            color="red"
            aria-label={`Remove ${name}`}
            onClick={() => confirm('remove')}
          >
            Remove
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** An event's waiting lists for staff: on or off, the offer time, each list in order, and what it would earn. */
export function WaitingListSection({ eventId }: { eventId: string }) {
  const lists = useQuery(adminWaitingListQuery(eventId));
  if (lists.isPending) return <PageLoader label="Loading the waiting list" />;
  if (lists.isError) return <ErrorState message={errorMessage(lists.error)} onRetry={() => void lists.refetch()} />;
  const { entries, demand } = lists.data;
  return (
    <Stack gap="md">
      <Settings
        key={`${lists.data.enabled}-${lists.data.offerHours}`}
        eventId={eventId}
        enabled={lists.data.enabled}
        offerHours={lists.data.offerHours}
      />
      {entries.length === 0 ? (
        <EmptyState message="Nobody is waiting." />
      ) : (
        <>
          <Text size="sm">
            Everyone still waiting would take {demand.seats} more {demand.seats === 1 ? 'seat' : 'seats'} and earn{' '}
            {formatCents(demand.cents)}.
          </Text>
          <ResponsiveTable withTableBorder striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">#</Table.Th>
                <Table.Th scope="col">List</Table.Th>
                <Table.Th scope="col">Member</Table.Th>
                <Table.Th scope="col">Tickets</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry, index) => (
                <EntryRow
                  key={entry.id}
                  eventId={eventId}
                  entry={entry}
                  last={entries[index + 1]?.sectionId !== entry.sectionId}
                />
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        </>
      )}
    </Stack>
  );
}
