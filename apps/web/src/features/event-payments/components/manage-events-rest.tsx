import { Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/errors.ts';
import { UnfinishedOrders } from '../../../shared/commerce/unfinished-orders.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { eventPaymentsPageSize, eventPaymentsQuery, pageOf } from '../api/event-payments.ts';
import { EventPaymentsTable } from './event-payments-table.tsx';
import { OrganizationTicketHolders } from './organization-ticket-holders.tsx';

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
 * Manage Events below its first screen: the unfinished orders, the event payments (with their cancel
 * dialog, receipts and credit notes) and the organizations' exports. A chunk of its own, rendered after
 * the first screen (docs/decisions/0225-route-chunks-after-first-paint.md).
 */
export function ManageEventsRest() {
  return (
    <>
      <UnfinishedOrders />
      <Stack component="section" gap="sm" aria-labelledby="event-payments-heading">
        <Title order={2} size="h3" id="event-payments-heading">
          Event payments
        </Title>
        <EventPayments />
      </Stack>
      <OrganizationTicketHolders />
    </>
  );
}
