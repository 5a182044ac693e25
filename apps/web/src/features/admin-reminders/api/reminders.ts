import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings, SentReminderPage } from '@portal/domain/events/reminders.ts';
import { api, withQuery } from '../../../lib/api.ts';

const path = (eventId: string) => `/api/admin/reminders/${encodeURIComponent(eventId)}`;

export const reminderKeys = {
  settings: (eventId: string) => ['admin', 'reminders', eventId, 'settings'] as const,
  sent: (eventId: string, page: number) => ['admin', 'reminders', eventId, 'sent', page] as const,
};

export function reminderSettingsQuery(eventId: string) {
  return queryOptions({
    queryKey: reminderKeys.settings(eventId),
    queryFn: ({ signal }) => api.get<{ settings: ReminderSettings }>(path(eventId), signal),
  });
}

export function sentRemindersQuery(eventId: string, page: number) {
  return queryOptions({
    queryKey: reminderKeys.sent(eventId, page),
    queryFn: ({ signal }) => api.get<SentReminderPage>(withQuery(`${path(eventId)}/sent`, { page }), signal),
  });
}

export function useSaveReminderSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) => api.put<{ settings: ReminderSettings }>(path(eventId), settings),
    onSuccess: (reply) => queryClient.setQueryData(reminderKeys.settings(eventId), reply),
  });
}
