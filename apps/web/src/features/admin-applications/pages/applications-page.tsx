import { Select } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { applicationStatuses, applicationStatusLabels } from '@portal/domain/applications/rules.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import {
  adminApplicationsQuery,
  applicationEventOptionsQuery,
  applicationListParams,
  applicationsPageSize,
} from '../api/applications.ts';
import { ApplicationsTable } from '../components/applications-table.tsx';

export const applicationsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminApplicationsQuery(applicationListParams(new URL(request.url).searchParams)));
    return null;
  };

const statusOptions = [
  { value: 'ALL', label: 'All statuses' },
  ...applicationStatuses.map((status) => ({ value: status, label: applicationStatusLabels[status] })),
];

/** /admin/applications: the review queue, by event and status, searched by applicant. */
export function ApplicationsPage() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = applicationListParams(searchParams);
  const applications = useQuery(adminApplicationsQuery(params));
  const events = useQuery(applicationEventOptionsQuery());

  const eventOptions = (events.data?.items ?? []).map((event) => ({ value: event.id, label: event.name }));

  const setFilter = (name: 'status' | 'eventId', value: string | null) => setListFilter(name, value, 'ALL');

  return (
    <SearchList
      title="Applications"
      noun={['application', 'applications']}
      searchDescription="Applicant name or email"
      emptyMessage="No applications"
      pageSize={applicationsPageSize}
      search={search}
      query={applications}
      actions={
        <ExportMenu
          path="/api/admin/applications/export"
          filters={{
            eventId: params.eventId || undefined,
            status: params.status === 'ALL' ? undefined : params.status,
            search: params.search,
          }}
          noun="applications"
        />
      }
      filters={
        <>
          <Select
            label="Event"
            description={events.isError ? 'The events could not be loaded' : 'Empty for every event'}
            placeholder="All events"
            searchable
            clearable
            nothingFoundMessage="No such event"
            data={eventOptions}
            value={params.eventId || null}
            onChange={(value) => setFilter('eventId', value)}
            w={300}
          />
          <Select
            label="Status"
            description="Submitted ones wait for a decision"
            data={statusOptions}
            value={params.status}
            onChange={(value) => setFilter('status', value)}
            allowDeselect={false}
            w={220}
          />
        </>
      }
    >
      {(items) => <ApplicationsTable applications={items} />}
    </SearchList>
  );
}
