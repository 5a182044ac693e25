import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { addMembership, createOrganization, createUser, testPassword } from '../../test/factories.ts';
import type { AdminUserPage } from '@portal/domain/people/admin-users.ts';
import { readCsv } from '../../test/exports.ts';
import { call, sessionCookieOf, signIn, useTestApp } from '../../test/harness.ts';
import { exportUserRows } from './user-search.ts';

const t = useTestApp();

async function staffCaller() {
  const staff = await createUser(t.deps.db, { role: 'STAFF', firstName: 'Stella', lastName: 'Staffer' });
  return { staff, caller: await signIn(t.app, staff.email, testPassword) };
}

describe('staff user search', () => {
  it('lists users a page at a time with their organizations, found by name or email', async () => {
    const { caller } = await staffCaller();
    const school = await createOrganization(t.deps.db, 'Searchable Elementary');
    const member = await createUser(t.deps.db, { firstName: 'Zelda', lastName: 'Quartermaine' });
    await addMembership(t.deps.db, school.id, member.id, 'ADMIN');
    const byName = await call(t.app, 'GET', '/api/admin/users?search=zelda%20quarter', { caller });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({
      total: 1,
      page: 1,
      items: [{ id: member.id, organizations: [{ name: 'Searchable Elementary', role: 'ADMIN' }], role: 'MEMBER' }],
    });
    const byEmail = await call(t.app, 'GET', `/api/admin/users?search=${encodeURIComponent(member.email)}`, { caller });
    expect(byEmail.json().items).toHaveLength(1);

    for (let i = 0; i < 3; i += 1) await createUser(t.deps.db, { lastName: `Pagination ${i}` });
    const page = await call(t.app, 'GET', '/api/admin/users?search=pagination&pageSize=2&page=2', { caller });
    expect(page.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.json().items).toHaveLength(1);
  });

  it("says each user's role in every organization, in one query for the page however many organizations", async () => {
    const { staff, caller } = await staffCaller();
    const lincoln = await createOrganization(t.deps.db, 'Rolecall Lincoln');
    const washington = await createOrganization(t.deps.db, 'Rolecall Washington');
    const owner = await createUser(t.deps.db, { lastName: 'Rolecall Owner' });
    await addMembership(t.deps.db, lincoln.id, owner.id, 'OWNER');
    await addMembership(t.deps.db, washington.id, owner.id, 'MEMBER');
    const loner = await createUser(t.deps.db, { lastName: 'Rolecall Loner' });
    const selects = vi.spyOn(t.deps.db, 'select');
    const page = await call(t.app, 'GET', '/api/admin/users?search=rolecall', { caller });
    // The page and its total: the roles come with the page's rows, not one query per user.
    expect(selects).toHaveBeenCalledTimes(2);
    selects.mockRestore();
    expect(page.json().items).toEqual([
      expect.objectContaining({ id: loner.id, role: 'MEMBER', organizations: [] }),
      expect.objectContaining({
        id: owner.id,
        role: 'MEMBER',
        organizations: [
          { name: 'Rolecall Lincoln', role: 'OWNER' },
          { name: 'Rolecall Washington', role: 'MEMBER' },
        ],
      }),
    ]);
    const self = await call(t.app, 'GET', `/api/admin/users?search=${encodeURIComponent(staff.email)}`, { caller });
    expect(self.json().items).toEqual([expect.objectContaining({ id: staff.id, role: 'STAFF', organizations: [] })]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const { caller } = await staffCaller();
    const response = await call(t.app, 'GET', '/api/admin/users?search=%25', { caller });
    expect(response.json().total).toBe(0);
  });

  it('refuses members and signed-out callers', async () => {
    const member = await createUser(t.deps.db);
    const caller = await signIn(t.app, member.email, testPassword);
    expect((await call(t.app, 'GET', '/api/admin/users', { caller })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/users')).statusCode).toBe(401);
  });

  it('refuses a page size over 100', async () => {
    const { caller } = await staffCaller();
    const response = await call(t.app, 'GET', '/api/admin/users?pageSize=1000', { caller });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('pageSize');
  });
});

describe('impersonation', () => {
  it('views as a user with the banner data, audits start and end, and clearing ends the session', async () => {
    const { staff, caller } = await staffCaller();
    const member = await createUser(t.deps.db, { firstName: 'Vera', lastName: 'Viewed' });
    const started = await call(t.app, 'POST', `/api/admin/users/${member.id}/impersonate`, { caller });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ id: member.id, impersonator: { id: staff.id, name: 'Stella Staffer' } });
    const viewing = { cookie: sessionCookieOf(started) };

    // The staff member's own session ended; the new one is the member's, without staff powers.
    expect((await call(t.app, 'GET', '/api/me', { caller })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/me', { caller: viewing })).json()).toMatchObject({ id: member.id });
    expect((await call(t.app, 'GET', '/api/admin/users', { caller: viewing })).statusCode).toBe(403);

    expect((await call(t.app, 'POST', '/api/auth/clear-impersonation', { caller: viewing })).statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/me', { caller: viewing })).statusCode).toBe(401);

    const rows = await t.deps.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, subjectId: auditLog.subjectId })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, member.id)))
      .orderBy(auditLog.id);
    expect(rows).toEqual([
      { action: 'impersonation.start', actorId: staff.id, subjectId: member.id },
      { action: 'impersonation.end', actorId: staff.id, subjectId: member.id },
    ]);
  });

  it('refuses members, another staff account as target, and a malformed id', async () => {
    const member = await createUser(t.deps.db);
    const memberCaller = await signIn(t.app, member.email, testPassword);
    const other = await createUser(t.deps.db);
    expect(
      (await call(t.app, 'POST', `/api/admin/users/${other.id}/impersonate`, { caller: memberCaller })).statusCode,
    ).toBe(403);

    const { staff, caller } = await staffCaller();
    const self = await call(t.app, 'POST', `/api/admin/users/${staff.id}/impersonate`, { caller });
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe('You cannot view as yourself.');
    const otherStaff = await createUser(t.deps.db, { role: 'STAFF' });
    expect((await call(t.app, 'POST', `/api/admin/users/${otherStaff.id}/impersonate`, { caller })).statusCode).toBe(
      403,
    );
    const malformed = await call(t.app, 'POST', '/api/admin/users/not-a-uuid/impersonate', { caller });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ userId: 'Not a user id' });
  });

  it('issues a one-time sign-in link to staff only', async () => {
    const member = await createUser(t.deps.db);
    const { caller } = await staffCaller();
    const issued = await call(t.app, 'POST', `/api/admin/users/${member.id}/sign-in-link`, { caller });
    expect(issued.statusCode).toBe(201);
    expect(issued.json().url).toMatch(/^http:\/\/portal\.test\/members\?token=/);
    const memberCaller = await signIn(t.app, member.email, testPassword);
    expect(
      (await call(t.app, 'POST', `/api/admin/users/${member.id}/sign-in-link`, { caller: memberCaller })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'POST', `/api/admin/users/${member.id}/sign-in-link`)).statusCode).toBe(401);
  });
});

describe('a sign-in link staff issued', () => {
  async function linkFor(member: { id: string }, caller: { cookie?: string }) {
    const issued = await call(t.app, 'POST', `/api/admin/users/${member.id}/sign-in-link`, { caller });
    return new URL(issued.json().url).searchParams.get('token') ?? '';
  }

  it('opens an impersonation by the staff member: banner data, no staff powers, masked fields, audited with staff as actor', async () => {
    const { staff, caller } = await staffCaller();
    const member = await createUser(t.deps.db, { firstName: 'Lina', lastName: 'Linked' });
    const token = await linkFor(member, caller);

    const used = await call(t.app, 'POST', '/api/auth/token', { body: { token } });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ id: member.id, impersonator: { id: staff.id, name: 'Stella Staffer' } });
    const holder = { cookie: sessionCookieOf(used) };

    expect((await call(t.app, 'GET', '/api/me', { caller: holder })).json()).toMatchObject({
      impersonator: { id: staff.id },
    });
    expect((await call(t.app, 'GET', '/api/admin/users', { caller: holder })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'POST', `/api/admin/users/${member.id}/sign-in-link`, { caller: holder })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/profile', { caller: holder })).json()).toMatchObject({
      sensitiveHidden: true,
    });
    // Unlike "View as", issuing a link leaves the staff member's own session open.
    expect((await call(t.app, 'GET', '/api/me', { caller })).json()).toMatchObject({
      id: staff.id,
      impersonator: null,
    });

    expect((await call(t.app, 'POST', '/api/auth/clear-impersonation', { caller: holder })).statusCode).toBe(204);
    const rows = await t.deps.db
      .select({
        action: auditLog.action,
        actorId: auditLog.actorId,
        impersonatorId: auditLog.impersonatorId,
        subjectId: auditLog.subjectId,
      })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, member.id)))
      .orderBy(auditLog.id);
    expect(rows).toEqual([
      { action: 'auth.sign-in-link-issued', actorId: staff.id, impersonatorId: null, subjectId: member.id },
      { action: 'impersonation.start', actorId: staff.id, impersonatorId: staff.id, subjectId: member.id },
      { action: 'impersonation.end', actorId: staff.id, impersonatorId: staff.id, subjectId: member.id },
    ]);
  });

  it('signs no one in once its issuer is no longer staff', async () => {
    const { staff, caller } = await staffCaller();
    const member = await createUser(t.deps.db);
    const token = await linkFor(member, caller);
    await t.deps.db.update(users).set({ role: 'MEMBER' }).where(eq(users.id, staff.id));
    const used = await call(t.app, 'POST', '/api/auth/token', { body: { token } });
    expect(used.statusCode).toBe(401);
    expect(used.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /api/admin/users/export', () => {
  it('writes the users the list shows under the same search, by name, with their roles; pages by keyset', async () => {
    const { caller } = await staffCaller();
    const school = await createOrganization(t.deps.db, 'Exported Elementary');
    for (const lastName of ['Exportable C', 'Exportable A', 'Exportable B']) {
      const user = await createUser(t.deps.db, { firstName: 'Xena', lastName });
      await addMembership(t.deps.db, school.id, user.id, 'ADMIN');
    }
    const list = await call(t.app, 'GET', '/api/admin/users?search=exportable', { caller });

    const file = await call(t.app, 'GET', '/api/admin/users/export?search=exportable&format=csv', { caller });

    expect(file.statusCode).toBe(200);
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual(['First name', 'Last name', 'Email', 'Role']);
    expect(rows.map((row) => row[2])).toEqual(list.json<AdminUserPage>().items.map((item) => item.email));
    expect(rows.map((row) => [row[1], row[3]])).toEqual([
      ['Exportable A', 'Admin of Exported Elementary'],
      ['Exportable B', 'Admin of Exported Elementary'],
      ['Exportable C', 'Admin of Exported Elementary'],
    ]);
    const names = [];
    for await (const row of exportUserRows(t.deps.db, 'exportable', 1)) names.push(row.lastName);
    expect(names).toEqual(['Exportable A', 'Exportable B', 'Exportable C']);
  });

  it('refuses a member and a bad format', async () => {
    const member = await createUser(t.deps.db);
    const memberCaller = await signIn(t.app, member.email, testPassword);
    expect((await call(t.app, 'GET', '/api/admin/users/export?format=csv', { caller: memberCaller })).statusCode).toBe(
      403,
    );
    const { caller } = await staffCaller();
    expect((await call(t.app, 'GET', '/api/admin/users/export?format=txt', { caller })).statusCode).toBe(400);
  });
});
