import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { preloadedLazy } from '../../../lib/preloaded-lazy.ts';
import { EventSubPageHeader, staffEventHeaderQuery } from '../../../shared/staff-events/event-sub-page-header.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { eventMessagesQuery } from '../api/messages.ts';
import { SentMessagesTable } from '../components/sent-messages-table.tsx';

// The form and its validation (zod): a chunk of its own, fetched by the loader with the reads, so that the page's first
// render has it. Drawn after it instead, it pushed the sent list down by half a screen (a layout shift of 0.13).
const composeForm = preloadedLazy(() => import('../components/compose-form.tsx').then((m) => m.ComposeForm));
const ComposeForm = composeForm.Component;

export const messagesLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const eventId = params.eventId ?? '';
    await Promise.all([
      queryClient.prefetchQuery(eventMessagesQuery(eventId, 1)),
      queryClient.prefetchQuery(staffEventHeaderQuery(eventId)),
      composeForm.preload(),
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
