import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { catalogueIsFiltered, catalogueMessages, type CatalogueEvent } from '@portal/domain/events/catalogue.ts';
import { gradeBandLabels, type GradeBand } from '@portal/domain/events/grade-bands.ts';
import { formatCents } from '@portal/domain/money.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { formatDateRange } from '@portal/domain/dates.ts';
import { SearchList } from '../../../ui/search-list.tsx';
import { catalogueParams, catalogueQuery, cataloguePageSize } from '../api/catalogue.ts';
import { CatalogueFilters } from '../components/catalogue-filters.tsx';
import { eventKindLabels, eventTexts } from '../components/event-labels.ts';
import { StatusBadge } from '../../../ui/status-badge.tsx';

export const catalogueLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(catalogueQuery(catalogueParams(new URL(request.url).searchParams)));
    return null;
  };

/** The bands an event is for, one badge each (a badge never breaks inside); nothing when it is for every grade. */
function GradeBands({ bands }: { bands: GradeBand[] }) {
  if (bands.length === 0) return null;
  return (
    <Group gap="2xs">
      {bands.map((band) => (
        <StatusBadge key={band} tone="neutral">
          {gradeBandLabels[band]}
        </StatusBadge>
      ))}
    </Group>
  );
}

function EventCard({ event }: { event: CatalogueEvent }) {
  const headingId = `event-${event.id}`;
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="2xs">
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
        <GradeBands bands={event.gradeBands} />
        {event.priceFromCents !== null ? <Text fw={600}>from {formatCents(event.priceFromCents)}</Text> : null}
      </Stack>
    </Paper>
  );
}

/**
 * /members/events ('PD Services'): upcoming events to buy tickets for, searchable and filtered (all
 * in the address), a page at a time.
 */
export function CataloguePage() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const params = catalogueParams(searchParams);
  const events = useQuery(catalogueQuery(params));

  return (
    <Box maw={880}>
      <SearchList
        title="PD Services"
        noun={['event', 'events']}
        pageSize={cataloguePageSize}
        search={search}
        query={events}
        searchDescription="Event name or description"
        emptyMessage={catalogueIsFiltered(params) ? catalogueMessages.noMatch : catalogueMessages.noEvents}
        filters={<CatalogueFilters params={params} />}
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
