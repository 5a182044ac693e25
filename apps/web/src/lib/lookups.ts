import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** GET /api/lookups: the option lists every form uses (public, so signed-out pages may read it too). */
export interface Lookups {
  grades: { id: string; name: string }[];
  positions: { id: string; name: string; label: string }[];
  usStates: { code: string; name: string }[];
  countries: { id: string; name: string }[];
  schoolYears: { id: string; name: string; startsOn: string; endsOn: string }[];
  organizationTypes: { id: string; name: string }[];
}

export const lookupsQuery = queryOptions({
  queryKey: ['lookups'] as const,
  queryFn: ({ signal }) => api.get<Lookups>('/api/lookups', signal),
  // Reference data changes with a deploy, not while a page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useLookups() {
  return useQuery(lookupsQuery);
}
