import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import {
  catalogueMessages,
  offersWaitingList,
  pageOffersWaitingList,
  type CatalogueEventDetail,
} from '@portal/domain/events/catalogue.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useDrawnAfterFirstCommit } from '../../../lib/first-commit.ts';
import { managedOrganizationsQuery } from '../../../shared/managed-organizations/managed-organizations.tsx';
import { groupOfferQuery } from '../../../shared/registration/queries.ts';
import { formatDateRange } from '@portal/domain/dates.ts';
import { RequestSeatsPanel } from '../../../shared/registration/request-seats-panel.tsx';
import { AskSchoolPanel } from '../../../shared/seat-requests/ask-school-panel.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useApply } from '../api/apply.ts';
import { catalogueEventQuery } from '../api/catalogue.ts';
import { AddToCartForm } from '../components/add-to-cart-form.tsx';
import { eventKindLabels, eventTexts, pathLabel } from '../components/event-labels.ts';
import { SectionCard } from '../components/section-card.tsx';
import { SeatsBadge } from '../components/seats-badge.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { WaitingListPanel } from '../../../shared/waiting-lists/waiting-list-panel.tsx';
import { myWaitingListsQuery } from '../../../shared/waiting-lists/queries.ts';

/**
 * The event before the first render; its panels' reads started with it, not waited for, so that a navigation to the
 * page takes no longer than the event's own read: the group-registration offer (null for an event that takes none)
 * and, once the event shows a waiting list (`pageOffersWaitingList`), the member's waiting lists and schools. Mostly
 * answered by the first render, they spare the page a render of its own as each settles (decision 0234).
 */
export const eventLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const eventId = params.eventId ?? '';
    void queryClient.prefetchQuery(groupOfferQuery(eventId));
    await queryClient.prefetchQuery(catalogueEventQuery(eventId));
    const event = queryClient.getQueryData(catalogueEventQuery(eventId).queryKey);
    if (event && pageOffersWaitingList(event)) {
      void queryClient.prefetchQuery(myWaitingListsQuery(event.id));
      void queryClient.prefetchQuery(managedOrganizationsQuery);
    }
    return null;
  };

/** Sections are bought one by one; an event without any (a series) is bought as a whole, as the cart API decides. */
function hasSections(event: CatalogueEventDetail): boolean {
  return event.paths.some((path) => path.groupings.some((grouping) => grouping.sections.length > 0));
}

/** An event that takes applications: the member applies, and pays once accepted (from My Event Applications). */
function ApplyPanel({ event }: { event: CatalogueEventDetail }) {
  const apply = useApply(event.id);
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="apply-heading">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h3" id="apply-heading">
          Applications
        </Title>
        <Text size="sm">{eventTexts.takesApplications}</Text>
        <Group>
          <Button onClick={() => apply.mutate()} loading={apply.isPending}>
            Apply
          </Button>
          <Anchor component={Link} to={applicationPaths.list} size="sm">
            {eventTexts.myApplications}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/** An event without sections is bought as a whole: one form for the event. */
function WholeEventPurchase({ event }: { event: CatalogueEventDetail }) {
  const soldOut = event.remaining === 0;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="tickets-heading">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h3" id="tickets-heading">
            Tickets
          </Title>
          <SeatsBadge remaining={event.remaining} />
        </Group>
        {event.ticketTypes.length === 0 ? (
          <Text size="sm">Tickets for this event are not on sale.</Text>
        ) : event.onSale && !soldOut ? (
          <AddToCartForm
            eventId={event.id}
            sectionId={null}
            itemName={event.name}
            ticketTypes={event.ticketTypes}
            remaining={event.remaining}
          />
        ) : offersWaitingList(event, event.remaining) ? (
          <WaitingListPanel eventId={event.id} sectionId={null} itemName={event.name} ticketTypes={event.ticketTypes} />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Conference days and institutes: paths > groupings > sections, each section bought on its own. */
function Paths({ event }: { event: CatalogueEventDetail }) {
  return (
    <Stack gap="lg">
      {event.paths.map((path) => (
        <Stack key={path.id} component="section" gap="md" aria-labelledby={`path-${path.id}`}>
          <Title order={2} size="h3" id={`path-${path.id}`}>
            {pathLabel(path.name)}
          </Title>
          {path.groupings.map((grouping) => (
            <Stack key={grouping.id} component="section" gap="sm" aria-labelledby={`grouping-${grouping.id}`}>
              <Title order={3} size="h4" id={`grouping-${grouping.id}`}>
                {grouping.name}
              </Title>
              {grouping.sections.length === 0 ? <Text size="sm">No sections yet.</Text> : null}
              {grouping.sections.map((section) => (
                <SectionCard key={section.id} event={event} section={section} />
              ))}
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** /members/events/{eventId}: an event's description and what can be added to the cart. */
export function EventPage() {
  const eventId = useParams().eventId ?? '';
  const event = useQuery(catalogueEventQuery(eventId));
  // The sections are below the event's first screen: drawn in a commit of their own, after it (decision 0234).
  const sectionsDrawn = useDrawnAfterFirstCommit();

  // Unknown, unpublished, or not an event id at all: the API says 404 (or 400 for a malformed id).
  if (isApiError(event.error) && event.error.status < 500 && event.error.status !== 401) return <NotFound />;

  return (
    <Stack gap="lg" maw={880}>
      <Group justify="space-between">
        <Anchor component={Link} to="/members/events" size="sm">
          Back to PD Services
        </Anchor>
        <Anchor component={Link} to="/members/event-cart/checkout" size="sm">
          View your cart
        </Anchor>
      </Group>
      {event.isPending ? (
        <>
          <Title order={1}>Event</Title>
          <PageLoader label="Loading event" />
        </>
      ) : event.isError ? (
        <>
          <Title order={1}>Event</Title>
          <ErrorState message={errorMessage(event.error)} onRetry={() => void event.refetch()} />
        </>
      ) : (
        <>
          <Stack gap="2xs">
            <Title order={1}>{event.data.name}</Title>
            <Group gap="xs">
              <StatusBadge tone="neutral">{eventKindLabels[event.data.kind]}</StatusBadge>
              <Text size="sm">{formatDateRange(event.data.startDate, event.data.endDate)}</Text>
            </Group>
            {event.data.locationName ? <Text size="sm">{event.data.locationName}</Text> : null}
          </Stack>
          {event.data.description ? <Text style={{ whiteSpace: 'pre-line' }}>{event.data.description}</Text> : null}
          <Text size="sm" c="dimmed">
            {event.data.cancellationPolicy}
          </Text>
          <RequestSeatsPanel event={event.data} />
          <AskSchoolPanel event={event.data} />
          {event.data.acceptsApplications ? (
            <ApplyPanel event={event.data} />
          ) : event.data.purchaseOpen ? null : (
            <Alert color="gray" variant="light">
              {catalogueMessages.purchaseClosed}
            </Alert>
          )}
          {hasSections(event.data) ? (
            sectionsDrawn ? (
              <Paths event={event.data} />
            ) : (
              <PageLoader label="Loading sections" />
            )
          ) : event.data.acceptsApplications ? null : (
            <WholeEventPurchase event={event.data} />
          )}
        </>
      )}
    </Stack>
  );
}
