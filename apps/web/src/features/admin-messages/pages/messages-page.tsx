import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EventSubPageHeader, staffEventHeaderQuery } from '../../../shared/staff-events/event-sub-page-header.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { eventMessagesQuery } from '../api/messages.ts';
import { SentMessagesTable } from '../components/sent-messages-table.tsx';

// The form and its validation (zod) load after the page and its sent list.
const ComposeForm = lazy(() => import('../components/compose-form.tsx').then((m) => ({ default: m.ComposeForm })));

export const messagesLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const eventId = params.eventId ?? '';
    await Promise.all([
      queryClient.prefetchQuery(eventMessagesQuery(eventId, 1)),
      queryClient.prefetchQuery(staffEventHeaderQuery(eventId)),
    ]);
    return null;
  };

/** /admin/events/{id}/messages: write to the event's people, and the messages sent so far. */
export function MessagesPage() {
  const eventId = useParams().eventId ?? '';
  const [page, setPage] = useState(1);
  const event = useQuery(staffEventHeaderQuery(eventId));
  const messages = useQuery(eventMessagesQuery(eventId, page));

  if (isApiError(event.error, 404) || isApiError(messages.error, 404)) return <NotFound />;

  const sections = (event.data?.paths ?? []).flatMap((path) =>
    path.groupings.flatMap((grouping) =>
      grouping.sections.map((section) => ({ value: section.id, label: `${section.title} (${grouping.name})` })),
    ),
  );

  return (
    <Stack gap="lg">
      <EventSubPageHeader eventId={eventId} title="Messages" />
      <DetailSection title="New message">
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          <ComposeForm eventId={eventId} sections={sections} />
        </Suspense>
      </DetailSection>
      <DetailSection title="Sent messages">
        <Text size="sm">
          The reminders the portal sends on its own are listed under{' '}
          <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}/reminders`}>
            Reminders
          </Anchor>
          .
        </Text>
        {messages.isPending ? (
          <PageLoader label="Loading messages" />
        ) : messages.isError ? (
          <ErrorState message={errorMessage(messages.error)} onRetry={() => void messages.refetch()} />
        ) : messages.data.total === 0 ? (
          <EmptyState message="No message was sent about this event yet." />
        ) : (
          <Stack gap="sm">
            <SentMessagesTable messages={messages.data.items} />
            <ListFooter
              total={messages.data.total}
              noun={['message', 'messages']}
              totalPages={Math.ceil(messages.data.total / messages.data.pageSize)}
              page={page}
              onPage={setPage}
            />
          </Stack>
        )}
      </DetailSection>
    </Stack>
  );
}
