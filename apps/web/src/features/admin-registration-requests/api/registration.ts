import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  GroupRegistrationSettings,
  GroupRegistrationSettingsInput,
  RegistrationRequestDetail,
  RegistrationRequestPage,
  RegistrationRequestStatus,
} from '@portal/domain/registrations/requests.ts';
import { registrationRequestStatuses } from '@portal/domain/registrations/messages.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { listParams } from '../../../lib/list-search.ts';

export const adminRequestsPageSize = 20;

export const adminRegistrationKeys = {
  all: ['admin', 'registration'] as const,
  settings: (eventId: string) => ['admin', 'registration', 'settings', eventId] as const,
  list: (page: number, filters: ReturnType<typeof adminRequestFilters>) =>
    ['admin', 'registration', 'list', page, filters] as const,
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

/** What the staff list asks for: a page, one event's or every request, by status, searched, or only those past due. */
export interface AdminRequestListParams {
  page: number;
  eventId?: string | null;
  status?: RegistrationRequestStatus | 'ALL';
  search?: string;
  paymentOverdue?: boolean;
}

/** The list's filters as the API and its export take them (no page). */
export function adminRequestFilters(params: Omit<AdminRequestListParams, 'page'>) {
  return {
    eventId: params.eventId ?? undefined,
    status: params.status && params.status !== 'ALL' ? params.status : undefined,
    search: params.search || undefined,
    paymentOverdue: params.paymentOverdue ? 'true' : undefined,
  };
}

/** The staff list the URL asks for: ?search=&status=&paymentOverdue=true&page= (every status unless told). */
export function adminRequestListParams(
  searchParams: URLSearchParams,
): Required<Omit<AdminRequestListParams, 'eventId'>> {
  const status = searchParams.get('status');
  return {
    ...listParams(searchParams),
    status: registrationRequestStatuses.find((known) => known === status) ?? 'ALL',
    paymentOverdue: searchParams.get('paymentOverdue') === 'true',
  };
}

/** GET /api/admin/registration-requests: every request newest first, or one event's, narrowed by the filters. */
export function adminRequestsQuery(params: AdminRequestListParams) {
  const filters = adminRequestFilters(params);
  return queryOptions({
    queryKey: adminRegistrationKeys.list(params.page, filters),
    queryFn: ({ signal }) =>
      api.get<RegistrationRequestPage>(
        withQuery('/api/admin/registration-requests', {
          page: params.page,
          pageSize: adminRequestsPageSize,
          ...filters,
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
