import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  seatRequestTexts,
  type OrganizationSeatRequestPage,
  type SeatRequestDecision,
} from '@portal/domain/tickets/seat-requests.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateRange } from '@portal/domain/dates.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { organizationSeatRequestsQuery, useDecideSeatRequest } from './queries.ts';

type Request = OrganizationSeatRequestPage['items'][number];

function RequestCard({ request }: { request: Request }) {
  const [ticket, setTicket] = useState(request.unallocatedTickets[0]?.paymentItemId ?? '');
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const decide = useDecideSeatRequest();
  const send = (decision: SeatRequestDecision, done?: () => void) =>
    decide.mutate({ requestId: request.id, decision }, { onSuccess: () => done?.() });
  const what = `${request.eventName}${request.sectionTitle ? `: ${request.sectionTitle}` : ''}`;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`${request.requester.name} asks for ${what}`}>
      <Stack gap="xs">
        <Text fw={600}>
          {request.requester.name} asks for {what}
        </Text>
        <Text size="sm">
          {formatDateRange(request.startDate, request.startDate)} · {request.requester.email}
        </Text>
        {request.note ? <Text size="sm">Note: {request.note}</Text> : null}
        {request.unallocatedTickets.length > 0 ? (
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label="Ticket to assign"
              data={request.unallocatedTickets.map((line) => ({
                value: line.paymentItemId,
                label: `${line.title} (${line.free} unassigned)`,
              }))}
              value={ticket}
              onChange={(e) => setTicket(e.currentTarget.value)}
              maw={420}
            />
            <Button
              loading={decide.isPending}
              onClick={() => send({ decision: 'ASSIGN', paymentItemId: ticket })}
              disabled={!ticket}
            >
              Approve and assign
            </Button>
          </Group>
        ) : (
          <Text size="sm">{seatRequestTexts.noUnallocatedTicket}</Text>
        )}
        <Group>
          <Button variant="light" loading={decide.isPending} onClick={() => send({ decision: 'ADD_TO_CART' })}>
            Add to cart and buy
          </Button>
          <Button variant="subtle" color="red" onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={declining}
        onClose={() => setDeclining(false)}
        title={`Decline ${request.requester.name}'s request`}
      >
        <Stack gap="sm">
          <Textarea
            label="Reason"
            required
            value={reason}
            maxLength={1000}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={decide.isPending}
              onClick={() => {
                if (!reason.trim()) {
                  setReasonError(seatRequestTexts.reasonRequired);
                  return;
                }
                send({ decision: 'DECLINE', reason }, () => setDeclining(false));
              }}
            >
              Decline request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** The organization's page, for its owner and admins: the seat requests waiting, with their count. */
export function OrganizationSeatRequests({ organizationId }: { organizationId: string }) {
  const requests = useQuery(organizationSeatRequestsQuery(organizationId));
  return (
    <Stack component="section" gap="sm" aria-labelledby="seat-requests-heading">
      <Group gap="xs">
        <Title order={2} size="h3" id="seat-requests-heading">
          Seat requests
        </Title>
        {requests.data ? (
          <Badge aria-label={`${requests.data.waiting} waiting`} color={requests.data.waiting > 0 ? 'orange' : 'gray'}>
            {requests.data.waiting}
          </Badge>
        ) : null}
      </Group>
      {requests.isPending ? (
        <Skeleton height={80} aria-label="Loading seat requests" />
      ) : requests.isError ? (
        <ErrorState message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />
      ) : requests.data.items.length === 0 ? (
        <EmptyState message={seatRequestTexts.none} />
      ) : (
        requests.data.items.map((request) => <RequestCard key={request.id} request={request} />)
      )}
      <Text size="sm">
        Bought tickets for a request? Assign them on <Link to="/members/manage-events">Manage Events</Link>, then
        approve it here.
      </Text>
    </Stack>
  );
}
