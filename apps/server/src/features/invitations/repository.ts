import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { InvitationKind } from '@portal/domain/organizations/invitations.ts';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import type { Executor } from '../../db/client.ts';
import { grades, positions } from '../../db/schema/lookups.ts';
import {
  districtMemberships,
  districts,
  invitationGrades,
  invitations,
  organizations,
} from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Sets the invitee's password only while the account has none, as one conditional update: an
 * account that already has one (set meanwhile, or before the invitation) changes nothing.
 */
export async function setFirstPassword(db: Executor, userId: string, passwordHash: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return updated.length === 1;
}

export async function invitationStatus(db: Executor, invitationId: string) {
  const [row] = await db
    .select({ status: invitations.status })
    .from(invitations)
    .where(eq(invitations.id, invitationId));
  return row?.status;
}

export async function findInvitee(db: Executor, email: string) {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

/** What an invitation may fill in of the invitee's account besides the email and name. */
export type InviteeProfile = Partial<typeof users.$inferInsert>;

/**
 * The invitee's user row: the existing account for that email, or a new one without a password
 * (the invitee chooses it when opening the link). Insert-or-nothing, so two invitations of the same
 * new address at once share one row instead of failing on the unique email.
 */
export async function findOrCreateInvitee(db: Executor, fields: typeof users.$inferInsert) {
  const [created] = await db
    .insert(users)
    .values({ ...fields, passwordHash: null })
    .onConflictDoNothing()
    .returning({ id: users.id, firstName: users.firstName, passwordHash: users.passwordHash });
  if (created) return { user: created, created: true };
  const existing = await findInvitee(db, fields.email);
  if (!existing) throw new Error('invitee could be neither created nor found');
  return { user: existing, created: false };
}

export async function isActiveDistrictMember(db: Executor, districtId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: districtMemberships.id })
    .from(districtMemberships)
    .where(
      and(
        eq(districtMemberships.districtId, districtId),
        eq(districtMemberships.userId, userId),
        isNull(districtMemberships.archivedAt),
      ),
    );
  return row !== undefined;
}

export async function targetName(db: Executor, kind: InvitationKind, id: string): Promise<string | undefined> {
  const table = kind === 'ORGANIZATION' ? organizations : districts;
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
  return row?.name;
}

/** Whether a position and every grade exist (ids from a form; gradeIds without duplicates). */
export async function lookupsExist(db: Executor, positionId: string, gradeIds: string[]) {
  const [position] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, positionId));
  const [found] = await db.select({ n: count() }).from(grades).where(inArray(grades.id, gradeIds));
  return { position: position !== undefined, grades: found?.n === gradeIds.length };
}

export interface NewInvitation {
  kind: InvitationKind;
  organizationId: string | null;
  districtId: string | null;
  userId: string;
  role: OrganizationRole;
  positionId: string | null;
  toolKitAccess: boolean;
  invitedById: string;
  gradeIds: string[];
}

/** Undefined when an open invitation for that person and place exists already (partial unique index). */
export async function insertInvitation(db: Executor, invitation: NewInvitation) {
  const { gradeIds, ...fields } = invitation;
  const [row] = await db
    .insert(invitations)
    .values(fields)
    .onConflictDoNothing()
    .returning({ id: invitations.id, code: invitations.code });
  if (!row) return undefined;
  if (gradeIds.length > 0)
    await db.insert(invitationGrades).values(gradeIds.map((gradeId) => ({ invitationId: row.id, gradeId })));
  return row;
}
