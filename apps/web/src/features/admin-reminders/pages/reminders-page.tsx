import { Stack } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EventSubPageHeader, staffEventHeaderQuery } from '../../../shared/staff-events/event-sub-page-header.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { reminderSettingsQuery, sentRemindersQuery } from '../api/reminders.ts';
import { ReminderSettingsForm } from '../components/reminder-settings-form.tsx';
import { SentRemindersTable } from '../components/sent-reminders-table.tsx';

export const remindersLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const eventId = params.eventId ?? '';
    await Promise.all([
      queryClient.prefetchQuery(reminderSettingsQuery(eventId)),
      queryClient.prefetchQuery(sentRemindersQuery(eventId, 1)),
      queryClient.prefetchQuery(staffEventHeaderQuery(eventId)),
    ]);
    return null;
  };

/** /admin/events/{id}/reminders: the event's reminder settings and the reminders sent. */
export function RemindersPage() {
  const eventId = useParams().eventId ?? '';
  const [page, setPage] = useState(1);
  const settings = useQuery(reminderSettingsQuery(eventId));
  const sent = useQuery(sentRemindersQuery(eventId, page));

  if (isApiError(settings.error, 404)) return <NotFound />;

  return (
    <Stack gap="lg">
      <EventSubPageHeader eventId={eventId} title="Reminders" />
      <DetailSection title="Reminder settings">
        {settings.isPending ? (
          <PageLoader label="Loading reminder settings" />
        ) : settings.isError ? (
          <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
        ) : (
          <ReminderSettingsForm eventId={eventId} settings={settings.data.settings} />
        )}
      </DetailSection>
      <DetailSection title="Sent reminders">
        {sent.isPending ? (
          <PageLoader label="Loading sent reminders" />
        ) : sent.isError ? (
          <ErrorState message={errorMessage(sent.error)} onRetry={() => void sent.refetch()} />
        ) : sent.data.total === 0 ? (
          <EmptyState message="No reminder was sent for this event yet." />
        ) : (
          <Stack gap="sm">
            <SentRemindersTable reminders={sent.data.items} />
            <ListFooter
              total={sent.data.total}
              noun={['reminder', 'reminders']}
              totalPages={Math.ceil(sent.data.total / sent.data.pageSize)}
              page={page}
              onPage={setPage}
            />
          </Stack>
        )}
      </DetailSection>
    </Stack>
  );
}
