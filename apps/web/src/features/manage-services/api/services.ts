import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ServicesReply } from '@portal/domain/packages/contracts.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const serviceKeys = {
  all: ['manage-services'] as const,
  list: (organizationId: string, schoolYearId: string | undefined) =>
    [...serviceKeys.all, organizationId, schoolYearId ?? 'last'] as const,
};

/** GET /api/organizations/:id/services (§7 'available packages by school year and organization'). */
export const servicesQuery = (organizationId: string, schoolYearId: string | undefined) =>
  queryOptions({
    queryKey: serviceKeys.list(organizationId, schoolYearId),
    // A board of statuses that the school and staff both change: coming back to it shows the cached
    // board at once and asks again, so a request staff accepted a moment ago reads Accepted.
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<ServicesReply>(
        withQuery(`/api/organizations/${encodeURIComponent(organizationId)}/services`, { schoolYearId }),
        signal,
      ),
  });

/** Choose Package (§7 'initiate package'): the request's id, new or the one already started. */
export function useInitiatePackage(organizationId: string) {
  return useMutation({
    mutationFn: (packageId: string) =>
      api.post<{ packageRequest: { id: string } }>(
        `/api/organizations/${encodeURIComponent(organizationId)}/package-requests`,
        { packageId },
      ),
  });
}
