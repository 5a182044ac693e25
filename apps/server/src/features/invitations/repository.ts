import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { InvitationKind } from '@portal/domain/organizations/invitations.ts';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import type { Executor } from '../../db/client.ts';
import { grades, positions } from '../../db/schema/lookups.ts';
import {
  districtMemberships,
  districts,
  invitationGrades,
  invitations,
  organizationMembershipGrades,
  organizationMemberships,
  organizations,
} from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

/** An invitation with what the accept page and the activation need, in one query. */
export async function findInvitationByCode(db: Executor, code: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      code: invitations.code,
      kind: invitations.kind,
      status: invitations.status,
      organizationId: invitations.organizationId,
      districtId: invitations.districtId,
      userId: invitations.userId,
      role: invitations.role,
      positionId: invitations.positionId,
      toolKitAccess: invitations.toolKitAccess,
      name: sql<string>`coalesce(${organizations.name}, ${districts.name})`,
      firstName: users.firstName,
      lastName: users.lastName,
      needsPassword: sql<boolean>`${users.passwordHash} is null`,
      gradeIds: sql<
        string[]
      >`array(select ${invitationGrades.gradeId}::text from ${invitationGrades} where ${invitationGrades.invitationId} = ${invitations.id})`,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .leftJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(districts, eq(districts.id, invitations.districtId))
    .where(eq(invitations.code, code));
  return row;
}
export type FoundInvitation = NonNullable<Awaited<ReturnType<typeof findInvitationByCode>>>;

/**
 * SENT → ACCEPTED as one conditional update: of two accepts racing (a double click, a replay), the
 * second waits for the first's row lock, then finds the status changed and updates nothing.
 */
export async function markAccepted(db: Executor, invitationId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(invitations)
    .set({ status: 'ACCEPTED', acceptedAt: now })
    .where(and(eq(invitations.id, invitationId), eq(invitations.status, 'SENT')))
    .returning({ id: invitations.id });
  return updated.length === 1;
}

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

/**
 * A role granted by an invitation never lowers an active membership's role (the enum is declared
 * OWNER, ADMIN, MEMBER, so least() is the stronger one); an archived membership takes the new role.
 */
const keptOrGrantedRole = (table: typeof organizationMemberships | typeof districtMemberships) =>
  sql`case when ${table.archivedAt} is null then least(${table.role}, excluded.role) else excluded.role end`;

/** Creates or re-activates the membership an accepted invitation grants, in the caller's transaction. */
export async function activateMembership(db: Executor, invitation: FoundInvitation): Promise<void> {
  if (invitation.kind === 'ORGANIZATION' && invitation.organizationId) {
    if (invitation.role === 'OWNER') {
      // The database allows one active owner: the current one steps down to ADMIN.
      await db
        .update(organizationMemberships)
        .set({ role: 'ADMIN' })
        .where(
          and(
            eq(organizationMemberships.organizationId, invitation.organizationId),
            eq(organizationMemberships.role, 'OWNER'),
            isNull(organizationMemberships.archivedAt),
            ne(organizationMemberships.userId, invitation.userId),
          ),
        );
    }
    const [membership] = await db
      .insert(organizationMemberships)
      .values({
        organizationId: invitation.organizationId,
        userId: invitation.userId,
        role: invitation.role,
        positionId: invitation.positionId,
      })
      .onConflictDoUpdate({
        target: [organizationMemberships.organizationId, organizationMemberships.userId],
        set: {
          role: keptOrGrantedRole(organizationMemberships),
          positionId: sql`coalesce(excluded.position_id, ${organizationMemberships.positionId})`,
          archivedAt: null,
        },
      })
      .returning({ id: organizationMemberships.id });
    if (!membership) throw new Error('membership was not written');
    if (invitation.gradeIds.length > 0) {
      await db.delete(organizationMembershipGrades).where(eq(organizationMembershipGrades.membershipId, membership.id));
      await db
        .insert(organizationMembershipGrades)
        .values(invitation.gradeIds.map((gradeId) => ({ membershipId: membership.id, gradeId })));
    }
  } else if (invitation.kind === 'DISTRICT' && invitation.districtId) {
    await db
      .insert(districtMemberships)
      .values({ districtId: invitation.districtId, userId: invitation.userId, role: invitation.role })
      .onConflictDoUpdate({
        target: [districtMemberships.districtId, districtMemberships.userId],
        set: { role: keptOrGrantedRole(districtMemberships), archivedAt: null },
      });
  }
  // The flag grants access; an invitation without it never takes access away.
  if (invitation.toolKitAccess)
    await db.update(users).set({ toolKitAccess: true }).where(eq(users.id, invitation.userId));
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
