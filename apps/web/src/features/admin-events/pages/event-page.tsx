import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { resourcePaths } from '@portal/domain/content/resources.ts';
import { gradeBandsText } from '@portal/domain/events/grade-bands.ts';
import type { StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { preloadedLazy } from '../../../lib/preloaded-lazy.ts';
import { formatDateRange } from '@portal/domain/dates.ts';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminEventQuery } from '../api/events.ts';
import { EventStructure } from '../components/event-structure.tsx';
import { capacityLabel, eventKindLabels, hasSections } from '../components/labels.ts';
import { PartEditorModal, useDeletePart, type PartEdit } from '../components/part-editor.tsx';
import { PublishedBadge } from '../components/published-badge.tsx';
import { TicketTypesTable } from '../components/ticket-types-table.tsx';

// The event's form and the cancellation policy's validate with the domain's zod schemas: chunks of their own, fetched
// by the loader with the event, so that the page's first render has them. Drawn after it instead, the form pushed the
// sections below it down by a screen (a layout shift of 0.29 on a phone).
const editForm = preloadedLazy(() => import('../components/event-edit-form.tsx').then((m) => m.EventEditForm));
const policySection = preloadedLazy(() =>
  import('../components/cancellation-policy-section.tsx').then((m) => m.CancellationPolicySection),
);
const EventEditForm = editForm.Component;
const CancellationPolicySection = policySection.Component;

export const eventLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await Promise.all([
      queryClient.prefetchQuery(adminEventQuery(params.eventId ?? '')),
      editForm.preload(),
      policySection.preload(),
    ]);
    return null;
  };

/** Seats of a series are the event's; those of a day or institute are its sections'. */
function soldLabel(event: StaffEventDetail): string {
  if (!hasSections(event.kind)) return `${event.ticketsTaken} / ${capacityLabel(event.maxTickets)} sold or held`;
  const inSections = event.paths
    .flatMap((path) => path.groupings)
    .flatMap((grouping) => grouping.sections)
    .reduce((sum, section) => sum + section.ticketsTaken, 0);
  return `${inSections} sold or held in sections · event limit ${capacityLabel(event.maxTickets).toLowerCase()}`;
}

/** /admin/events/{id}: the event's fields, its ticket types and, for days and institutes, its sections. */
export function EventPage() {
  const eventId = useParams().eventId ?? '';
  const event = useQuery(adminEventQuery(eventId));
  const [edit, setEdit] = useState<PartEdit | null>(null);
  const deletePart = useDeletePart(eventId);

  if (isApiError(event.error, 404)) return <NotFound />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/events" size="sm">
        Back to events
      </Anchor>
      {event.isPending ? (
        <PageLoader label="Loading event" />
      ) : event.isError ? (
        <ErrorState message={errorMessage(event.error)} onRetry={() => void event.refetch()} />
      ) : (
        <>
          <Stack gap="2xs">
            <Group gap="sm">
              <Title order={1}>{event.data.name}</Title>
              <PublishedBadge published={event.data.published} />
            </Group>
            <Text>
              {eventKindLabels[event.data.kind]} · {formatDateRange(event.data.startDate, event.data.endDate)} ·{' '}
              {soldLabel(event.data)}
            </Text>
            <Text size="sm">Grade bands: {gradeBandsText(event.data.gradeBands)}</Text>
            <Group gap="md">
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/applications`} size="sm">
                Application settings
              </Anchor>
              {event.data.paths.some((path) => path.requireRankedSelection) ? (
                <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/placement`} size="sm">
                  Placement
                </Anchor>
              ) : null}
              <Anchor component={Link} to={resourcePaths.admin(eventId)} size="sm">
                Resources
              </Anchor>
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/attendance`} size="sm">
                Attendance
              </Anchor>
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/ticket-holders`} size="sm">
                Ticket holders
              </Anchor>
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/group-registration`} size="sm">
                Group registration
              </Anchor>
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/waiting-list`} size="sm">
                Waiting list
              </Anchor>
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/messages`} size="sm">
                Messages
              </Anchor>
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/reminders`} size="sm">
                Reminders
              </Anchor>
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/report`} size="sm">
                Report
              </Anchor>
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/evaluation`} size="sm">
                Evaluation
              </Anchor>
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/evaluation/results`} size="sm">
                Evaluation results
              </Anchor>
            </Group>
          </Stack>
          <DetailSection title="Event details">
            <Suspense fallback={<PageLoader label="Loading the form" />}>
              <EventEditForm key={event.data.id} event={event.data} />
            </Suspense>
          </DetailSection>
          <DetailSection title="Ticket types">
            <TicketTypesTable ticketTypes={event.data.ticketTypes} onEdit={setEdit} onDelete={deletePart} />
          </DetailSection>
          {hasSections(event.data.kind) ? (
            <DetailSection title="Paths, groupings and sections">
              <EventStructure paths={event.data.paths} onEdit={setEdit} onDelete={deletePart} />
            </DetailSection>
          ) : null}
          <DetailSection title="Cancellation policy">
            <Suspense fallback={<PageLoader label="Loading the cancellation policy" />}>
              <CancellationPolicySection eventId={eventId} />
            </Suspense>
          </DetailSection>
          <PartEditorModal eventId={eventId} edit={edit} onClose={() => setEdit(null)} />
        </>
      )}
    </Stack>
  );
}
