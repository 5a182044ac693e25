import { Anchor, Button, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CatalogueEventDetail } from '@portal/domain/events/catalogue.ts';
import {
  maxWaitingQuantity,
  waitingListMessages,
  type MyWaitingListEntry,
} from '@portal/domain/events/waiting-lists.ts';
import { formatCents } from '@portal/domain/money.ts';
import { managedOrganizationsQuery } from '../managed-organizations/managed-organizations.tsx';
import { myWaitingListsQuery, useJoinWaitingList, useLeaveWaitingList } from './queries.ts';

export const offerPagePath = (entryId: string) => `/members/waiting-lists/offers/${entryId}`;

interface WaitingListPanelProps {
  eventId: string;
  /** The sold-out section; null for an event sold as a whole. */
  sectionId: string | null;
  itemName: string;
  ticketTypes: CatalogueEventDetail['ticketTypes'];
}

function MyEntry({ entry, itemName }: { entry: MyWaitingListEntry; itemName: string }) {
  const leave = useLeaveWaitingList();
  const confirmLeave = () =>
    openConfirmModal({
      title: 'Leave the waiting list?',
      children: <Text size="sm">{waitingListMessages.leaveConfirm}</Text>,
      labels: { confirm: 'Leave', cancel: 'Stay on the list' },
      confirmProps: { color: 'red' },
      onConfirm: () => leave.mutate(entry.id),
    });
  const forWhom = entry.organizationName ? ` for ${entry.organizationName}` : '';
  return (
    <Stack gap="xs" aria-label={`Your place on the waiting list for ${itemName}`} role="group">
      {entry.status === 'OFFERED' && entry.offerExpiresAt ? (
        <>
          <Text size="sm" fw={600}>
            Seats are held for you until {new Date(entry.offerExpiresAt).toLocaleString()}: {entry.quantity} ×{' '}
            {formatCents(entry.priceCents)}.
          </Text>
          <Anchor component={Link} to={offerPagePath(entry.id)} size="sm">
            Buy your offered seats
          </Anchor>
        </>
      ) : (
        <Text size="sm">
          You are number {entry.position} on the waiting list ({entry.quantity}{' '}
          {entry.quantity === 1 ? 'ticket' : 'tickets'}
          {forWhom}).
        </Text>
      )}
      <Group>
        <Button variant="default" size="xs" onClick={confirmLeave} loading={leave.isPending}>
          Leave the waiting list
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A sold-out section (or event): her place on its waiting list and Leave, or Join the waiting list (how many,
 * for herself or for a school she manages) when the event takes joins.
 */
export function WaitingListPanel({ eventId, sectionId, itemName, ticketTypes }: WaitingListPanelProps) {
  const lists = useQuery(myWaitingListsQuery(eventId));
  const schools = useQuery(managedOrganizationsQuery);
  const join = useJoinWaitingList();
  const [ticketTypeId, setTicketTypeId] = useState<string>(ticketTypes[0]?.id ?? '');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [organizationId, setOrganizationId] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!lists.data) return null;
  const mine = lists.data.entries.find((entry) => entry.sectionId === sectionId);
  if (mine) return <MyEntry entry={mine} itemName={itemName} />;
  if (!lists.data.enabled) return <Text size="sm">{waitingListMessages.closed}</Text>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typeof quantity === 'number' ? quantity : Number.NaN;
    const problem =
      Number.isInteger(value) && value >= 1 && value <= maxWaitingQuantity
        ? null
        : `Enter 1 to ${maxWaitingQuantity} tickets`;
    setError(problem);
    if (problem || !ticketTypeId) return;
    join.mutate({ eventId, sectionId, ticketTypeId, quantity: value, organizationId: organizationId || null });
  };
  const managed = schools.data?.items ?? [];

  return (
    <form onSubmit={submit} noValidate aria-label={`Join the waiting list for ${itemName}`}>
      <Group align="flex-start" gap="sm">
        {ticketTypes.length > 1 ? (
          <NativeSelect
            label="Ticket type"
            data={ticketTypes.map((type) => ({
              value: type.id,
              label: `${type.name} — ${formatCents(type.priceCents)}`,
            }))}
            value={ticketTypeId}
            onChange={(event) => setTicketTypeId(event.currentTarget.value)}
            w={260}
          />
        ) : null}
        <NumberInput
          label="Number of tickets"
          min={1}
          max={maxWaitingQuantity}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={quantity}
          onChange={(value) => {
            setQuantity(value);
            setError(null);
          }}
          error={error}
          w={160}
        />
        {managed.length > 0 ? (
          <NativeSelect
            label="For"
            data={[
              { value: '', label: 'Myself' },
              ...managed.map((school) => ({ value: school.id, label: school.name })),
            ]}
            value={organizationId}
            onChange={(event) => setOrganizationId(event.currentTarget.value)}
            w={220}
          />
        ) : null}
        <Button type="submit" mt={25} loading={join.isPending}>
          Join the waiting list
        </Button>
      </Group>
    </form>
  );
}
