import { and, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import type { Executor } from '../db/client.ts';
import { organizationMemberships, organizations } from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { forbidden, notFound } from '../platform/errors.ts';

/**
 * Organization memberships as several features check and end them (organizations, roster,
 * invitations, affiliations): who manages an organization, and archiving a membership.
 */

export type ManagerRole = 'OWNER' | 'ADMIN';

export const organizationNotFound = () => notFound('No such organization.');

function roleQuery(db: Executor) {
  return db
    .select({ role: organizationMemberships.role })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.organizationId, sql.placeholder('organizationId')),
        eq(organizationMemberships.userId, sql.placeholder('userId')),
        isNull(organizationMemberships.archivedAt),
      ),
    )
    .prepare('active_membership_role');
}

/** Every manager's page asks it first: built once per database handle, not by drizzle on each request. */
const roleQueries = new WeakMap<Executor, ReturnType<typeof roleQuery>>();

/** The user's role in the organization through an active (not archived) membership; undefined when they have none. */
export async function activeMembershipRole(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<OrganizationRole | undefined> {
  let query = roleQueries.get(db);
  if (!query) {
    query = roleQuery(db);
    roleQueries.set(db, query);
  }
  const [row] = await query.execute({ organizationId, userId });
  return row?.role;
}

export async function isActiveMember(db: Executor, organizationId: string, userId: string): Promise<boolean> {
  return (await activeMembershipRole(db, organizationId, userId)) !== undefined;
}

/** The organizations the user is an active member of, in any role, by id (once each). */
export async function memberOrganizationIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: organizationMemberships.organizationId })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.userId, userId), isNull(organizationMemberships.archivedAt)));
  return rows.map((row) => row.organizationId);
}

const managesOrganization = (userId: string | SQLWrapper) =>
  and(
    eq(organizationMemberships.userId, userId),
    isNull(organizationMemberships.archivedAt),
    inArray(organizationMemberships.role, ['OWNER', 'ADMIN']),
  );

/** The organizations the user manages (active OWNER or ADMIN membership), by id: what a checkout may buy for. */
export async function managedOrganizationIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ organizationId: organizationMemberships.organizationId })
    .from(organizationMemberships)
    .where(managesOrganization(userId));
  return rows.map((row) => row.organizationId);
}

/** The addresses of the organization's managers (active OWNER and ADMIN memberships): who hears of its orders. */
export async function managerEmails(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        isNull(organizationMemberships.archivedAt),
        inArray(organizationMemberships.role, ['OWNER', 'ADMIN']),
      ),
    );
  return rows.map((row) => row.email);
}

/** managedOrganizationIds as a uuid[] expression, for a query that reads them with other rows in one statement. */
export const managedOrganizationIdsArray = (userId: string | SQLWrapper) =>
  sql<
    string[]
  >`array(select ${organizationMemberships.organizationId} from ${organizationMemberships} where ${managesOrganization(userId)})`;

/**
 * The caller's role in an organization they manage (an active OWNER or ADMIN membership). Anyone
 * else is told the organization does not exist, so ids cannot be probed.
 */
export async function managerRole(db: Executor, organizationId: string, userId: string): Promise<ManagerRole> {
  const role = await activeMembershipRole(db, organizationId, userId);
  if (role === 'OWNER' || role === 'ADMIN') return role;
  throw organizationNotFound();
}

/** For what only the OWNER may do: an ADMIN is refused (403), anyone else does not see the organization (404). */
export async function requireOwner(db: Executor, organizationId: string, userId: string): Promise<void> {
  if ((await managerRole(db, organizationId, userId)) !== 'OWNER') throw forbidden(organizationMessages.ownerOnly);
}

/** Archives a membership (its history stays); an organization whose ticket recipient it was has none afterwards. */
export async function archiveMembership(db: Executor, membershipId: string, now: Date): Promise<void> {
  await db.update(organizationMemberships).set({ archivedAt: now }).where(eq(organizationMemberships.id, membershipId));
  await db
    .update(organizations)
    .set({ ticketRecipientMembershipId: null })
    .where(eq(organizations.ticketRecipientMembershipId, membershipId));
}
