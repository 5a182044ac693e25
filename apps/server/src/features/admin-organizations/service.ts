import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  adminDistrictOrganizationsShown,
  type AdminDistrictDetail,
  type AdminDistrictPage,
  type AdminInvitationRow,
  type AdminMembershipRow,
  type AdminOrganizationDetail,
  type AdminOrganizationPage,
} from '@portal/domain/organizations/contracts.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import {
  districtMemberships,
  districts,
  invitations,
  organizationMemberships,
  organizations,
} from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { organizationNotFound } from '../../core/memberships.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import type { Export } from '../../platform/exports.ts';
import { districtRows, exportDistrictRows, exportOrganizationRows, nameLike, organizationRows } from './repository.ts';

interface Search {
  search?: string;
  page: number;
  pageSize: number;
}

const roleOrder = (role: AnyPgColumn) => sql`case ${role} when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end`;

export async function listOrganizations(deps: AppDeps, query: Search): Promise<AdminOrganizationPage> {
  const [items, [total]] = await Promise.all([
    organizationRows(deps.db, query.search)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(organizations).where(nameLike(organizations.name, query.search)),
  ]);
  return { items, page: query.page, pageSize: query.pageSize, total: total?.total ?? 0 };
}

export async function listDistricts(deps: AppDeps, query: Search): Promise<AdminDistrictPage> {
  const [items, [total]] = await Promise.all([
    districtRows(deps.db, query.search)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(districts).where(nameLike(districts.name, query.search)),
  ]);
  return { items, page: query.page, pageSize: query.pageSize, total: total?.total ?? 0 };
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

/** Every invitation to one organization or district, newest first, with the invitee's name and email. */
async function listInvitations(db: Executor, target: SQL | undefined): Promise<AdminInvitationRow[]> {
  const rows = await db
    .select({
      invitationId: invitations.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: invitations.role,
      status: invitations.status,
      createdAt: invitations.createdAt,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(target)
    .orderBy(desc(invitations.createdAt), asc(invitations.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

async function organizationMembershipRows(db: Executor, organizationId: string): Promise<AdminMembershipRow[]> {
  const rows = await db
    .select({
      membershipId: organizationMemberships.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: organizationMemberships.role,
      archivedAt: organizationMemberships.archivedAt,
    })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(eq(organizationMemberships.organizationId, organizationId))
    .orderBy(
      sql`${organizationMemberships.archivedAt} is not null`,
      roleOrder(organizationMemberships.role),
      asc(sql`lower(${users.lastName})`),
      asc(sql`lower(${users.firstName})`),
      asc(organizationMemberships.id),
    );
  return rows.map(({ archivedAt, ...row }) => ({ ...row, archived: archivedAt !== null }));
}

export async function getOrganizationForStaff(deps: AppDeps, organizationId: string): Promise<AdminOrganizationDetail> {
  const [[organization], memberships, invited] = await Promise.all([
    deps.db
      .select({ id: organizations.id, name: organizations.name, districtName: districts.name })
      .from(organizations)
      .leftJoin(districts, eq(districts.id, organizations.districtId))
      .where(eq(organizations.id, organizationId)),
    organizationMembershipRows(deps.db, organizationId),
    listInvitations(deps.db, and(eq(invitations.kind, 'ORGANIZATION'), eq(invitations.organizationId, organizationId))),
  ]);
  if (!organization) throw organizationNotFound();
  return { ...organization, memberships, invitations: invited };
}

export async function getDistrictForStaff(deps: AppDeps, districtId: string): Promise<AdminDistrictDetail> {
  const [[district], shown, [counted], memberships, invited] = await Promise.all([
    deps.db.select({ id: districts.id, name: districts.name }).from(districts).where(eq(districts.id, districtId)),
    deps.db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.districtId, districtId))
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(adminDistrictOrganizationsShown),
    deps.db.select({ total: count() }).from(organizations).where(eq(organizations.districtId, districtId)),
    deps.db
      .select({
        membershipId: districtMemberships.id,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: districtMemberships.role,
        archivedAt: districtMemberships.archivedAt,
      })
      .from(districtMemberships)
      .innerJoin(users, eq(users.id, districtMemberships.userId))
      .where(eq(districtMemberships.districtId, districtId))
      .orderBy(
        sql`${districtMemberships.archivedAt} is not null`,
        roleOrder(districtMemberships.role),
        asc(sql`lower(${users.lastName})`),
        asc(sql`lower(${users.firstName})`),
        asc(districtMemberships.id),
      ),
    listInvitations(deps.db, and(eq(invitations.kind, 'DISTRICT'), eq(invitations.districtId, districtId))),
  ]);
  if (!district) throw notFound('No such district.');
  return {
    ...district,
    organizations: shown,
    organizationCount: counted?.total ?? 0,
    memberships: memberships.map(({ archivedAt, ...row }) => ({ ...row, archived: archivedAt !== null })),
    invitations: invited,
  };
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
      const [locked] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for('update');
      if (!locked) throw organizationNotFound();
      const [membership] = await tx
        .select({
          id: organizationMemberships.id,
          role: organizationMemberships.role,
          archivedAt: organizationMemberships.archivedAt,
        })
        .from(organizationMemberships)
        .where(
          and(eq(organizationMemberships.id, membershipId), eq(organizationMemberships.organizationId, organizationId)),
        );
      if (!membership) throw notFound('No such membership in this organization.');
      if (membership.archivedAt) throw conflict('This person is no longer a member of this organization.');
      const demoted =
        role === 'OWNER'
          ? await tx
              .update(organizationMemberships)
              .set({ role: 'ADMIN' })
              .where(
                and(
                  eq(organizationMemberships.organizationId, organizationId),
                  eq(organizationMemberships.role, 'OWNER'),
                  isNull(organizationMemberships.archivedAt),
                  ne(organizationMemberships.id, membershipId),
                ),
              )
              .returning({ id: organizationMemberships.id })
          : [];
      await tx.update(organizationMemberships).set({ role }).where(eq(organizationMemberships.id, membershipId));
      await audit(tx, {
        actorId: staff.user.id,
        action: 'organization.role',
        subjectType: 'organization',
        subjectId: organizationId,
        data: { membershipId, from: membership.role, to: role, demotedOwnerMembershipId: demoted[0]?.id ?? null },
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
