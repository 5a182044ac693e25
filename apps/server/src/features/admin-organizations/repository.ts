import { and, asc, count, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  adminDistrictOrganizationsShown,
  type AdminInvitationRow,
  type AdminMembershipRow,
} from '@portal/domain/organizations/contracts.ts';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import type { Executor } from '../../db/client.ts';
import {
  districtMemberships,
  districts,
  invitations,
  organizationMemberships,
  organizations,
} from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';

function nameLike(
  column: typeof organizations.name | typeof districts.name,
  search: string | undefined,
): SQL | undefined {
  if (!search) return undefined;
  // ILIKE '%…%' is served by the pg_trgm GIN index on the name.
  return ilike(column, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/*
 * Correlated counts name the outer table in plain SQL: drizzle leaves the table name off a column
 * when a query reads one table, and an unqualified "id" would bind to the subquery's own table.
 */
const memberCount = sql<number>`(
    select count(*)::int from organization_memberships m
    where m.organization_id = organizations.id and m.archived_at is null
  )`;
const organizationCount = sql<number>`(select count(*)::int from organizations o where o.district_id = districts.id)`;

/** The staff Organizations list's rows under its search, by name. */
function organizationRows(db: Executor, search: string | undefined, after?: SQL) {
  return db
    .select({ id: organizations.id, name: organizations.name, districtName: districts.name, memberCount })
    .from(organizations)
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .where(and(nameLike(organizations.name, search), after))
    .orderBy(asc(organizations.name), asc(organizations.id))
    .$dynamic();
}

/** The staff Districts list's rows under its search, by name. */
function districtRows(db: Executor, search: string | undefined, after?: SQL) {
  return db
    .select({ id: districts.id, name: districts.name, organizationCount })
    .from(districts)
    .where(and(nameLike(districts.name, search), after))
    .orderBy(asc(districts.name), asc(districts.id))
    .$dynamic();
}

/** Every organization the list shows under its search, a page at a time (keyset on name and id). */
export function exportOrganizationRows(db: Executor, search: string | undefined, pageSize = exportPageSize) {
  type Row = Awaited<ReturnType<typeof organizationRows>>[number];
  return keysetRows<Row>(
    (last, limit) =>
      organizationRows(
        db,
        search,
        last ? sql`(${organizations.name}, ${organizations.id}) > (${last.name}, ${last.id})` : undefined,
      ).limit(limit),
    pageSize,
  );
}

/** Every district the list shows under its search, a page at a time (keyset on name and id). */
export function exportDistrictRows(db: Executor, search: string | undefined, pageSize = exportPageSize) {
  type Row = Awaited<ReturnType<typeof districtRows>>[number];
  return keysetRows<Row>(
    (last, limit) =>
      districtRows(
        db,
        search,
        last ? sql`(${districts.name}, ${districts.id}) > (${last.name}, ${last.id})` : undefined,
      ).limit(limit),
    pageSize,
  );
}

interface PageOf {
  search?: string;
  page: number;
  pageSize: number;
}

/** One page of the staff Organizations list. */
export const organizationPage = (db: Executor, query: PageOf) =>
  organizationRows(db, query.search)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

/** One page of the staff Districts list. */
export const districtPage = (db: Executor, query: PageOf) =>
  districtRows(db, query.search)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

/** How many organizations the list shows under its search. */
export async function organizationTotal(db: Executor, search: string | undefined) {
  const [row] = await db.select({ total: count() }).from(organizations).where(nameLike(organizations.name, search));
  return row?.total ?? 0;
}

/** How many districts the list shows under its search. */
export async function districtTotal(db: Executor, search: string | undefined) {
  const [row] = await db.select({ total: count() }).from(districts).where(nameLike(districts.name, search));
  return row?.total ?? 0;
}

const roleOrder = (role: AnyPgColumn) => sql`case ${role} when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end`;

/** Every invitation to one organization or district, newest first, with the invitee's name and email. */
async function invitationRows(db: Executor, target: SQL | undefined): Promise<AdminInvitationRow[]> {
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

export const organizationInvitationRows = (db: Executor, organizationId: string) =>
  invitationRows(db, and(eq(invitations.kind, 'ORGANIZATION'), eq(invitations.organizationId, organizationId)));

export const districtInvitationRows = (db: Executor, districtId: string) =>
  invitationRows(db, and(eq(invitations.kind, 'DISTRICT'), eq(invitations.districtId, districtId)));

/** An organization's memberships, archived last, then by role and name. */
export async function organizationMembershipRows(db: Executor, organizationId: string): Promise<AdminMembershipRow[]> {
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

/** A district's memberships, archived last, then by role and name. */
export async function districtMembershipRows(db: Executor, districtId: string): Promise<AdminMembershipRow[]> {
  const rows = await db
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
    );
  return rows.map(({ archivedAt, ...row }) => ({ ...row, archived: archivedAt !== null }));
}

/** The organization's name and its district's, for the staff detail page. */
export async function staffOrganizationHeader(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, districtName: districts.name })
    .from(organizations)
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .where(eq(organizations.id, organizationId));
  return row;
}

export async function staffDistrictHeader(db: Executor, districtId: string) {
  const [row] = await db
    .select({ id: districts.id, name: districts.name })
    .from(districts)
    .where(eq(districts.id, districtId));
  return row;
}

/** The first of a district's organizations by name, as many as its staff page shows. */
export function districtOrganizationsShown(db: Executor, districtId: string) {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.districtId, districtId))
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(adminDistrictOrganizationsShown);
}

export async function countDistrictOrganizations(db: Executor, districtId: string) {
  const [row] = await db.select({ total: count() }).from(organizations).where(eq(organizations.districtId, districtId));
  return row?.total ?? 0;
}

/** Locks the organization's row, so two role changes in it run one after the other; false when there is none. */
export async function lockOrganizationRow(tx: Executor, organizationId: string) {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return row !== undefined;
}

/** One membership of the organization, archived or not. */
export async function membershipInOrganization(tx: Executor, organizationId: string, membershipId: string) {
  const [row] = await tx
    .select({
      id: organizationMemberships.id,
      role: organizationMemberships.role,
      archivedAt: organizationMemberships.archivedAt,
    })
    .from(organizationMemberships)
    .where(
      and(eq(organizationMemberships.id, membershipId), eq(organizationMemberships.organizationId, organizationId)),
    );
  return row;
}

/** The organization's active owner other than `keptMembershipId` becomes an ADMIN; the id of that membership, if any. */
export async function demoteOrganizationOwner(tx: Executor, organizationId: string, keptMembershipId: string) {
  const [demoted] = await tx
    .update(organizationMemberships)
    .set({ role: 'ADMIN' })
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.role, 'OWNER'),
        isNull(organizationMemberships.archivedAt),
        ne(organizationMemberships.id, keptMembershipId),
      ),
    )
    .returning({ id: organizationMemberships.id });
  return demoted?.id ?? null;
}

export async function setOrganizationMembershipRole(tx: Executor, membershipId: string, role: OrganizationRole) {
  await tx.update(organizationMemberships).set({ role }).where(eq(organizationMemberships.id, membershipId));
}
