import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsReply } from '@portal/domain/staff/notifications.ts';
import { api } from '../../../lib/api.ts';

const path = '/api/admin/notifications/settings';

export const notificationSettingsQuery = queryOptions({
  queryKey: ['admin', 'notification-settings'] as const,
  queryFn: ({ signal }) => api.get<NotificationSettingsReply>(path, signal),
});

/** PUT /api/admin/notifications/settings: every kind's choice at once; the answer replaces what was read. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => api.put<NotificationSettingsReply>(path, settings),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQuery.queryKey, saved),
  });
}
