import { Skeleton, Stack, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { errorMessage } from '../../../lib/errors.ts';
import { TakerEvents } from '../../../shared/attendance/taker-events.tsx';
import { UnfinishedOrders, unfinishedOrdersQuery } from '../../../shared/commerce/unfinished-orders.tsx';
import { MySeatRequests } from '../../../shared/seat-requests/my-seat-requests.tsx';
import { mySeatRequestsQuery } from '../../../shared/seat-requests/queries.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { eventPaymentsPageSize, eventPaymentsQuery, pageOf } from '../api/event-payments.ts';
import { myTicketsQuery } from '../api/my-tickets.ts';
import { EventPaymentsTable } from '../components/event-payments-table.tsx';
import { MyTickets } from '../components/my-tickets.tsx';
import { OrganizationTicketHolders } from '../components/organization-ticket-holders.tsx';

export const manageEventsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await Promise.all([
      queryClient.prefetchQuery(myTicketsQuery),
      queryClient.prefetchQuery(unfinishedOrdersQuery(1)),
      queryClient.prefetchQuery(mySeatRequestsQuery),
      queryClient.prefetchQuery(eventPaymentsQuery(pageOf(new URL(request.url).searchParams))),
    ]);
    return null;
  };

export const noEventPayments = 'No event payments yet';

function EventPayments() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const payments = useQuery(eventPaymentsQuery(page));
  const totalPages = payments.data ? Math.max(1, Math.ceil(payments.data.total / eventPaymentsPageSize)) : 1;

  if (payments.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading event payments">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={44} />
        ))}
      </Stack>
    );
  }
  if (payments.isError)
    return <ErrorState message={errorMessage(payments.error)} onRetry={() => void payments.refetch()} />;
  if (payments.data.items.length === 0) {
    return <EmptyState message={noEventPayments} action={{ label: 'Browse PD Services', to: '/members/events' }} />;
  }
  return (
    <>
      <EventPaymentsTable rows={payments.data.items} />
      <ListFooter
        total={payments.data.total}
        noun={['payment', 'payments']}
        totalPages={totalPages}
        page={page}
        onPage={(next) => setSearchParams({ page: String(next) })}
      />
    </>
  );
}

/**
 * /members/manage-events ('Manage Events'): the tickets the member holds, their unfinished orders
 * (discard, pay now, upload the purchase order), then the event payments the member made or may manage,
 * each with a way to allocate its tickets, and for an organization's OWNER or ADMIN the export of its
 * ticket holders.
 */
export function ManageEventsPage() {
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Manage Events</Title>
      <Stack component="section" gap="sm" aria-labelledby="my-tickets-heading">
        <Title order={2} size="h3" id="my-tickets-heading">
          My tickets
        </Title>
        <MyTickets />
      </Stack>
      <MySeatRequests />
      <TakerEvents />
      <UnfinishedOrders />
      <Stack component="section" gap="sm" aria-labelledby="event-payments-heading">
        <Title order={2} size="h3" id="event-payments-heading">
          Event payments
        </Title>
        <EventPayments />
      </Stack>
      <OrganizationTicketHolders />
    </Stack>
  );
}
