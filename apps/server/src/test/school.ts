import { eq, inArray } from 'drizzle-orm';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import { grades, positions } from '../db/schema/lookups.ts';
import {
  invitationGrades,
  invitations,
  organizationMembershipGrades,
  organizationMemberships,
} from '../db/schema/organizations.ts';
import { sessionCookie, createSession } from '../platform/sessions.ts';
import { addMembership, createOrganization, createUser } from './factories.ts';
import type { Caller, TestContext } from './harness.ts';

/** A session cookie without the password round trip (argon2 would make every test slow). */
export async function callerFor(t: TestContext, userId: string): Promise<Caller> {
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId });
  return { cookie: `${sessionCookie}=${secret}` };
}

export async function person(
  t: TestContext,
  fields: { firstName?: string; lastName?: string; role?: 'MEMBER' | 'STAFF' } = {},
) {
  const user = await createUser(t.deps.db, fields);
  return { user, caller: await callerFor(t, user.id) };
}

export async function lookupIds(t: TestContext, positionName: string, gradeNames: string[]) {
  const [position] = await t.deps.db.select().from(positions).where(eq(positions.name, positionName));
  const gradeRows = await t.deps.db.select().from(grades).where(inArray(grades.name, gradeNames));
  if (!position) throw new Error(`no position ${positionName}`);
  return { positionId: position.id, gradeIds: gradeRows.map((g) => g.id) };
}

/** A member of an organization with a position and grades. */
export async function enrol(
  t: TestContext,
  organizationId: string,
  role: OrganizationRole,
  fields: { firstName?: string; lastName?: string } = {},
  teaching?: { positionId: string; gradeIds: string[] },
) {
  const { user, caller } = await person(t, fields);
  const membership = await addMembership(t.deps.db, organizationId, user.id, role);
  if (teaching) {
    await t.deps.db
      .update(organizationMemberships)
      .set({ positionId: teaching.positionId })
      .where(eq(organizationMemberships.id, membership.id));
    await t.deps.db
      .insert(organizationMembershipGrades)
      .values(teaching.gradeIds.map((gradeId) => ({ membershipId: membership.id, gradeId })));
  }
  return { user, caller, membership };
}

/** An organization with its OWNER, an ADMIN and a MEMBER, each signed in. */
export async function school(t: TestContext, name?: string) {
  const organization = await createOrganization(t.deps.db, name);
  const owner = await enrol(t, organization.id, 'OWNER', { firstName: 'Olivia', lastName: 'Owner' });
  const admin = await enrol(t, organization.id, 'ADMIN', { firstName: 'Adam', lastName: 'Admin' });
  const member = await enrol(t, organization.id, 'MEMBER', { firstName: 'Mia', lastName: 'Member' });
  return { organization, owner, admin, member };
}

/** An open invitation, written directly: the invitations feature is built beside this one. */
export async function invite(
  t: TestContext,
  target: { organizationId: string } | { districtId: string },
  fields: {
    firstName?: string;
    lastName?: string;
    role?: OrganizationRole;
    toolKitAccess?: boolean;
    status?: 'SENT' | 'ACCEPTED' | 'CANCELLED';
  } = {},
  teaching?: { positionId: string; gradeIds: string[] },
) {
  const names = {
    ...(fields.firstName ? { firstName: fields.firstName } : {}),
    ...(fields.lastName ? { lastName: fields.lastName } : {}),
  };
  const invitee = await createUser(t.deps.db, { ...names, passwordHash: null });
  const [invitation] = await t.deps.db
    .insert(invitations)
    .values({
      kind: 'organizationId' in target ? 'ORGANIZATION' : 'DISTRICT',
      ...target,
      userId: invitee.id,
      role: fields.role ?? 'MEMBER',
      toolKitAccess: fields.toolKitAccess ?? false,
      status: fields.status ?? 'SENT',
      positionId: teaching?.positionId ?? null,
    })
    .returning();
  if (!invitation) throw new Error('invitation not created');
  if (teaching) {
    await t.deps.db
      .insert(invitationGrades)
      .values(teaching.gradeIds.map((gradeId) => ({ invitationId: invitation.id, gradeId })));
  }
  return { invitee, invitation };
}
