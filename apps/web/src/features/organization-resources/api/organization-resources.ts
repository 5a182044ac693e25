import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  organizationResourcePageSize,
  organizationResourcePaths,
  type OrganizationResourceFilters,
  type OrganizationResourceList,
} from '@portal/domain/content/organization-resources.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const organizationResourceKeys = {
  all: ['organization-resources'] as const,
  filters: () => [...organizationResourceKeys.all, 'filters'] as const,
  list: (params: OrganizationResourceListParams) => [...organizationResourceKeys.all, 'list', params] as const,
};

export interface OrganizationResourceListParams {
  organizationId: string;
  schoolYearId: string;
  search: string;
  page: number;
}

/** GET /api/organization-resources/filters: the member's organizations and the school years, latest first. */
export function organizationResourceFiltersQuery() {
  return queryOptions({
    queryKey: organizationResourceKeys.filters(),
    queryFn: ({ signal }) => api.get<OrganizationResourceFilters>(`${organizationResourcePaths.api}/filters`, signal),
  });
}

/**
 * What the URL asks for (?organizationId=&schoolYearId=&search=&page=), the filters' first
 * organization and preselected year standing in for a missing or unknown one.
 */
export function organizationResourceListParams(
  searchParams: URLSearchParams,
  filters: OrganizationResourceFilters,
): OrganizationResourceListParams | null {
  const wantedOrganization = searchParams.get('organizationId');
  const organization = filters.organizations.find((o) => o.id === wantedOrganization) ?? filters.organizations[0];
  const wantedYear = searchParams.get('schoolYearId');
  const year =
    filters.schoolYears.find((y) => y.id === wantedYear)?.id ??
    filters.preselectedSchoolYearId ??
    filters.schoolYears[0]?.id;
  if (!organization || !year) return null;
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return {
    organizationId: organization.id,
    schoolYearId: year,
    search: (searchParams.get('search') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** GET /api/organization-resources (§7 'organization resources query by schoolYearId and organizationId'), searched and paged. */
export function organizationResourcesQuery(params: OrganizationResourceListParams) {
  return queryOptions({
    queryKey: organizationResourceKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<OrganizationResourceList>(
        withQuery(organizationResourcePaths.api, {
          ...params,
          search: params.search || undefined,
          pageSize: organizationResourcePageSize,
        }),
        signal,
      ),
    // The list stays on screen while a new search loads, instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}
