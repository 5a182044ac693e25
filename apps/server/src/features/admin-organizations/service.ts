import type {
  AdminDistrictDetail,
  AdminDistrictPage,
  AdminOrganizationDetail,
  AdminOrganizationPage,
} from '@portal/domain/organizations/contracts.ts';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { organizationNotFound } from '../../core/memberships.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import type { Export } from '../../platform/exports.ts';
import {
  countDistrictOrganizations,
  demoteOrganizationOwner,
  districtInvitationRows,
  districtMembershipRows,
  districtOrganizationsShown,
  districtPage,
  districtTotal,
  exportDistrictRows,
  exportOrganizationRows,
  lockOrganizationRow,
  membershipInOrganization,
  organizationInvitationRows,
  organizationMembershipRows,
  organizationPage,
  organizationTotal,
  setOrganizationMembershipRole,
  staffDistrictHeader,
  staffOrganizationHeader,
} from './repository.ts';

interface Search {
  search?: string;
  page: number;
  pageSize: number;
}

export async function listOrganizations(deps: AppDeps, query: Search): Promise<AdminOrganizationPage> {
  const [items, total] = await Promise.all([
    organizationPage(deps.db, query),
    organizationTotal(deps.db, query.search),
  ]);
  return { items, page: query.page, pageSize: query.pageSize, total };
}

export async function listDistricts(deps: AppDeps, query: Search): Promise<AdminDistrictPage> {
  const [items, total] = await Promise.all([districtPage(deps.db, query), districtTotal(deps.db, query.search)]);
  return { items, page: query.page, pageSize: query.pageSize, total };
}

const exportDate = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

/** GET /api/admin/organizations/export: the Organizations list under its search. */
export function exportOrganizations(deps: AppDeps, query: { search?: string; format: ExportFormat }) {
  const file: Export<{ name: string; districtName: string | null; memberCount: number }> = {
    baseName: `organizations-${exportDate(deps)}`,
    title: 'Organizations',
    format: query.format,
    rows: exportOrganizationRows(deps.db, query.search),
    columns: [
      { header: 'Name', value: (row) => row.name },
      { header: 'District', value: (row) => row.districtName ?? '' },
      { header: 'Members', value: (row) => row.memberCount },
    ],
  };
  return file;
}

/** GET /api/admin/districts/export: the Districts list under its search. */
export function exportDistricts(deps: AppDeps, query: { search?: string; format: ExportFormat }) {
  const file: Export<{ name: string; organizationCount: number }> = {
    baseName: `districts-${exportDate(deps)}`,
    title: 'Districts',
    format: query.format,
    rows: exportDistrictRows(deps.db, query.search),
    columns: [
      { header: 'Name', value: (row) => row.name },
      { header: 'Organizations', value: (row) => row.organizationCount },
    ],
  };
  return file;
}

export async function getOrganizationForStaff(deps: AppDeps, organizationId: string): Promise<AdminOrganizationDetail> {
  const [organization, memberships, invited] = await Promise.all([
    staffOrganizationHeader(deps.db, organizationId),
    organizationMembershipRows(deps.db, organizationId),
    organizationInvitationRows(deps.db, organizationId),
  ]);
  if (!organization) throw organizationNotFound();
  return { ...organization, memberships, invitations: invited };
}

export async function getDistrictForStaff(deps: AppDeps, districtId: string): Promise<AdminDistrictDetail> {
  const [district, shown, organizationCount, memberships, invited] = await Promise.all([
    staffDistrictHeader(deps.db, districtId),
    districtOrganizationsShown(deps.db, districtId),
    countDistrictOrganizations(deps.db, districtId),
    districtMembershipRows(deps.db, districtId),
    districtInvitationRows(deps.db, districtId),
  ]);
  if (!district) throw notFound('No such district.');
  return { ...district, organizations: shown, organizationCount, memberships, invitations: invited };
}

/**
 * Staff set any role, OWNER included. An organization has one owner (a partial unique index), so
 * making someone OWNER turns the current owner into an ADMIN in the same transaction; the
 * organization row is locked first, so two such changes at once run one after the other.
 */
export async function setRoleAsStaff(
  deps: AppDeps,
  staff: RequestAuth,
  organizationId: string,
  membershipId: string,
  role: OrganizationRole,
): Promise<AdminOrganizationDetail> {
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await lockOrganizationRow(tx, organizationId))) throw organizationNotFound();
      const membership = await membershipInOrganization(tx, organizationId, membershipId);
      if (!membership) throw notFound('No such membership in this organization.');
      if (membership.archivedAt) throw conflict('This person is no longer a member of this organization.');
      const demotedOwnerMembershipId =
        role === 'OWNER' ? await demoteOrganizationOwner(tx, organizationId, membershipId) : null;
      await setOrganizationMembershipRole(tx, membershipId, role);
      await audit(tx, {
        actorId: staff.user.id,
        action: 'organization.role',
        subjectType: 'organization',
        subjectId: organizationId,
        data: { membershipId, from: membership.role, to: role, demotedOwnerMembershipId },
      });
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'organization_memberships_one_owner') {
      throw conflict('This organization already has another owner. Reload the page and try again.');
    }
    throw error;
  }
  return getOrganizationForStaff(deps, organizationId);
}
