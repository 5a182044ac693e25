import { Select, Switch } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  registrationRequestMessages,
  registrationRequestStatuses,
  registrationRequestStatusLabels,
} from '@portal/domain/registrations/messages.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import {
  adminRequestFilters,
  adminRequestListParams,
  adminRequestsPageSize,
  adminRequestsQuery,
} from '../api/registration.ts';
import { RequestsTable } from '../components/requests-table.tsx';

export const registrationRequestsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminRequestsQuery(adminRequestListParams(new URL(request.url).searchParams)));
    return null;
  };

const statusFilters = [
  { value: 'ALL', label: 'All' },
  ...registrationRequestStatuses.map((status) => ({ value: status, label: registrationRequestStatusLabels[status] })),
];

/**
 * /admin/registration-requests: every member's registration requests, newest first; searched, by
 * status, or only those past their payment due date (?paymentOverdue=true, the dashboard's card).
 */
export function RegistrationRequestsPage() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = adminRequestListParams(searchParams);
  const requests = useQuery(adminRequestsQuery(params));
  const { page: _page, ...filters } = params;
  const narrowed = params.search !== '' || params.status !== 'ALL' || params.paymentOverdue;

  return (
    <SearchList
      title="Registration requests"
      noun={['registration request', 'registration requests']}
      searchDescription="Organization, member or event"
      emptyMessage={narrowed ? undefined : registrationRequestMessages.empty}
      pageSize={adminRequestsPageSize}
      search={search}
      query={requests}
      actions={
        <ExportMenu
          path="/api/admin/registration-requests/export"
          filters={adminRequestFilters(filters)}
          noun="registration requests with their attendees"
        />
      }
      filters={
        <>
          <Select
            label="Status"
            data={statusFilters}
            value={params.status}
            onChange={(value) => setListFilter('status', value, 'ALL')}
            allowDeselect={false}
            w={180}
          />
          <Switch
            label="Only requests past their payment due date"
            checked={params.paymentOverdue}
            onChange={(event) => setListFilter('paymentOverdue', event.currentTarget.checked ? 'true' : null)}
            mb={8}
          />
        </>
      }
    >
      {(items) => <RequestsTable requests={items} />}
    </SearchList>
  );
}
