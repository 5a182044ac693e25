import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { searchRules } from '@portal/domain/organizations/messages.ts';
import type { Affiliation, NewOrganization, OrganizationCreated } from '@portal/domain/organizations/affiliations.ts';
import { api, withQuery } from '../../lib/api.ts';
import { lookupsQuery } from '../../lib/lookups.ts';

/**
 * The member's own affiliations (organization memberships with position and grades) and the
 * organization and district lookups the editor searches. Every write answers with what changed,
 * which goes straight into the list before the list is fetched again.
 */
export const affiliationKeys = {
  all: ['affiliations'] as const,
  list: () => [...affiliationKeys.all, 'list'] as const,
  search: (kind: SearchKind, search: string) => [...affiliationKeys.all, 'search', kind, search] as const,
};

export const affiliationsQuery = queryOptions({
  queryKey: affiliationKeys.list(),
  queryFn: ({ signal }) => api.get<{ items: Affiliation[] }>('/api/affiliations', signal),
});

export interface AffiliationRequest {
  organizationId: string;
  positionId: string;
  gradeIds: string[];
}

export interface OrganizationHit {
  id: string;
  name: string;
  districtName: string | null;
  city: string | null;
  stateProvince: string | null;
}
export interface DistrictHit {
  id: string;
  name: string;
}
export type SearchKind = 'organizations' | 'districts';
interface SearchHits {
  organizations: OrganizationHit;
  districts: DistrictHit;
}

/** GET /api/{organizations|districts}/search: 10 at a time, only from 3 characters on (§5, §9). */
export function searchQuery<K extends SearchKind>(kind: K, search: string) {
  return queryOptions({
    queryKey: affiliationKeys.search(kind, search),
    queryFn: ({ signal }) =>
      api.get<{ items: SearchHits[K][]; total: number; totalCapped: boolean }>(
        withQuery(`/api/${kind}/search`, { search, skip: 0, take: searchRules.pageSize }),
        signal,
      ),
    enabled: search.length >= searchRules.minLength,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * An affiliation is also a membership the profile, the menu and the roster show: after a change the
 * list takes the server's answer and everything else about this user is fetched again.
 */
function affiliationsChanged(queryClient: QueryClient, update: (items: Affiliation[]) => Affiliation[]) {
  queryClient.setQueryData(affiliationsQuery.queryKey, (old) => (old ? { items: update(old.items) } : old));
  void queryClient.invalidateQueries({
    predicate: ({ queryKey: [first, second] }) =>
      !(first === affiliationKeys.all[0] && second === 'search') && first !== lookupsQuery.queryKey[0],
  });
}

/** POST /api/affiliations (new) or PUT /api/affiliations/:membershipId (edit; may move it to another organization). */
export function useSaveAffiliation(membershipId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AffiliationRequest) =>
      membershipId
        ? api.put<Affiliation>(`/api/affiliations/${membershipId}`, request)
        : api.post<Affiliation>('/api/affiliations', request),
    onSuccess: (saved) =>
      affiliationsChanged(queryClient, (items) => [
        ...items.filter((item) => item.membershipId !== membershipId && item.membershipId !== saved.membershipId),
        saved,
      ]),
  });
}

/** DELETE /api/affiliations/:membershipId: 204; 403 for an owner's membership. */
export function useRemoveAffiliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: string) => api.delete<void>(`/api/affiliations/${membershipId}`),
    onSuccess: (_nothing, membershipId) =>
      affiliationsChanged(queryClient, (items) => items.filter((item) => item.membershipId !== membershipId)),
  });
}

/** Every field of the domain's `newOrganization`, as the form sends them. */
export interface NewOrganizationRequest extends NewOrganization {
  organizationTypeId: string;
  organizationName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  stateProvince: string;
  country: string;
  zipPostal: string;
  phone: string;
  positionId: string;
  gradeIds: string[];
  isUnaffiliatedToDistrict: boolean;
  districtId: string | null;
  districtName: string | null;
}

/** POST /api/organizations: the organization, its district when new, and the caller's affiliation with it. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewOrganizationRequest) => api.post<OrganizationCreated>('/api/organizations', request),
    onSuccess: (reply) =>
      affiliationsChanged(queryClient, (items) => [
        ...items.filter((item) => item.membershipId !== reply.affiliation.membershipId),
        reply.affiliation,
      ]),
  });
}
