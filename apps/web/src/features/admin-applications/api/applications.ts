import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applicationStatuses,
  type ApplicationDecision,
  type ApplicationStatus,
} from '@portal/domain/applications/rules.ts';
import type { AdminApplicationDetail, AdminApplicationPage } from '@portal/domain/applications/contracts.ts';
import type { StaffEventPage } from '@portal/domain/events/admin-contracts.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { listParams, type ListParams } from '../../../lib/list-search.ts';

export const applicationsPageSize = 20;

/** The status filter: one status, or every application ("ALL"). */
export type ApplicationStatusFilter = ApplicationStatus | 'ALL';

export interface ApplicationListParams extends ListParams {
  status: ApplicationStatusFilter;
  /** One event's applications, or every event's (''). */
  eventId: string;
}

/** The queue the URL asks for: ?search=&page=&status=&eventId= (every status and event unless told). */
export function applicationListParams(searchParams: URLSearchParams): ApplicationListParams {
  const status = searchParams.get('status');
  return {
    ...listParams(searchParams),
    status: applicationStatuses.includes(status as ApplicationStatus) ? (status as ApplicationStatus) : 'ALL',
    eventId: searchParams.get('eventId') ?? '',
  };
}

export const adminApplicationKeys = {
  all: ['admin', 'applications'] as const,
  list: (params: ApplicationListParams) => [...adminApplicationKeys.all, 'list', params] as const,
  detail: (id: string) => [...adminApplicationKeys.all, 'detail', id] as const,
};

const applicationPath = (id: string) => `/api/admin/applications/${encodeURIComponent(id)}`;

/** GET /api/admin/applications: by event and status, searched by applicant, submitted ones first. */
export function adminApplicationsQuery(params: ApplicationListParams) {
  return queryOptions({
    queryKey: adminApplicationKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<AdminApplicationPage>(
        withQuery('/api/admin/applications', {
          eventId: params.eventId || undefined,
          status: params.status === 'ALL' ? undefined : params.status,
          search: params.search,
          page: params.page,
          pageSize: applicationsPageSize,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
    // Applicants submit while the queue is open: read it again whenever it shows.
    staleTime: 0,
  });
}

/** GET /api/admin/applications/{id}: what the applicant entered, their affiliations and the history. */
export function adminApplicationQuery(id: string) {
  return queryOptions({
    queryKey: adminApplicationKeys.detail(id),
    queryFn: ({ signal }) => api.get<AdminApplicationDetail>(applicationPath(id), signal),
    staleTime: 0,
  });
}

/** The events of the queue's event filter: the first 100 (the API's largest page), newest first. */
export function applicationEventOptionsQuery() {
  return queryOptions({
    queryKey: ['admin', 'applications', 'event-options'] as const,
    queryFn: ({ signal }) =>
      api.get<StaffEventPage>(withQuery('/api/admin/events', { page: 1, pageSize: 100 }), signal),
  });
}

/**
 * POST /api/admin/applications/{id}/decision: the server decides whether the decision is allowed
 * (409 otherwise), mails the applicant and answers the application as it now is.
 */
export function useDecideApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { decision: ApplicationDecision; note?: string }) =>
      api.post<AdminApplicationDetail>(`${applicationPath(id)}/decision`, body),
    onSuccess: (detail) => queryClient.setQueryData(adminApplicationKeys.detail(id), detail),
    // Refused or not, the status may have moved under us (another staff member): read it all again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminApplicationKeys.all }),
  });
}
