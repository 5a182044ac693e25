import { Select } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { eventPaymentStatuses } from '@portal/domain/commerce/enums.ts';
import { eventPaymentStatusLabels } from '@portal/domain/commerce/payments.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import {
  adminEventPaymentsQuery,
  defaultEventPaymentFilter,
  eventPaymentListParams,
  type EventPaymentFilter,
} from '../api/event-payments.ts';
import { EventPaymentsTable } from '../components/event-payments-table.tsx';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';

export const eventPaymentsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminEventPaymentsQuery(eventPaymentListParams(new URL(request.url).searchParams)));
    return null;
  };

const filters: { value: EventPaymentFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  ...eventPaymentStatuses.map((status) => ({ value: status, label: eventPaymentStatusLabels[status] })),
];

/** /admin/event-payments: every checkout, to find one and open its allocation. */
export function EventPaymentsPage() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = eventPaymentListParams(searchParams);
  const payments = useQuery(adminEventPaymentsQuery(params));

  const setFilter = (value: string | null) => setListFilter('status', value, defaultEventPaymentFilter);

  return (
    <SearchList
      title="Event payments"
      noun={['event payment', 'event payments']}
      searchDescription="Buyer name or email, organization, or payment id"
      emptyMessage="No event payments"
      pageSize={commercePageSize}
      search={search}
      query={payments}
      actions={
        <ExportMenu
          path="/api/admin/event-payments/export"
          filters={{ status: params.status === 'ALL' ? undefined : params.status, search: params.search }}
          noun="event payments"
        />
      }
      filters={
        <Select
          label="Status"
          data={filters}
          value={params.status}
          onChange={setFilter}
          allowDeselect={false}
          w={260}
        />
      }
    >
      {(items) => <EventPaymentsTable payments={items} />}
    </SearchList>
  );
}
