import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileMessages } from '@portal/domain/people/profile.ts';
import { grades, positions } from '../../db/schema/lookups.ts';
import { organizationMembershipGrades, organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { addMembership, createOrganization, createUser, testPassword } from '../../test/factories.ts';
import { issueOneTimeToken } from '../../platform/one-time-tokens.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { call, sessionCookieOf, signIn, useTestApp, type Caller } from '../../test/harness.ts';
import { profileEdit } from '../../test/valid-inputs.ts';

const t = useTestApp();

const edit = profileEdit;

/** A session without the password round trip: argon2 would make every test slow. */
async function callerFor(userId: string): Promise<Caller> {
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId });
  return { cookie: `${sessionCookie}=${secret}` };
}

async function member() {
  const user = await createUser(t.deps.db);
  return { user, caller: await callerFor(user.id) };
}

async function viewAs(userId: string) {
  const staff = await createUser(t.deps.db, { role: 'STAFF' });
  const staffCaller = await callerFor(staff.id);
  const started = await call(t.app, 'POST', `/api/admin/users/${userId}/impersonate`, { caller: staffCaller });
  expect(started.statusCode).toBe(200);
  return { staff, caller: { cookie: sessionCookieOf(started) } };
}

async function rawSensitive(userId: string) {
  const [row] = await t.deps.db
    .select({ dateOfBirth: users.dateOfBirthEncrypted, last4Ssn: users.last4SsnEncrypted })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

describe('GET /api/profile', () => {
  it('shows the member their profile and active memberships with district, address, position and ordered grades', async () => {
    const { user, caller } = await member();
    const school = await createOrganization(t.deps.db, 'Profile Elementary');
    await t.deps.db
      .update(organizations)
      .set({ mailingAddressLine1: '9 School Rd', mailingCity: 'Troy', mailingPhone: '5185550199' })
      .where(eq(organizations.id, school.id));
    const [teacher] = await t.deps.db.select().from(positions).where(eq(positions.name, 'TEACHER'));
    const membership = await addMembership(t.deps.db, school.id, user.id, 'ADMIN');
    await t.deps.db
      .update(organizationMemberships)
      .set({ positionId: teacher?.id })
      .where(eq(organizationMemberships.id, membership.id));
    const gradeRows = await t.deps.db
      .select()
      .from(grades)
      .where(inArray(grades.name, ['3', 'K', '10']));
    await t.deps.db
      .insert(organizationMembershipGrades)
      .values(gradeRows.map((g) => ({ membershipId: membership.id, gradeId: g.id })));
    const archived = await createOrganization(t.deps.db, 'Archived Academy');
    const gone = await addMembership(t.deps.db, archived.id, user.id);
    await t.deps.db
      .update(organizationMemberships)
      .set({ archivedAt: new Date() })
      .where(eq(organizationMemberships.id, gone.id));

    const response = await call(t.app, 'GET', '/api/profile', { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      email: user.email,
      dateOfBirth: null,
      last4SSN: null,
      sensitiveHidden: false,
      memberships: [
        {
          id: membership.id,
          organizationId: school.id,
          organizationName: 'Profile Elementary',
          districtName: 'District of Profile Elementary',
          mailingAddress: { addressLine1: '9 School Rd', city: 'Troy', phone: '5185550199', addressLine2: null },
          role: 'ADMIN',
          positionLabel: 'Teacher',
          grades: ['K', '3', '10'],
        },
      ],
    });
  });

  it('refuses a signed-out caller', async () => {
    expect((await call(t.app, 'GET', '/api/profile')).statusCode).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('saves the profile, encrypts date of birth and SSN digits at rest and audits without their values', async () => {
    const { user, caller } = await member();
    const response = await call(t.app, 'PUT', '/api/profile', { caller, body: edit });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ...edit,
      address2: null,
      dateOfBirth: '02/29/1988',
      last4SSN: '4321',
      sensitiveHidden: false,
    });

    const raw = await rawSensitive(user.id);
    expect(raw?.dateOfBirth).toMatch(/^v1\./);
    expect(raw?.last4Ssn).toMatch(/^v1\./);
    expect(raw?.dateOfBirth).not.toContain('1988');
    expect(raw?.last4Ssn).not.toContain('4321');

    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.update'), eq(auditLog.subjectId, user.id)));
    expect(entry?.actorId).toBe(user.id);
    expect(entry?.data).toEqual({ fields: expect.arrayContaining(['firstName', 'dateOfBirth', 'last4SSN']) });
    expect(JSON.stringify(entry?.data)).not.toMatch(/4321|1988/);

    const cleared = await call(t.app, 'PUT', '/api/profile', {
      caller,
      body: { ...edit, dateOfBirth: '', last4SSN: null },
    });
    expect(cleared.json()).toMatchObject({ dateOfBirth: null, last4SSN: null });
    expect(await rawSensitive(user.id)).toEqual({ dateOfBirth: null, last4Ssn: null });
  });

  it('hides the sensitive fields from staff viewing as the member and keeps them when staff save', async () => {
    const { user, caller } = await member();
    await call(t.app, 'PUT', '/api/profile', { caller, body: edit });
    const before = await rawSensitive(user.id);
    const viewing = await viewAs(user.id);

    const shown = await call(t.app, 'GET', '/api/profile', { caller: viewing.caller });
    expect(shown.json()).toMatchObject({ firstName: 'Ada', dateOfBirth: null, last4SSN: null, sensitiveHidden: true });

    const saved = await call(t.app, 'PUT', '/api/profile', {
      caller: viewing.caller,
      body: { ...edit, firstName: 'Augusta', dateOfBirth: '01/01/2000', last4SSN: '9999' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      firstName: 'Augusta',
      dateOfBirth: null,
      last4SSN: null,
      sensitiveHidden: true,
    });
    expect(await rawSensitive(user.id)).toEqual(before);
    const own = await callerFor(user.id);
    expect((await call(t.app, 'GET', '/api/profile', { caller: own })).json()).toMatchObject({
      firstName: 'Augusta',
      dateOfBirth: '02/29/1988',
      last4SSN: '4321',
    });
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'profile.update'),
          eq(auditLog.subjectId, user.id),
          eq(auditLog.impersonatorId, viewing.staff.id),
        ),
      );
    expect(entry?.data).toEqual({ fields: ['firstName'] });
  });

  it.each([
    [{ ...edit, firstName: ' ' }, 'firstName', profileMessages.required],
    [{ ...edit, dateOfBirth: '02/30/1988' }, 'dateOfBirth', profileMessages.dateOfBirthFormat],
    [{ ...edit, last4SSN: '12a4' }, 'last4SSN', profileMessages.last4SsnLength],
    [{ ...edit, zipPostal: '12345678901' }, 'zipPostal', profileMessages.zipPostalTooLong],
  ])('refuses bad input %#', async (body, field, message) => {
    const { caller } = await member();
    const response = await call(t.app, 'PUT', '/api/profile', { caller, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: message });
  });

  it('refuses a signed-out caller and a request without the CSRF header', async () => {
    expect((await call(t.app, 'PUT', '/api/profile', { body: edit })).statusCode).toBe(401);
    const { caller } = await member();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie: caller.cookie },
      payload: edit,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/profile/email', () => {
  it('changes the email (trimmed, lowercased), ends every session of the member and audits', async () => {
    const { user, caller } = await member();
    const other = await callerFor(user.id);
    const newEmail = `New.${user.id.slice(0, 8)}@Example.TEST`;
    const response = await call(t.app, 'PUT', '/api/profile/email', { caller, body: { email: `  ${newEmail} ` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: profileMessages.emailUpdated });

    expect((await call(t.app, 'GET', '/api/me', { caller })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/me', { caller: other })).statusCode).toBe(401);
    const again = await signIn(t.app, newEmail.toLowerCase(), testPassword);
    expect((await call(t.app, 'GET', '/api/profile', { caller: again })).json().email).toBe(newEmail.toLowerCase());
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.email'), eq(auditLog.subjectId, user.id)));
    expect(entry?.data).toEqual({ from: user.email, to: newEmail.toLowerCase() });
  });

  it('ends every outstanding reset and sign-in link of the member, so a link mailed to the old address opens nothing', async () => {
    const { user, caller } = await member();
    const staff = await createUser(t.deps.db, { role: 'STAFF' });
    const reset = await issueOneTimeToken(t.deps.db, 'PASSWORD_RESET', user.id, t.clock());
    const signInLink = await issueOneTimeToken(t.deps.db, 'SIGN_IN', user.id, t.clock(), staff.id);
    const changed = await call(t.app, 'PUT', '/api/profile/email', {
      caller,
      body: { email: `moved.${user.id.slice(0, 8)}@example.test` },
    });
    expect(changed.statusCode).toBe(200);
    const usedReset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: reset, password: 'an-attackers-password' },
    });
    expect(usedReset.statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/auth/token', { body: { token: signInLink } })).statusCode).toBe(401);
  });

  it('refuses the same email, whatever its case, on the field', async () => {
    const { user, caller } = await member();
    const response = await call(t.app, 'PUT', '/api/profile/email', {
      caller,
      body: { email: user.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: profileMessages.emailUnchanged,
      errors: { email: profileMessages.emailUnchanged },
    });
    expect((await call(t.app, 'GET', '/api/me', { caller })).statusCode).toBe(200);
  });

  it('refuses an email another user holds, compared case-insensitively, and keeps the sessions', async () => {
    const taken = await createUser(t.deps.db, { email: `Taken.${Date.now()}@Example.TEST` });
    const { caller } = await member();
    const response = await call(t.app, 'PUT', '/api/profile/email', {
      caller,
      body: { email: taken.email.toLowerCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: profileMessages.emailTaken,
      errors: { email: profileMessages.emailTaken },
    });
    expect((await call(t.app, 'GET', '/api/me', { caller })).statusCode).toBe(200);
  });

  it('lets only one of two members claim the same new email at once', async () => {
    const first = await member();
    const second = await member();
    const email = `race.${first.user.id.slice(0, 8)}@example.test`;
    const responses = await Promise.all(
      [first, second].map((m) => call(t.app, 'PUT', '/api/profile/email', { caller: m.caller, body: { email } })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().errors).toEqual({ email: profileMessages.emailTaken });
  });

  it('refuses an invalid email and a signed-out caller', async () => {
    const { caller } = await member();
    const invalid = await call(t.app, 'PUT', '/api/profile/email', { caller, body: { email: 'not-an-email' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ email: profileMessages.emailInvalid });
    expect((await call(t.app, 'PUT', '/api/profile/email', { body: { email: 'a@b.test' } })).statusCode).toBe(401);
  });
});
