import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  packageRequestStatuses,
  type PackageRequestStatus,
  type StaffPackageAction,
} from '@portal/domain/packages/rules.ts';
import type {
  PackageRequestDetail,
  StaffPackageList,
  StaffPackageRequestPage,
} from '@portal/domain/packages/contracts.ts';
import type {
  PackageEventOptions,
  StaffGradeOverrideInput,
  StaffPackageDetail,
  StaffSelectionOverrideInput,
} from '@portal/domain/packages/admin-contracts.ts';
import { api, apiRequest, withQuery } from '../../../lib/api.ts';
import { listParams, type ListParams } from '../../../lib/list-search.ts';

export const staffPackageKeys = {
  all: ['admin-packages'] as const,
  catalogue: () => [...staffPackageKeys.all, 'catalogue'] as const,
  options: () => [...staffPackageKeys.all, 'options'] as const,
  package: (id: string) => [...staffPackageKeys.all, 'package', id] as const,
  requests: (params: StaffRequestListParams) => [...staffPackageKeys.all, 'requests', params] as const,
  request: (id: string) => [...staffPackageKeys.all, 'request', id] as const,
};

export const staffRequestsPageSize = 25;
const enc = encodeURIComponent;

export const staffCatalogueQuery = queryOptions({
  queryKey: staffPackageKeys.catalogue(),
  queryFn: ({ signal }) => api.get<StaffPackageList>('/api/admin/packages', signal),
});

/** Events (with their ticket types) a package may offer, and the school years. */
export const packageOptionsQuery = queryOptions({
  queryKey: staffPackageKeys.options(),
  queryFn: ({ signal }) => api.get<PackageEventOptions>('/api/admin/packages/options', signal),
  staleTime: 60_000,
});

export const staffPackageQuery = (id: string) =>
  queryOptions({
    queryKey: staffPackageKeys.package(id),
    queryFn: ({ signal }) => api.get<StaffPackageDetail>(`/api/admin/packages/${enc(id)}`, signal),
  });

/** The requests' list the URL asks for: ?search=&page=&status= (Submitted unless told, ALL for every one). */
export interface StaffRequestListParams extends ListParams {
  status: PackageRequestStatus | 'ALL';
}

export const defaultRequestStatus = 'SUBMITTED' satisfies PackageRequestStatus;

export function staffRequestListParams(searchParams: URLSearchParams): StaffRequestListParams {
  const asked = searchParams.get('status');
  const status =
    asked === 'ALL' ? 'ALL' : (packageRequestStatuses.find((known) => known === asked) ?? defaultRequestStatus);
  return { ...listParams(searchParams), status };
}

/** The list's filters as the API and its export take them (no page). */
export const staffRequestFilters = (params: StaffRequestListParams) => ({
  status: params.status === 'ALL' ? undefined : params.status,
  search: params.search || undefined,
});

export const staffRequestsQuery = (params: StaffRequestListParams) =>
  queryOptions({
    queryKey: staffPackageKeys.requests(params),
    queryFn: ({ signal }) =>
      api.get<StaffPackageRequestPage>(
        withQuery('/api/admin/package-requests', {
          page: params.page,
          pageSize: staffRequestsPageSize,
          ...staffRequestFilters(params),
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
    // Members submit while staff look: the review list is read again each time it is opened.
    staleTime: 0,
  });

export const staffRequestQuery = (id: string) =>
  queryOptions({
    queryKey: staffPackageKeys.request(id),
    queryFn: ({ signal }) => api.get<PackageRequestDetail>(`/api/admin/package-requests/${enc(id)}`, signal),
  });

/** One change to the catalogue: the call to make (docs/api.md, staff packages). */
export interface PackageChange {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** The kinds of part the editor adds, edits and deletes, with the API's path for each. */
export type PartKind = 'package' | 'grouping' | 'pdSession' | 'event' | 'group' | 'section' | 'institute';

const partPaths: Record<
  Exclude<PartKind, 'package'>,
  { add: (parentId: string) => string; one: (id: string) => string }
> = {
  grouping: {
    add: (p) => `/api/admin/packages/${enc(p)}/pd-session-groupings`,
    one: (id) => `/api/admin/package-pd-session-groupings/${enc(id)}`,
  },
  pdSession: {
    add: (p) => `/api/admin/package-pd-session-groupings/${enc(p)}/pd-sessions`,
    one: (id) => `/api/admin/package-pd-sessions/${enc(id)}`,
  },
  event: { add: (p) => `/api/admin/packages/${enc(p)}/events`, one: (id) => `/api/admin/package-events/${enc(id)}` },
  group: { add: (p) => `/api/admin/packages/${enc(p)}/groups`, one: (id) => `/api/admin/package-groups/${enc(id)}` },
  section: {
    add: (p) => `/api/admin/package-groups/${enc(p)}/sections`,
    one: (id) => `/api/admin/package-group-sections/${enc(id)}`,
  },
  institute: {
    add: (p) => `/api/admin/packages/${enc(p)}/institutes`,
    one: (id) => `/api/admin/package-institutes/${enc(id)}`,
  },
};

/** Saving a part: added under its parent (id null) or edited; a package is created (no id) or edited. */
export function saveChange(kind: PartKind, id: string | null, parentId: string | null, body: unknown): PackageChange {
  if (kind === 'package')
    return id === null
      ? { method: 'POST', path: '/api/admin/packages', body }
      : { method: 'PUT', path: `/api/admin/packages/${enc(id)}`, body };
  return id === null
    ? { method: 'POST', path: partPaths[kind].add(parentId ?? ''), body }
    : { method: 'PUT', path: partPaths[kind].one(id), body };
}

export const deleteChange = (kind: Exclude<PartKind, 'package'>, id: string): PackageChange => ({
  method: 'DELETE',
  path: partPaths[kind].one(id),
});

/** Makes one change; the answer is the package as the editor shows it, kept for its page, and the catalogue is read again. */
export function usePackageChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body }: PackageChange) =>
      apiRequest<StaffPackageDetail>(method, path, body === undefined ? {} : { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(staffPackageKeys.package(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: staffPackageKeys.catalogue() });
    },
  });
}

function useReplaceRequest(id: string) {
  const queryClient = useQueryClient();
  return (saved: PackageRequestDetail) => {
    queryClient.setQueryData(staffPackageKeys.request(id), saved);
    void queryClient.invalidateQueries({ queryKey: [...staffPackageKeys.all, 'requests'] });
  };
}

export function useDecidePackageRequest(id: string) {
  const replace = useReplaceRequest(id);
  return useMutation({
    mutationFn: (action: StaffPackageAction) =>
      api.post<PackageRequestDetail>(`/api/admin/package-requests/${enc(id)}/decision`, { action }),
    onSuccess: replace,
  });
}

export type OverrideKind = StaffSelectionOverrideInput['kind'];

export function useOverrideSelection(id: string) {
  const replace = useReplaceRequest(id);
  return useMutation({
    mutationFn: (input: StaffSelectionOverrideInput) =>
      api.put<PackageRequestDetail>(`/api/admin/package-requests/${enc(id)}/overrides`, input),
    onSuccess: replace,
  });
}

export function useOverrideGrades(id: string) {
  const replace = useReplaceRequest(id);
  return useMutation({
    mutationFn: (input: StaffGradeOverrideInput) =>
      api.put<PackageRequestDetail>(`/api/admin/package-requests/${enc(id)}/grade-overrides`, input),
    onSuccess: replace,
  });
}
