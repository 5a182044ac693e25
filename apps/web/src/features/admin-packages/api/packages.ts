import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PackageRequestStatus, StaffPackageAction } from '@portal/domain/package-rules.ts';
import type { PackageRequestDetail, StaffPackageList, StaffPackageRequestPage } from '@portal/domain/packages.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const staffPackageKeys = {
  all: ['admin-packages'] as const,
  catalogue: () => [...staffPackageKeys.all, 'catalogue'] as const,
  requests: (page: number, status: PackageRequestStatus | undefined) => [...staffPackageKeys.all, 'requests', page, status ?? 'all'] as const,
  request: (id: string) => [...staffPackageKeys.all, 'request', id] as const,
};

export const staffRequestsPageSize = 25;

export const staffCatalogueQuery = queryOptions({
  queryKey: staffPackageKeys.catalogue(),
  queryFn: ({ signal }) => api.get<StaffPackageList>('/api/admin/packages', signal),
});

export const staffRequestsQuery = (page: number, status: PackageRequestStatus | undefined) =>
  queryOptions({
    queryKey: staffPackageKeys.requests(page, status),
    queryFn: ({ signal }) => api.get<StaffPackageRequestPage>(withQuery('/api/admin/package-requests', { page, pageSize: staffRequestsPageSize, status }), signal),
  });

export const staffRequestQuery = (id: string) =>
  queryOptions({
    queryKey: staffPackageKeys.request(id),
    queryFn: ({ signal }) => api.get<PackageRequestDetail>(`/api/admin/package-requests/${encodeURIComponent(id)}`, signal),
  });

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
    mutationFn: (action: StaffPackageAction) => api.post<PackageRequestDetail>(`/api/admin/package-requests/${encodeURIComponent(id)}/decision`, { action }),
    onSuccess: replace,
  });
}

export type OverrideKind = 'pdSession' | 'event' | 'groupSection' | 'institute';

export function useOverrideSelection(id: string) {
  const replace = useReplaceRequest(id);
  return useMutation({
    mutationFn: (input: { kind: OverrideKind; itemId: string; amount: number | null }) =>
      api.put<PackageRequestDetail>(`/api/admin/package-requests/${encodeURIComponent(id)}/overrides`, input),
    onSuccess: replace,
  });
}
