import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { catalogueMessages, type CatalogueEvent } from '@portal/domain/events/catalogue.ts';
import { formatCents } from '@portal/domain/money.ts';
import { listParams, useListSearch } from '../../../lib/list-search.ts';
import { formatDateRange } from '../../../shared/commerce/format.ts';
import { SearchList } from '../../../ui/search-list.tsx';
import { catalogueQuery, cataloguePageSize } from '../api/catalogue.ts';
import { eventKindLabels, eventTexts } from '../components/event-labels.ts';
import { StatusBadge } from '../../../ui/status-badge.tsx';

export const catalogueLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(catalogueQuery(listParams(new URL(request.url).searchParams)));
    return null;
  };

function EventCard({ event }: { event: CatalogueEvent }) {
  const headingId = `event-${event.id}`;
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4" id={headingId}>
            <Anchor component={Link} to={`/members/events/${event.id}`} inherit>
              {event.name}
            </Anchor>
          </Title>
          <Group gap="xs">
            {event.acceptsApplications ? <StatusBadge tone="neutral">{eventTexts.applicationsOpen}</StatusBadge> : null}
            {event.remaining === 0 ? <StatusBadge tone="cancelled">{catalogueMessages.soldOut}</StatusBadge> : null}
            <StatusBadge tone="neutral">{eventKindLabels[event.kind]}</StatusBadge>
          </Group>
        </Group>
        <Text size="sm">{formatDateRange(event.startDate, event.endDate)}</Text>
        {event.locationName ? <Text size="sm">{event.locationName}</Text> : null}
        {event.priceFromCents !== null ? <Text fw={600}>from {formatCents(event.priceFromCents)}</Text> : null}
      </Stack>
    </Paper>
  );
}

/** /members/events ('PD Services'): upcoming events to buy tickets for, searchable, a page at a time. */
export function CataloguePage() {
  const search = useListSearch();
  const events = useQuery(catalogueQuery(search.params));

  return (
    <Box maw={880}>
      <SearchList
        title="PD Services"
        noun={['event', 'events']}
        pageSize={cataloguePageSize}
        search={search}
        query={events}
        searchDescription="Event name"
        emptyMessage={catalogueMessages.noEvents}
        actions={
          <Group gap="md">
            <Anchor component={Link} to={applicationPaths.list}>
              {eventTexts.myApplications}
            </Anchor>
            <Anchor component={Link} to="/members/event-cart/checkout">
              View your cart
            </Anchor>
          </Group>
        }
      >
        {(items) => (
          <Stack gap="sm">
            {items.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </Stack>
        )}
      </SearchList>
    </Box>
  );
}
