import { Anchor, Select, Stack, Table } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  ticketHolderKindLabels,
  ticketHolderKinds,
  type TicketHolderRow,
} from '@portal/domain/tickets/ticket-holders.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import {
  ticketHolderFilters,
  ticketHolderPageSize,
  ticketHolderParams,
  ticketHoldersPath,
  ticketHoldersQuery,
} from '../api/ticket-holders.ts';

export const ticketHoldersLoader =
  (queryClient: QueryClient) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(
      ticketHoldersQuery(params.eventId ?? '', ticketHolderParams(new URL(request.url).searchParams)),
    );
    return null;
  };

const kinds = [
  { value: 'ALL', label: 'All' },
  ...ticketHolderKinds.map((kind) => ({ value: kind, label: ticketHolderKindLabels[kind] })),
];

function HoldersTable({ holders }: { holders: TicketHolderRow[] }) {
  return (
    <ResponsiveTable minWidth={720} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Holds</Table.Th>
          <Table.Th scope="col">Section</Table.Th>
          <Table.Th scope="col">Organization</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {holders.map((holder) => (
          <Table.Tr key={`${holder.kind}-${holder.id}-${holder.userId}`}>
            <Table.Td>{holder.name}</Table.Td>
            <Table.Td>{holder.email}</Table.Td>
            <Table.Td>{ticketHolderKindLabels[holder.kind]}</Table.Td>
            <Table.Td>{holder.sectionTitle ?? 'Whole event'}</Table.Td>
            <Table.Td>{holder.organizationName ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

/** /admin/events/:eventId/ticket-holders: who holds a place at the event, to read or take away. */
export function TicketHoldersPage() {
  const eventId = useParams().eventId ?? '';
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = ticketHolderParams(searchParams);
  const holders = useQuery(ticketHoldersQuery(eventId, params));
  const eventName = holders.data?.event.name;

  return (
    <Stack gap="xs">
      <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}`} size="sm">
        Back to {eventName ?? 'the event'}
      </Anchor>
      <SearchList
        title={eventName ? `Ticket holders: ${eventName}` : 'Ticket holders'}
        noun={['ticket holder', 'ticket holders']}
        searchDescription="Name, email or organization"
        emptyMessage="No one holds a ticket or seat yet"
        pageSize={ticketHolderPageSize}
        search={search}
        query={holders}
        actions={
          <ExportMenu
            path={`${ticketHoldersPath(eventId)}/export`}
            filters={ticketHolderFilters(params)}
            noun="ticket holders"
          />
        }
        filters={
          <Select
            label="Holds"
            data={kinds}
            value={params.kind}
            onChange={(value) => setListFilter('kind', value, 'ALL')}
            allowDeselect={false}
            w={220}
          />
        }
      >
        {(items) => <HoldersTable holders={items} />}
      </SearchList>
    </Stack>
  );
}
