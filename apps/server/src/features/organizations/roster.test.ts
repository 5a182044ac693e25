import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';
import { rosterMessages, type RosterPage } from '@portal/domain/organizations/roster.ts';
import { invitations, organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { readCsv } from '../../test/exports.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { enrol, invite, lookupIds, school } from '../../test/school.ts';

const t = useTestApp();

const url = (organizationId: string, rest: string) => `/api/organizations/${organizationId}${rest}`;

async function membershipOf(id: string) {
  const [row] = await t.deps.db.select().from(organizationMemberships).where(eq(organizationMemberships.id, id));
  return row;
}

describe('GET /api/organizations/:organizationId/roster', () => {
  it('lists active members and pending invitees, the OWNER first, then by last name', async () => {
    const { organization, owner, admin, member } = await school(t);
    const teaching = await lookupIds(t, 'TEACHER', ['10', 'K', '3']);
    const teacher = await enrol(t, organization.id, 'MEMBER', { firstName: 'Bea', lastName: 'Brown' }, teaching);
    const gone = await enrol(t, organization.id, 'MEMBER', { lastName: 'Archived' });
    await t.deps.db
      .update(organizationMemberships)
      .set({ archivedAt: new Date() })
      .where(eq(organizationMemberships.id, gone.membership.id));
    const pending = await invite(
      t,
      { organizationId: organization.id },
      { firstName: 'Pat', lastName: 'Pending', toolKitAccess: true },
      teaching,
    );
    await invite(t, { organizationId: organization.id }, { lastName: 'Cancelled', status: 'CANCELLED' });
    await invite(t, { organizationId: (await school(t)).organization.id }, { lastName: 'Elsewhere' });

    const response = await call(t.app, 'GET', url(organization.id, '/roster'), { caller: owner.caller });
    expect(response.statusCode).toBe(200);
    const body = response.json<RosterPage>();
    expect(body).toMatchObject({
      organizationId: organization.id,
      organizationName: organization.name,
      viewerRole: 'OWNER',
      page: 1,
      pageSize: 50,
      total: 5,
    });
    expect(body.items.map((row) => row.lastName)).toEqual(['Owner', 'Admin', 'Brown', 'Member', 'Pending']);
    expect(body.items[0]).toMatchObject({
      userId: owner.user.id,
      membershipId: owner.membership.id,
      role: 'OWNER',
      pending: false,
    });
    expect(body.items[2]).toEqual({
      userId: teacher.user.id,
      membershipId: teacher.membership.id,
      invitationId: null,
      firstName: 'Bea',
      lastName: 'Brown',
      email: teacher.user.email,
      role: 'MEMBER',
      positionLabel: 'Teacher',
      grades: ['K', '3', '10'],
      toolKitAccess: false,
      pending: false,
    });
    expect(body.items[4]).toEqual({
      userId: pending.invitee.id,
      membershipId: null,
      invitationId: pending.invitation.id,
      firstName: 'Pat',
      lastName: 'Pending',
      email: pending.invitee.email,
      role: 'MEMBER',
      positionLabel: 'Teacher',
      grades: ['K', '3', '10'],
      toolKitAccess: true,
      pending: true,
    });
    expect(body.items.map((row) => row.userId)).toContain(member.user.id);
    expect(body.items.map((row) => row.userId)).toContain(admin.user.id);
  });

  it('pages and searches by name or email, % and _ taken literally', async () => {
    const { organization, admin, member } = await school(t);
    await invite(t, { organizationId: organization.id }, { firstName: 'Mina', lastName: 'Memberly' });
    const page = await call(t.app, 'GET', url(organization.id, '/roster?pageSize=2&page=2'), { caller: admin.caller });
    expect(page.json()).toMatchObject({ total: 4, page: 2, pageSize: 2, viewerRole: 'ADMIN' });
    expect(page.json<RosterPage>().items.map((row) => row.lastName)).toEqual(['Member', 'Memberly']);

    const byName = await call(t.app, 'GET', url(organization.id, '/roster?search=mia%20mem'), { caller: admin.caller });
    expect(byName.json<RosterPage>().items.map((row) => row.userId)).toEqual([member.user.id]);
    const byEmail = await call(
      t.app,
      'GET',
      url(organization.id, `/roster?search=${encodeURIComponent(member.user.email)}`),
      {
        caller: admin.caller,
      },
    );
    expect(byEmail.json().total).toBe(1);
    expect(
      (await call(t.app, 'GET', url(organization.id, '/roster?search=%25'), { caller: admin.caller })).json().total,
    ).toBe(0);
  });

  it('cuts every page from members and invitees merged in one order, an invited OWNER after the OWNER', async () => {
    const { organization, owner } = await school(t);
    for (const lastName of ['Cole', 'Abbot', 'Evans']) await enrol(t, organization.id, 'MEMBER', { lastName });
    for (const lastName of ['Baker', 'Dunn', 'Young'])
      await invite(t, { organizationId: organization.id }, { lastName });
    await invite(t, { organizationId: organization.id }, { lastName: 'Zane', role: 'OWNER' });
    const lastNames = async (query: string) =>
      (await call(t.app, 'GET', url(organization.id, `/roster?${query}`), { caller: owner.caller }))
        .json<RosterPage>()
        .items.map((row) => row.lastName);
    const everyone = ['Owner', 'Zane', 'Abbot', 'Admin', 'Baker', 'Cole', 'Dunn', 'Evans', 'Member', 'Young'];
    expect(await lastNames('')).toEqual(everyone);
    for (const pageSize of [1, 3]) {
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(everyone.length / pageSize); page += 1)
        pages.push(...(await lastNames(`pageSize=${pageSize}&page=${page}`)));
      expect(pages, `pages of ${pageSize}`).toEqual(everyone);
    }
  });

  it('reads grades after cutting the page: a later page shows its own rows with their own grades', async () => {
    const { organization, owner } = await school(t);
    await enrol(t, organization.id, 'MEMBER', { lastName: 'Brown' }, await lookupIds(t, 'TEACHER', ['K', '3']));
    await invite(t, { organizationId: organization.id }, { lastName: 'Zed' }, await lookupIds(t, 'TEACHER', ['10']));
    const gradesOnPage = async (page: number) =>
      (await call(t.app, 'GET', url(organization.id, `/roster?pageSize=2&page=${page}`), { caller: owner.caller }))
        .json<RosterPage>()
        .items.map((row) => [row.lastName, row.grades]);
    expect(await gradesOnPage(2)).toEqual([
      ['Brown', ['K', '3']],
      ['Member', []],
    ]);
    expect(await gradesOnPage(3)).toEqual([['Zed', ['10']]]);
  });

  it('answers 404 to a member of the organization, to a member or an admin of another one; 401 signed out', async () => {
    const { organization, member } = await school(t);
    const other = await school(t);
    for (const caller of [member.caller, other.member.caller, other.admin.caller]) {
      expect((await call(t.app, 'GET', url(organization.id, '/roster'), { caller })).statusCode).toBe(404);
    }
    expect((await call(t.app, 'GET', url(organization.id, '/roster'))).statusCode).toBe(401);
  });

  it('refuses a page size over 100 and an id that is not a UUID', async () => {
    const { organization, owner } = await school(t);
    const big = await call(t.app, 'GET', url(organization.id, '/roster?pageSize=1000'), { caller: owner.caller });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toHaveProperty('pageSize');
    expect((await call(t.app, 'GET', url('nope', '/roster'), { caller: owner.caller })).statusCode).toBe(400);
  });
});

describe('DELETE /api/organizations/:organizationId/members/:userId', () => {
  it('archives an active member, clears them as ticket recipient and audits', async () => {
    const { organization, admin, member } = await school(t);
    await t.deps.db
      .update(organizations)
      .set({ ticketRecipientMembershipId: member.membership.id })
      .where(eq(organizations.id, organization.id));
    const response = await call(t.app, 'DELETE', url(organization.id, `/members/${member.user.id}`), {
      caller: admin.caller,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: rosterMessages.deleted });
    expect((await membershipOf(member.membership.id))?.archivedAt).toBeInstanceOf(Date);
    const [after] = await t.deps.db.select().from(organizations).where(eq(organizations.id, organization.id));
    expect(after?.ticketRecipientMembershipId).toBeNull();
    const roster = await call(t.app, 'GET', url(organization.id, '/roster'), { caller: admin.caller });
    expect(roster.json<RosterPage>().items.map((row) => row.userId)).not.toContain(member.user.id);
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organization.member-delete'), eq(auditLog.subjectId, organization.id)));
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      data: { userId: member.user.id, membershipId: member.membership.id },
    });
  });

  it('cancels the open invitation of a pending invitee', async () => {
    const { organization, owner } = await school(t);
    const { invitee, invitation } = await invite(t, { organizationId: organization.id });
    const response = await call(t.app, 'DELETE', url(organization.id, `/members/${invitee.id}`), {
      caller: owner.caller,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row?.status).toBe('CANCELLED');
    const roster = await call(t.app, 'GET', url(organization.id, '/roster'), { caller: owner.caller });
    expect(roster.json().total).toBe(3);
  });

  it('archives a member who also holds an open invitation, cancelling it, and keeps another member as ticket recipient', async () => {
    const { organization, owner, admin, member } = await school(t);
    await t.deps.db
      .update(organizations)
      .set({ ticketRecipientMembershipId: admin.membership.id })
      .where(eq(organizations.id, organization.id));
    const [open] = await t.deps.db
      .insert(invitations)
      .values({
        kind: 'ORGANIZATION',
        organizationId: organization.id,
        userId: member.user.id,
        role: 'MEMBER',
        status: 'SENT',
      })
      .returning();
    const response = await call(t.app, 'DELETE', url(organization.id, `/members/${member.user.id}`), {
      caller: owner.caller,
    });
    expect(response.statusCode).toBe(200);
    expect((await membershipOf(member.membership.id))?.archivedAt).toBeInstanceOf(Date);
    const [invitation] = await t.deps.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, open?.id ?? ''));
    expect(invitation?.status).toBe('CANCELLED');
    const [after] = await t.deps.db.select().from(organizations).where(eq(organizations.id, organization.id));
    expect(after?.ticketRecipientMembershipId).toBe(admin.membership.id);
  });

  it('refuses deleting oneself with the exact message, and an ADMIN deleting the OWNER', async () => {
    const { organization, owner, admin } = await school(t);
    const self = await call(t.app, 'DELETE', url(organization.id, `/members/${admin.user.id}`), {
      caller: admin.caller,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('You cannot delete yourself from an organization. Please contact support.');
    const theOwner = await call(t.app, 'DELETE', url(organization.id, `/members/${owner.user.id}`), {
      caller: admin.caller,
    });
    expect(theOwner.statusCode).toBe(403);
    expect(theOwner.json().detail).toBe(rosterMessages.ownerCannotChange);
    expect((await membershipOf(owner.membership.id))?.archivedAt).toBeNull();
  });

  it('answers 404 to a member, to another organization’s admin and for someone not on the roster', async () => {
    const { organization, admin, member } = await school(t);
    const other = await school(t);
    expect(
      (await call(t.app, 'DELETE', url(organization.id, `/members/${admin.user.id}`), { caller: member.caller }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', url(organization.id, `/members/${member.user.id}`), { caller: other.admin.caller }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', url(organization.id, `/members/${other.member.user.id}`), { caller: admin.caller }))
        .statusCode,
    ).toBe(404);
    expect((await membershipOf(member.membership.id))?.archivedAt).toBeNull();
  });

  it('refuses a user id that is not a UUID', async () => {
    const { organization, admin } = await school(t);
    const response = await call(t.app, 'DELETE', url(organization.id, '/members/42'), { caller: admin.caller });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ userId: 'Not a user id' });
  });
});

describe('PUT /api/organizations/:organizationId/memberships/:membershipId/role', () => {
  it('lets the OWNER make a member admin and remove it again, audited', async () => {
    const { organization, owner, member } = await school(t);
    const path = url(organization.id, `/memberships/${member.membership.id}/role`);
    const made = await call(t.app, 'PUT', path, { caller: owner.caller, body: { role: 'ADMIN' } });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({ message: rosterMessages.madeAdmin });
    expect((await membershipOf(member.membership.id))?.role).toBe('ADMIN');
    const removed = await call(t.app, 'PUT', path, { caller: owner.caller, body: { role: 'MEMBER' } });
    expect(removed.json()).toEqual({ message: rosterMessages.adminRemoved });
    expect((await membershipOf(member.membership.id))?.role).toBe('MEMBER');
    const rows = await t.deps.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organization.member-role'), eq(auditLog.subjectId, organization.id)))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => r.data.to)).toEqual(['ADMIN', 'MEMBER']);
  });

  it('refuses an ADMIN (403) — also on the OWNER — and the OWNER changing their own role (403)', async () => {
    const { organization, owner, admin, member } = await school(t);
    const asAdmin = await call(t.app, 'PUT', url(organization.id, `/memberships/${member.membership.id}/role`), {
      caller: admin.caller,
      body: { role: 'ADMIN' },
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().detail).toBe(organizationMessages.ownerOnly);
    const onOwner = await call(t.app, 'PUT', url(organization.id, `/memberships/${owner.membership.id}/role`), {
      caller: admin.caller,
      body: { role: 'MEMBER' },
    });
    expect(onOwner.statusCode).toBe(403);
    const ownSelf = await call(t.app, 'PUT', url(organization.id, `/memberships/${owner.membership.id}/role`), {
      caller: owner.caller,
      body: { role: 'MEMBER' },
    });
    expect(ownSelf.statusCode).toBe(403);
    expect(ownSelf.json().detail).toBe(rosterMessages.ownerCannotChange);
    expect((await membershipOf(owner.membership.id))?.role).toBe('OWNER');
    expect((await membershipOf(member.membership.id))?.role).toBe('MEMBER');
  });

  it('answers 404 for a membership of another organization and to a member', async () => {
    const { organization, owner, member } = await school(t);
    const other = await school(t);
    const crossed = await call(t.app, 'PUT', url(organization.id, `/memberships/${other.member.membership.id}/role`), {
      caller: owner.caller,
      body: { role: 'ADMIN' },
    });
    expect(crossed.statusCode).toBe(404);
    expect((await membershipOf(other.member.membership.id))?.role).toBe('MEMBER');
    const asMember = await call(t.app, 'PUT', url(organization.id, `/memberships/${member.membership.id}/role`), {
      caller: member.caller,
      body: { role: 'ADMIN' },
    });
    expect(asMember.statusCode).toBe(404);
  });

  it('refuses making someone OWNER here and a signed-out caller', async () => {
    const { organization, owner, member } = await school(t);
    const path = url(organization.id, `/memberships/${member.membership.id}/role`);
    const response = await call(t.app, 'PUT', path, { caller: owner.caller, body: { role: 'OWNER' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('role');
    expect((await call(t.app, 'PUT', path, { body: { role: 'ADMIN' } })).statusCode).toBe(401);
  });
});

describe('PUT /api/organizations/:organizationId/members/:userId/toolkit-access', () => {
  async function toolkitOf(userId: string) {
    const [row] = await t.deps.db
      .select({ toolKitAccess: users.toolKitAccess })
      .from(users)
      .where(eq(users.id, userId));
    return row?.toolKitAccess;
  }

  it('lets the ADMIN grant and remove a member’s toolkit access, audited', async () => {
    const { organization, admin, member } = await school(t);
    const path = url(organization.id, `/members/${member.user.id}/toolkit-access`);
    const granted = await call(t.app, 'PUT', path, { caller: admin.caller, body: { toolKitAccess: true } });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ message: rosterMessages.toolkitGranted });
    expect(await toolkitOf(member.user.id)).toBe(true);
    const removed = await call(t.app, 'PUT', path, { caller: admin.caller, body: { toolKitAccess: false } });
    expect(removed.json()).toEqual({ message: rosterMessages.toolkitRemoved });
    expect(await toolkitOf(member.user.id)).toBe(false);
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organization.member-toolkit'), eq(auditLog.subjectId, organization.id)));
    expect(rows).toHaveLength(2);
  });

  it('refuses the OWNER as target (403), someone not a member (404), a member caller and another organization’s admin (404)', async () => {
    const { organization, owner, admin, member } = await school(t);
    const other = await school(t);
    const body = { toolKitAccess: true };
    const onOwner = await call(t.app, 'PUT', url(organization.id, `/members/${owner.user.id}/toolkit-access`), {
      caller: admin.caller,
      body,
    });
    expect(onOwner.statusCode).toBe(403);
    expect(onOwner.json().detail).toBe(rosterMessages.ownerCannotChange);
    const outsider = await call(t.app, 'PUT', url(organization.id, `/members/${other.member.user.id}/toolkit-access`), {
      caller: admin.caller,
      body,
    });
    expect(outsider.statusCode).toBe(404);
    for (const caller of [member.caller, other.admin.caller]) {
      const response = await call(t.app, 'PUT', url(organization.id, `/members/${member.user.id}/toolkit-access`), {
        caller,
        body,
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await toolkitOf(other.member.user.id)).toBe(false);
    expect(await toolkitOf(member.user.id)).toBe(false);
  });

  it('refuses a body without a boolean flag', async () => {
    const { organization, admin, member } = await school(t);
    const response = await call(t.app, 'PUT', url(organization.id, `/members/${member.user.id}/toolkit-access`), {
      caller: admin.caller,
      body: { toolKitAccess: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('toolKitAccess');
  });
});

describe('GET /api/organizations/:organizationId/roster/export', () => {
  it('writes the roster the OWNER or an ADMIN sees, under the same search, as CSV; a plain member is refused', async () => {
    const { organization, owner, admin, member } = await school(t);
    const teaching = await lookupIds(t, 'TEACHER', ['K', '3']);
    await enrol(t, organization.id, 'MEMBER', { firstName: 'Bea', lastName: 'Brown' }, teaching);
    await invite(t, { organizationId: organization.id }, { firstName: 'Pat', lastName: 'Pending' });
    const list = (
      await call(t.app, 'GET', url(organization.id, '/roster?search=e'), { caller: owner.caller })
    ).json<RosterPage>();

    const file = await call(t.app, 'GET', url(organization.id, '/roster/export?search=e&format=csv'), {
      caller: admin.caller,
    });

    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="roster-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual([
      'First name',
      'Last name',
      'Email',
      'Role',
      'Position',
      'Grades',
      'Toolkit access',
      'Status',
    ]);
    expect(rows.map((row) => [row[1], row[2]])).toEqual(list.items.map((item) => [item.lastName, item.email]));
    expect(rows.find((row) => row[1] === 'Brown')?.[5]).toBe('K, 3');
    expect(rows.find((row) => row[1] === 'Pending')?.[7]).toBe('Invited');

    const refused = await call(t.app, 'GET', url(organization.id, '/roster/export?format=csv'), {
      caller: member.caller,
    });
    expect(refused.statusCode).toBe(404);
    const bad = await call(t.app, 'GET', url(organization.id, '/roster/export?format=doc'), { caller: owner.caller });
    expect(bad.statusCode).toBe(400);
  });
});
