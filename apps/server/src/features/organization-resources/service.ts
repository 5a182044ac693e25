import type { z } from 'zod';
import {
  organizationResourceMessages,
  preselectedSchoolYear,
  type organizationResourceQuery,
  type OrganizationResourceFilters,
  type OrganizationResourceList,
} from '@portal/domain/content/organization-resources.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  mayOpenOrganization,
  memberOrganizations,
  organizationResourceDownload,
  schoolYearsLatestFirst,
  searchOrganizationResources,
  type OrganizationResourceFile,
} from '../../core/organization-resources.ts';
import { notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

type Query = z.output<typeof organizationResourceQuery>;

/** GET /api/organization-resources/filters: the caller's organizations and every school year, latest first. */
export async function organizationResourceFiltersOf(
  deps: AppDeps,
  auth: RequestAuth,
): Promise<OrganizationResourceFilters> {
  const [organizations, years] = await Promise.all([
    memberOrganizations(deps.db, auth.user.id),
    schoolYearsLatestFirst(deps.db),
  ]);
  const today = deps.clock().toISOString().slice(0, 10);
  return {
    organizations,
    schoolYears: years.map(({ id, name }) => ({ id, name })),
    preselectedSchoolYearId: preselectedSchoolYear(years, today)?.id ?? null,
  };
}

/**
 * GET /api/organization-resources (§7 'organization resources query by schoolYearId and
 * organizationId'), searched and paged. An unknown organization and one the caller is not an active
 * member of get the same 404.
 */
export async function listOrganizationResources(
  deps: AppDeps,
  auth: RequestAuth,
  query: Query,
): Promise<OrganizationResourceList> {
  if (!(await mayOpenOrganization(deps.db, auth, query.organizationId)))
    throw notFound(organizationResourceMessages.notMember);
  const { items, total } = await searchOrganizationResources(deps.db, auth.user.id, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/organization-resources/:resourceId/file: the PDF, to whoever may list it. */
export async function downloadOrganizationResource(
  deps: AppDeps,
  auth: RequestAuth,
  resourceId: string,
): Promise<OrganizationResourceFile> {
  return organizationResourceDownload(deps.db, deps.storage, auth, resourceId);
}
