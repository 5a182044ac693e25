import { Anchor, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { eventPaymentsPageSize, eventPaymentsQuery, pageOf } from '../api/event-payments.ts';
import { EventPaymentsTable } from '../components/event-payments-table.tsx';

export const manageEventsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(eventPaymentsQuery(pageOf(new URL(request.url).searchParams)));
    return null;
  };

export const noEventPayments = 'No event payments yet';

/** /members/manage-events ('Manage Events'): the event payments the member made or may manage. */
export function ManageEventsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const payments = useQuery(eventPaymentsQuery(page));
  const totalPages = payments.data ? Math.max(1, Math.ceil(payments.data.total / eventPaymentsPageSize)) : 1;

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>Manage Events</Title>
      {payments.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading event payments">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      ) : payments.isError ? (
        <ErrorState message={errorMessage(payments.error)} onRetry={() => void payments.refetch()} />
      ) : payments.data.items.length === 0 ? (
        <Stack gap="sm">
          <EmptyState message={noEventPayments} />
          <Text>
            <Anchor component={Link} to="/members/events">
              Browse PD Services
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <>
          <EventPaymentsTable rows={payments.data.items} />
          <Group justify="space-between">
            <Text size="sm">
              {payments.data.total} {payments.data.total === 1 ? 'payment' : 'payments'}
            </Text>
            <Pagination
              total={totalPages}
              value={page}
              onChange={(next) => setSearchParams({ page: String(next) })}
              hideWithOnePage
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
            />
          </Group>
        </>
      )}
    </Stack>
  );
}
