import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitationMessages } from '@portal/domain/organizations/invitations.ts';
import { rosterMessages } from '@portal/domain/organizations/roster.ts';
import { grades, positions } from '../../db/schema/lookups.ts';
import {
  districtMemberships,
  districts,
  invitations,
  organizationMembershipGrades,
  organizationMemberships,
} from '../../db/schema/organizations.ts';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { decryptField } from '../../platform/crypto.ts';
import { addMembership, createOrganization, createUser, testPassword } from '../../test/factories.ts';
import { call, sessionCookieOf, signIn, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

async function lookups() {
  const gradeRows = await t.deps.db.select().from(grades).orderBy(asc(grades.sortOrder));
  const [teacher] = await t.deps.db.select().from(positions).where(eq(positions.name, 'TEACHER'));
  const grade = (name: string) => gradeRows.find((g) => g.name === name)?.id ?? '';
  return { teacherId: teacher?.id ?? '', grade };
}

/** An organization with an OWNER (signed in) and an ADMIN and a MEMBER (not yet signed in). */
async function school() {
  const organization = await createOrganization(t.deps.db);
  const owner = await createUser(t.deps.db, { firstName: 'Olive', lastName: 'Owner' });
  const admin = await createUser(t.deps.db);
  const member = await createUser(t.deps.db);
  await addMembership(t.deps.db, organization.id, owner.id, 'OWNER');
  await addMembership(t.deps.db, organization.id, admin.id, 'ADMIN');
  await addMembership(t.deps.db, organization.id, member.id, 'MEMBER');
  return { organization, owner, admin, member, ownerCaller: await signIn(t.app, owner.email, testPassword) };
}

async function staffForm(overrides: Record<string, unknown> = {}) {
  const { teacherId, grade } = await lookups();
  return {
    email: `New.Teacher.${crypto.randomUUID().slice(0, 8)}@Example.test`,
    firstName: 'Nina',
    lastName: 'Newman',
    address1: '1 School Street',
    city: 'Riverside',
    stateProvince: 'NY',
    zipPostal: '10001',
    country: 'United States',
    positionId: teacherId,
    gradeIds: [grade('2'), grade('K'), grade('1')],
    toolkitAccess: true,
    dateOfBirth: '02/29/1996',
    ssnLastFour: 1234,
    ...overrides,
  };
}

async function latestMailTo(email: string) {
  const [mail] = await t.deps.db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.to, email))
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

const codeIn = (text: string) => /accept-(?:organization|district)-invitation\/([0-9a-f-]{36})/.exec(text)?.[1] ?? '';

async function invite(caller: Caller, organizationId: string, form: Record<string, unknown>) {
  return call(t.app, 'POST', `/api/organizations/${organizationId}/invitations`, { caller, body: form });
}

describe('POST /api/organizations/:organizationId/invitations (add staff member)', () => {
  it('creates the invitee without a password, the invitation and its mail, and audits without sensitive values', async () => {
    const { organization, owner, ownerCaller } = await school();
    const form = await staffForm();
    const response = await invite(ownerCaller, organization.id, form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: rosterMessages.invited, invitationId: expect.any(String) });

    const email = form.email.toLowerCase();
    const [invitee] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(invitee).toMatchObject({
      passwordHash: null,
      firstName: 'Nina',
      lastName: 'Newman',
      city: 'Riverside',
      toolKitAccess: false,
    });
    expect(decryptField(t.deps.config.encryptionKey, invitee?.dateOfBirthEncrypted ?? null)).toBe('1996-02-29');
    expect(decryptField(t.deps.config.encryptionKey, invitee?.last4SsnEncrypted ?? null)).toBe('1234');

    const [invitation] = await t.deps.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, response.json().invitationId));
    expect(invitation).toMatchObject({
      kind: 'ORGANIZATION',
      role: 'MEMBER',
      status: 'SENT',
      toolKitAccess: true,
      invitedById: owner.id,
    });

    const mail = await latestMailTo(email);
    expect(mail.subject).toBe(`You are invited to ${organization.name}`);
    expect(mail.text).toContain(`http://portal.test/members/accept-organization-invitation/${invitation?.code}`);
    expect(mail.text).toContain('You will choose a password');

    const [row] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invitation.create'), eq(auditLog.subjectId, invitation?.id ?? '')));
    expect(row).toMatchObject({ actorId: owner.id, subjectType: 'invitation' });
    const recorded = JSON.stringify(row?.data);
    expect(recorded).not.toContain('1996');
    expect(recorded).not.toContain('1234');
  });

  it('lets an ADMIN invite, tells an existing account to sign in, and keeps that account as it is', async () => {
    const { organization, admin } = await school();
    const existing = await createUser(t.deps.db, { firstName: 'Erin', city: 'Elsewhere' });
    const adminCaller = await signIn(t.app, admin.email, testPassword);
    const response = await invite(
      adminCaller,
      organization.id,
      await staffForm({ email: existing.email.toUpperCase(), firstName: 'Changed' }),
    );
    expect(response.statusCode).toBe(201);
    const [after] = await t.deps.db.select().from(users).where(eq(users.id, existing.id));
    expect(after).toMatchObject({ firstName: 'Erin', city: 'Elsewhere', passwordHash: existing.passwordHash });
    const mail = await latestMailTo(existing.email);
    expect(mail.text).toContain('Hello Erin,');
    expect(mail.text).toContain('Sign in to the Members Portal');
  });

  it('refuses a MEMBER, another organization’s owner and a signed-out caller', async () => {
    const { organization, member } = await school();
    const other = await school();
    const form = await staffForm();
    const memberCaller = await signIn(t.app, member.email, testPassword);
    expect((await invite(memberCaller, organization.id, form)).statusCode).toBe(404);
    expect((await invite(other.ownerCaller, organization.id, form)).statusCode).toBe(404);
    expect((await invite({}, organization.id, form)).statusCode).toBe(401);
    expect(await t.deps.db.select().from(users).where(eq(users.email, form.email.toLowerCase()))).toHaveLength(0);
  });

  it('answers bad input field by field with the domain messages', async () => {
    const { organization, ownerCaller } = await school();
    const response = await invite(ownerCaller, organization.id, {
      ...(await staffForm()),
      email: 'nope',
      gradeIds: [],
      zipPostal: '12345678901',
      dateOfBirth: '02/30/2000',
      ssnLastFour: 999,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: rosterMessages.emailInvalid,
      gradeIds: rosterMessages.gradesRequired,
      zipPostal: rosterMessages.zipPostalTooLong,
      dateOfBirth: rosterMessages.dateOfBirthInvalid,
      ssnLastFour: rosterMessages.ssnLastFourRange,
    });
    const unknownPosition = await invite(
      ownerCaller,
      organization.id,
      await staffForm({ positionId: crypto.randomUUID() }),
    );
    expect(unknownPosition.statusCode).toBe(400);
    expect(unknownPosition.json().errors).toEqual({ positionId: rosterMessages.positionRequired });
    expect((await invite(ownerCaller, 'not-an-id', await staffForm())).statusCode).toBe(400);
  });

  it('refuses an active member (alreadyMember) and a second open invitation (alreadyInvited) with 409', async () => {
    const { organization, member, ownerCaller } = await school();
    const asMember = await invite(ownerCaller, organization.id, await staffForm({ email: member.email }));
    expect(asMember.statusCode).toBe(409);
    expect(asMember.json()).toMatchObject({
      detail: rosterMessages.alreadyMember,
      errors: { email: rosterMessages.alreadyMember },
    });

    const form = await staffForm();
    expect((await invite(ownerCaller, organization.id, form)).statusCode).toBe(201);
    const twice = await invite(ownerCaller, organization.id, form);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(rosterMessages.alreadyInvited);
    expect(
      await t.deps.db
        .select()
        .from(invitations)
        .innerJoin(users, eq(users.id, invitations.userId))
        .where(eq(users.email, form.email.toLowerCase())),
    ).toHaveLength(1);
  });
});

describe('invite → mail → lookup → accept', () => {
  it('activates the membership with position, grades and the toolkit flag, once', async () => {
    const { organization, ownerCaller } = await school();
    const { teacherId, grade } = await lookups();
    const form = await staffForm();
    await invite(ownerCaller, organization.id, form);
    const email = form.email.toLowerCase();
    const code = codeIn((await latestMailTo(email)).text);

    const lookup = await call(t.app, 'GET', `/api/invitations/${code}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual({
      code,
      kind: 'ORGANIZATION',
      status: 'SENT',
      name: organization.name,
      firstName: 'Nina',
      lastName: 'Newman',
      needsPassword: true,
    });

    // A stranger signed in cannot take the invitation.
    const stranger = await createUser(t.deps.db);
    const strangerCaller = await signIn(t.app, stranger.email, testPassword);
    const wrong = await call(t.app, 'POST', `/api/invitations/${code}/accept`, { caller: strangerCaller });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe(invitationMessages.wrongUser);

    // The invitee chooses a password while accepting and is signed in.
    const accepted = await call(t.app, 'POST', `/api/invitations/${code}/accept-with-password`, {
      body: { password: 'a-new-password-1' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email, firstName: 'Nina', contentAccess: { toolKitAccess: true } });
    expect(accepted.json().memberships).toEqual([
      { organizationId: organization.id, organizationName: organization.name, role: 'MEMBER' },
    ]);
    const invitee = { cookie: sessionCookieOf(accepted) };
    expect((await call(t.app, 'GET', '/api/me', { caller: invitee })).json()).toMatchObject({ email });

    const [membership] = await t.deps.db
      .select({
        id: organizationMemberships.id,
        role: organizationMemberships.role,
        positionId: organizationMemberships.positionId,
      })
      .from(organizationMemberships)
      .innerJoin(users, eq(users.id, organizationMemberships.userId))
      .where(and(eq(organizationMemberships.organizationId, organization.id), eq(users.email, email)));
    expect(membership).toMatchObject({ role: 'MEMBER', positionId: teacherId });
    const gradeRows = await t.deps.db
      .select()
      .from(organizationMembershipGrades)
      .where(eq(organizationMembershipGrades.membershipId, membership?.id ?? ''));
    expect(gradeRows.map((g) => g.gradeId).sort()).toEqual([grade('K'), grade('1'), grade('2')].sort());

    // Accepting again changes nothing and says so.
    const again = await call(t.app, 'POST', `/api/invitations/${code}/accept`, { caller: invitee });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: invitationMessages.alreadyActivated, status: 'ACCEPTED' });
    expect((await call(t.app, 'GET', `/api/invitations/${code}`)).json()).toMatchObject({
      status: 'ACCEPTED',
      needsPassword: false,
    });

    // A password exists now: choosing one through the code is refused.
    const replay = await call(t.app, 'POST', `/api/invitations/${code}/accept-with-password`, {
      body: { password: 'another-password-2' },
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().detail).toBe(invitationMessages.hasPassword);
  });

  it('activates exactly once when two accepts arrive at the same time', async () => {
    const { organization, ownerCaller } = await school();
    const existing = await createUser(t.deps.db);
    await invite(ownerCaller, organization.id, await staffForm({ email: existing.email }));
    const code = codeIn((await latestMailTo(existing.email)).text);
    const invitee = await signIn(t.app, existing.email, testPassword);

    const answers = await Promise.all([
      call(t.app, 'POST', `/api/invitations/${code}/accept`, { caller: invitee }),
      call(t.app, 'POST', `/api/invitations/${code}/accept`, { caller: invitee }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<{ message: string }>().message).sort()).toEqual(
      [invitationMessages.activated, invitationMessages.alreadyActivated].sort(),
    );
    const memberships = await t.deps.db
      .select()
      .from(organizationMemberships)
      .where(
        and(
          eq(organizationMemberships.organizationId, organization.id),
          eq(organizationMemberships.userId, existing.id),
        ),
      );
    expect(memberships).toHaveLength(1);
    const accepts = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invitation.accept'), eq(auditLog.actorId, existing.id)));
    expect(accepts).toHaveLength(1);
  });

  it('re-activates an archived membership and refuses accept-with-password for an account with a password', async () => {
    const { organization, ownerCaller } = await school();
    const former = await createUser(t.deps.db);
    const old = await addMembership(t.deps.db, organization.id, former.id, 'MEMBER');
    await t.deps.db
      .update(organizationMemberships)
      .set({ archivedAt: new Date() })
      .where(eq(organizationMemberships.id, old.id));
    await invite(ownerCaller, organization.id, await staffForm({ email: former.email }));
    const code = codeIn((await latestMailTo(former.email)).text);

    const withPassword = await call(t.app, 'POST', `/api/invitations/${code}/accept-with-password`, {
      body: { password: 'a-new-password-1' },
    });
    expect(withPassword.statusCode).toBe(409);
    expect(withPassword.json().detail).toBe(invitationMessages.hasPassword);
    expect((await t.deps.db.select().from(invitations).where(eq(invitations.code, code)))[0]?.status).toBe('SENT');

    const caller = await signIn(t.app, former.email, testPassword);
    const accepted = await call(t.app, 'POST', `/api/invitations/${code}/accept`, { caller });
    expect(accepted.json()).toEqual({ message: invitationMessages.activated, status: 'ACCEPTED' });
    const [membership] = await t.deps.db
      .select()
      .from(organizationMemberships)
      .where(eq(organizationMemberships.id, old.id));
    expect(membership?.archivedAt).toBeNull();
  });

  it('answers an unknown or cancelled code 404 "Your code is invalid!" and a malformed one 400 "Bad format"', async () => {
    const unknown = await call(t.app, 'GET', `/api/invitations/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(invitationMessages.invalidCode);

    const malformed = await call(t.app, 'GET', '/api/invitations/not-a-code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ code: invitationMessages.badFormat });

    const { organization, ownerCaller } = await school();
    const form = await staffForm();
    const { invitationId } = (await invite(ownerCaller, organization.id, form)).json();
    await t.deps.db.update(invitations).set({ status: 'CANCELLED' }).where(eq(invitations.id, invitationId));
    const code = codeIn((await latestMailTo(form.email.toLowerCase())).text);
    expect((await call(t.app, 'GET', `/api/invitations/${code}`)).json().detail).toBe(invitationMessages.invalidCode);
    const stranger = await signIn(t.app, (await createUser(t.deps.db)).email, testPassword);
    expect((await call(t.app, 'POST', `/api/invitations/${code}/accept`, { caller: stranger })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/api/invitations/bad/accept', { caller: stranger })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', `/api/invitations/${code}/accept`)).statusCode).toBe(401);
    const shortPassword = await call(t.app, 'POST', `/api/invitations/${code}/accept-with-password`, {
      body: { password: 'short' },
    });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().errors).toHaveProperty('password');
  });

  it('counts code lookups per address: the 21st in a minute is refused', async () => {
    const lookup = () =>
      t.app.inject({ method: 'GET', url: `/api/invitations/${crypto.randomUUID()}`, remoteAddress: '203.0.113.7' });
    for (let i = 0; i < 20; i += 1) expect((await lookup()).statusCode).toBe(404);
    const refused = await lookup();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json().detail).toBe('Too many attempts. Please wait a minute and try again.');
  });
});

describe('POST /api/admin/invitations (staff)', () => {
  async function staff() {
    const user = await createUser(t.deps.db, { role: 'STAFF' });
    return signIn(t.app, user.email, testPassword);
  }

  it('invites an existing member to a district; accepting creates the district membership', async () => {
    const caller = await staff();
    const [district] = await t.deps.db
      .insert(districts)
      .values({ name: `Invited District ${crypto.randomUUID().slice(0, 6)}` })
      .returning();
    const member = await createUser(t.deps.db, { firstName: 'Dora' });
    const response = await call(t.app, 'POST', '/api/admin/invitations', {
      caller,
      body: {
        kind: 'DISTRICT',
        districtId: district?.id,
        email: member.email,
        firstName: 'Dora',
        lastName: 'District',
        role: 'ADMIN',
      },
    });
    expect(response.statusCode).toBe(201);
    const mail = await latestMailTo(member.email);
    expect(mail.subject).toBe(`You are invited to ${district?.name}`);
    expect(mail.text).toContain('http://portal.test/members/accept-district-invitation/');
    const code = codeIn(mail.text);
    expect((await call(t.app, 'GET', `/api/invitations/${code}`)).json()).toMatchObject({
      kind: 'DISTRICT',
      name: district?.name,
      needsPassword: false,
    });

    const memberCaller = await signIn(t.app, member.email, testPassword);
    expect(
      (await call(t.app, 'POST', `/api/invitations/${code}/accept`, { caller: memberCaller })).json().message,
    ).toBe(invitationMessages.activated);
    const rows = await t.deps.db.select().from(districtMemberships).where(eq(districtMemberships.userId, member.id));
    expect(rows).toMatchObject([{ districtId: district?.id, role: 'ADMIN', archivedAt: null }]);

    const again = await call(t.app, 'POST', '/api/admin/invitations', {
      caller,
      body: {
        kind: 'DISTRICT',
        districtId: district?.id,
        email: member.email,
        firstName: 'Dora',
        lastName: 'District',
        role: 'MEMBER',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(invitationMessages.alreadyDistrictMember);
  });

  it('makes the invitee OWNER on acceptance and the former owner ADMIN', async () => {
    const caller = await staff();
    const { organization, owner } = await school();
    const response = await call(t.app, 'POST', '/api/admin/invitations', {
      caller,
      body: {
        kind: 'ORGANIZATION',
        organizationId: organization.id,
        email: `boss-${crypto.randomUUID().slice(0, 6)}@example.test`,
        firstName: 'Bo',
        lastName: 'Boss',
        role: 'OWNER',
      },
    });
    expect(response.statusCode).toBe(201);
    const [invitation] = await t.deps.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, response.json().invitationId));
    const accepted = await call(t.app, 'POST', `/api/invitations/${invitation?.code}/accept-with-password`, {
      body: { password: 'owner-password-1' },
    });
    expect(accepted.statusCode).toBe(200);
    const roles = await t.deps.db
      .select({ userId: organizationMemberships.userId, role: organizationMemberships.role })
      .from(organizationMemberships)
      .where(
        and(
          eq(organizationMemberships.organizationId, organization.id),
          inArray(organizationMemberships.userId, [owner.id, invitation?.userId ?? '']),
        ),
      );
    expect(roles).toEqual(
      expect.arrayContaining([
        { userId: owner.id, role: 'ADMIN' },
        { userId: invitation?.userId, role: 'OWNER' },
      ]),
    );
  });

  it('refuses members, unknown places and a missing target id', async () => {
    const { ownerCaller, organization } = await school();
    const body = {
      kind: 'ORGANIZATION',
      organizationId: organization.id,
      email: 'x@example.test',
      firstName: 'X',
      lastName: 'Y',
      role: 'MEMBER',
    };
    expect((await call(t.app, 'POST', '/api/admin/invitations', { caller: ownerCaller, body })).statusCode).toBe(403);
    const caller = await staff();
    expect(
      (
        await call(t.app, 'POST', '/api/admin/invitations', {
          caller,
          body: { ...body, organizationId: crypto.randomUUID() },
        })
      ).statusCode,
    ).toBe(404);
    const missing = await call(t.app, 'POST', '/api/admin/invitations', {
      caller,
      body: { ...body, kind: 'DISTRICT' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ districtId: invitationMessages.districtRequired });
  });
});
