import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  GroupRegistrationSettings,
  GroupRegistrationSettingsInput,
  RegistrationRequestDetail,
  RegistrationRequestPage,
} from '@portal/domain/registrations/requests.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const adminRequestsPageSize = 20;

export const adminRegistrationKeys = {
  all: ['admin', 'registration'] as const,
  settings: (eventId: string) => ['admin', 'registration', 'settings', eventId] as const,
  list: (page: number, eventId: string | null) => ['admin', 'registration', 'list', page, eventId] as const,
  detail: (requestId: string) => ['admin', 'registration', 'detail', requestId] as const,
};

const enc = encodeURIComponent;

/** GET /api/admin/events/{id}/group-registration: closed, free and without an offer until staff set it. */
export function settingsQuery(eventId: string) {
  return queryOptions({
    queryKey: adminRegistrationKeys.settings(eventId),
    queryFn: ({ signal }) =>
      api.get<GroupRegistrationSettings>(`/api/admin/events/${enc(eventId)}/group-registration`, signal),
  });
}

export function useSaveSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupRegistrationSettingsInput) =>
      api.put<GroupRegistrationSettings>(`/api/admin/events/${enc(eventId)}/group-registration`, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminRegistrationKeys.settings(eventId), saved);
      // Totals of the event's unpaid requests follow the new price.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'registration', 'list'] });
    },
  });
}

/** GET /api/admin/registration-requests: every request, newest first, or one event's. */
export function adminRequestsQuery(page: number, eventId: string | null = null) {
  return queryOptions({
    queryKey: adminRegistrationKeys.list(page, eventId),
    queryFn: ({ signal }) =>
      api.get<RegistrationRequestPage>(
        withQuery('/api/admin/registration-requests', {
          page,
          pageSize: adminRequestsPageSize,
          eventId: eventId ?? undefined,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function adminRequestQuery(requestId: string) {
  return queryOptions({
    queryKey: adminRegistrationKeys.detail(requestId),
    queryFn: ({ signal }) =>
      api.get<RegistrationRequestDetail>(`/api/admin/registration-requests/${enc(requestId)}`, signal),
    staleTime: 0,
  });
}
