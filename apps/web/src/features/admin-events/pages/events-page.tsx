import { Anchor, Button, Modal, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { formatDateRange } from '@portal/domain/dates.ts';
import { listParams, useListSearch } from '../../../lib/list-search.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import { adminEventsQuery } from '../api/events.ts';
import { capacityLabel, eventKindLabels, hasSections } from '../components/labels.ts';
import { PublishedBadge } from '../components/published-badge.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';

// The form and its validation (zod) load when staff open it.
const NewEventForm = lazy(() => import('../components/new-event-form.tsx').then((m) => ({ default: m.NewEventForm })));

export const eventsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminEventsQuery(listParams(new URL(request.url).searchParams)));
    return null;
  };

/** /admin/events: every event, published or not; open one to edit it, or create a new one. */
export function EventsPage() {
  const search = useListSearch();
  const events = useQuery(adminEventsQuery(search.params));
  const [creating, { open, close }] = useDisclosure(false);

  return (
    <>
      <SearchList
        title="Events"
        noun={['event', 'events']}
        emptyMessage="No events"
        pageSize={commercePageSize}
        search={search}
        query={events}
        actions={<Button onClick={open}>New event</Button>}
      >
        {(items) => (
          <ResponsiveTable minWidth={720} striped withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Dates</Table.Th>
                <Table.Th scope="col">Sold / capacity</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/events/${event.id}`}>
                      {event.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{eventKindLabels[event.kind]}</Table.Td>
                  <Table.Td>{formatDateRange(event.startDate, event.endDate)}</Table.Td>
                  <Table.Td>
                    {/* A day's or institute's seats are counted per section, on its page. */}
                    {hasSections(event.kind) && event.maxTickets === null
                      ? 'By section'
                      : `${event.ticketsTaken} / ${capacityLabel(event.maxTickets)}`}
                  </Table.Td>
                  <Table.Td>
                    <PublishedBadge published={event.published} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </SearchList>
      <Modal opened={creating} onClose={close} title="New event" size="xl">
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          <NewEventForm onCancel={close} />
        </Suspense>
      </Modal>
    </>
  );
}
