import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  districtMemberships,
  districts,
  invitationGrades,
  invitations,
  organizationMembershipGrades,
  organizationMemberships,
  organizations,
} from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { audit } from '../platform/audit.ts';

/**
 * Accepting an invitation, as the invitation link (features/invitations) and a first sign-in with the
 * school's own account (features/auth) do it: the one owner of the invitation's status and of the
 * membership it grants.
 */

/** Invitations with what the accept page and the activation need, in one query. */
function invitationQuery(db: Executor) {
  return db
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
    .leftJoin(districts, eq(districts.id, invitations.districtId));
}

/** The invitation of a link's code, undefined when there is none. */
export async function findInvitationByCode(db: Executor, code: string) {
  const [row] = await invitationQuery(db).where(eq(invitations.code, code));
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

/**
 * A person who proved their address another way (their school's own sign-in) accepts every invitation
 * still waiting for them, as opening each link would; an invitation accepted meanwhile is left alone.
 */
export async function acceptSentInvitations(db: Executor, userId: string, now: Date): Promise<number> {
  const waiting = await invitationQuery(db).where(and(eq(invitations.userId, userId), eq(invitations.status, 'SENT')));
  let accepted = 0;
  for (const invitation of waiting) {
    if (!(await markAccepted(db, invitation.id, now))) continue;
    await activateMembership(db, invitation);
    await audit(db, {
      actorId: userId,
      action: 'invitation.accept',
      subjectType: 'invitation',
      subjectId: invitation.id,
      data: { via: 'school-sign-in' },
    });
    accepted += 1;
  }
  return accepted;
}
