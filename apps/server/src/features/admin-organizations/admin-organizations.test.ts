import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrganizationPage } from '@portal/domain/organizations/contracts.ts';
import {
  districtMemberships,
  districts,
  organizationMemberships,
  organizations,
} from '../../db/schema/organizations.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { createUser } from '../../test/factories.ts';
import { readCsv } from '../../test/exports.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { exportOrganizationRows } from './repository.ts';
import { callerFor, invite, person, school } from '../../test/school.ts';

const t = useTestApp();

async function staffCaller() {
  return (await person(t, { role: 'STAFF' })).caller;
}

async function roleOf(membershipId: string) {
  const [row] = await t.deps.db
    .select({ role: organizationMemberships.role })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.id, membershipId));
  return row?.role;
}

describe('GET /api/admin/organizations', () => {
  it('searches organizations by name, a page at a time, with their district and active member count', async () => {
    const caller = await staffCaller();
    const { organization, member } = await school(t, 'Staffview Alpha School');
    await school(t, 'Staffview Beta School');
    await school(t, 'Staffview Gamma School');
    await t.deps.db
      .update(organizationMemberships)
      .set({ archivedAt: new Date() })
      .where(eq(organizationMemberships.id, member.membership.id));

    const first = await call(t.app, 'GET', '/api/admin/organizations?search=staffview&pageSize=2', { caller });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.json().items[0]).toEqual({
      id: organization.id,
      name: 'Staffview Alpha School',
      districtName: 'District of Staffview Alpha School',
      memberCount: 2,
    });
    const second = await call(t.app, 'GET', '/api/admin/organizations?search=STAFFVIEW&pageSize=2&page=2', { caller });
    expect(second.json<AdminOrganizationPage>().items.map((row) => row.name)).toEqual(['Staffview Gamma School']);
  });

  it('refuses members, staff viewing as a member, and signed-out callers; refuses a page size over 100', async () => {
    const { owner } = await school(t);
    expect((await call(t.app, 'GET', '/api/admin/organizations', { caller: owner.caller })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/organizations')).statusCode).toBe(401);
    const bad = await call(t.app, 'GET', '/api/admin/organizations?pageSize=101', { caller: await staffCaller() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('pageSize');
  });
});

describe('GET /api/admin/organizations/:organizationId', () => {
  it('shows every membership (archived flagged) and every invitation', async () => {
    const caller = await staffCaller();
    const { organization, owner, admin, member } = await school(t);
    await t.deps.db
      .update(organizationMemberships)
      .set({ archivedAt: new Date() })
      .where(eq(organizationMemberships.id, member.membership.id));
    const sent = await invite(
      t,
      { organizationId: organization.id },
      { firstName: 'Ivy', lastName: 'Invited', role: 'ADMIN' },
    );
    await invite(t, { organizationId: organization.id }, { status: 'CANCELLED' });

    const response = await call(t.app, 'GET', `/api/admin/organizations/${organization.id}`, { caller });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: organization.id,
      name: organization.name,
      districtName: `District of ${organization.name}`,
    });
    expect(body.memberships).toEqual([
      expect.objectContaining({
        membershipId: owner.membership.id,
        userId: owner.user.id,
        role: 'OWNER',
        archived: false,
      }),
      expect.objectContaining({
        membershipId: admin.membership.id,
        email: admin.user.email,
        role: 'ADMIN',
        archived: false,
      }),
      expect.objectContaining({
        membershipId: member.membership.id,
        firstName: 'Mia',
        lastName: 'Member',
        archived: true,
      }),
    ]);
    expect(body.invitations).toHaveLength(2);
    expect(body.invitations).toContainEqual({
      invitationId: sent.invitation.id,
      email: sent.invitee.email,
      firstName: 'Ivy',
      lastName: 'Invited',
      role: 'ADMIN',
      status: 'SENT',
      createdAt: sent.invitation.createdAt.toISOString(),
    });
  });

  it('answers 404 for an unknown organization, 400 for a malformed id, 403 to a member', async () => {
    const caller = await staffCaller();
    expect((await call(t.app, 'GET', `/api/admin/organizations/${crypto.randomUUID()}`, { caller })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', '/api/admin/organizations/abc', { caller })).statusCode).toBe(400);
    const { organization, owner } = await school(t);
    expect(
      (await call(t.app, 'GET', `/api/admin/organizations/${organization.id}`, { caller: owner.caller })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/admin/organizations/:organizationId/memberships/:membershipId/role', () => {
  const path = (organizationId: string, membershipId: string) =>
    `/api/admin/organizations/${organizationId}/memberships/${membershipId}/role`;

  it('makes a member the OWNER and turns the old owner into an ADMIN in the same change', async () => {
    const caller = await staffCaller();
    const { organization, owner, member } = await school(t);
    const response = await call(t.app, 'PUT', path(organization.id, member.membership.id), {
      caller,
      body: { role: 'OWNER' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().memberships[0]).toMatchObject({ membershipId: member.membership.id, role: 'OWNER' });
    expect(await roleOf(member.membership.id)).toBe('OWNER');
    expect(await roleOf(owner.membership.id)).toBe('ADMIN');
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organization.role'), eq(auditLog.subjectId, organization.id)));
    expect(entry?.data).toEqual({
      membershipId: member.membership.id,
      from: 'MEMBER',
      to: 'OWNER',
      demotedOwnerMembershipId: owner.membership.id,
    });

    const demoted = await call(t.app, 'PUT', path(organization.id, member.membership.id), {
      caller,
      body: { role: 'MEMBER' },
    });
    expect(demoted.statusCode).toBe(200);
    expect(await roleOf(member.membership.id)).toBe('MEMBER');
  });

  it('keeps exactly one owner when two staff members name different owners at once', async () => {
    const caller = await staffCaller();
    const other = await staffCaller();
    const { organization, owner, admin, member } = await school(t);
    const responses = await Promise.all([
      call(t.app, 'PUT', path(organization.id, admin.membership.id), { caller, body: { role: 'OWNER' } }),
      call(t.app, 'PUT', path(organization.id, member.membership.id), { caller: other, body: { role: 'OWNER' } }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const owners = await t.deps.db
      .select({ id: organizationMemberships.id })
      .from(organizationMemberships)
      .where(
        and(eq(organizationMemberships.organizationId, organization.id), eq(organizationMemberships.role, 'OWNER')),
      );
    expect(owners).toHaveLength(1);
    expect(await roleOf(owner.membership.id)).toBe('ADMIN');
  });

  it('refuses a membership of another organization (404), an archived one (409) and an unknown role (400)', async () => {
    const caller = await staffCaller();
    const { organization, member } = await school(t);
    const other = await school(t);
    expect(
      (await call(t.app, 'PUT', path(organization.id, other.member.membership.id), { caller, body: { role: 'ADMIN' } }))
        .statusCode,
    ).toBe(404);
    await t.deps.db
      .update(organizationMemberships)
      .set({ archivedAt: new Date() })
      .where(eq(organizationMemberships.id, member.membership.id));
    expect(
      (await call(t.app, 'PUT', path(organization.id, member.membership.id), { caller, body: { role: 'OWNER' } }))
        .statusCode,
    ).toBe(409);
    const bad = await call(t.app, 'PUT', path(organization.id, member.membership.id), {
      caller,
      body: { role: 'STAFF' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('role');
  });

  it('refuses the organization’s own OWNER and signed-out callers', async () => {
    const { organization, owner, member } = await school(t);
    const body = { role: 'OWNER' };
    expect(
      (await call(t.app, 'PUT', path(organization.id, member.membership.id), { caller: owner.caller, body }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'PUT', path(organization.id, member.membership.id), { body })).statusCode).toBe(401);
    expect(await roleOf(member.membership.id)).toBe('MEMBER');
  });
});

describe('staff console districts', () => {
  async function district(name: string) {
    const [row] = await t.deps.db.insert(districts).values({ name }).returning();
    if (!row) throw new Error('district not created');
    return row;
  }

  it('lists districts by name with their organization count, a page at a time', async () => {
    const caller = await staffCaller();
    const north = await district('Staffdistrict North');
    await district('Staffdistrict South');
    await t.deps.db.insert(organizations).values([
      { name: 'North One', districtId: north.id },
      { name: 'North Two', districtId: north.id },
    ]);
    const response = await call(t.app, 'GET', '/api/admin/districts?search=staffdistrict', { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 2, page: 1 });
    expect(response.json().items[0]).toEqual({ id: north.id, name: 'Staffdistrict North', organizationCount: 2 });
    const bad = await call(t.app, 'GET', '/api/admin/districts?page=0', { caller });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a district with its organizations, memberships and invitations', async () => {
    const caller = await staffCaller();
    const east = await district('Staffdistrict East');
    await t.deps.db.insert(organizations).values([
      { name: 'East B', districtId: east.id },
      { name: 'East A', districtId: east.id },
    ]);
    const leader = await createUser(t.deps.db, { firstName: 'Dana', lastName: 'District' });
    const [membership] = await t.deps.db
      .insert(districtMemberships)
      .values({ districtId: east.id, userId: leader.id, role: 'ADMIN' })
      .returning();
    const sent = await invite(t, { districtId: east.id }, { role: 'OWNER' });

    const response = await call(t.app, 'GET', `/api/admin/districts/${east.id}`, { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: east.id,
      name: 'Staffdistrict East',
      organizationCount: 2,
      organizations: [{ name: 'East A' }, { name: 'East B' }],
      memberships: [
        { membershipId: membership?.id, userId: leader.id, firstName: 'Dana', role: 'ADMIN', archived: false },
      ],
      invitations: [{ invitationId: sent.invitation.id, role: 'OWNER', status: 'SENT' }],
    });
  });

  it('refuses members (403), unknown (404) and malformed (400) district ids', async () => {
    const caller = await staffCaller();
    const { owner } = await school(t);
    const west = await district('Staffdistrict West');
    expect((await call(t.app, 'GET', `/api/admin/districts/${west.id}`, { caller: owner.caller })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, 'GET', '/api/admin/districts', { caller: await callerFor(t, owner.user.id) })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/districts/${crypto.randomUUID()}`, { caller })).statusCode).toBe(404);
    const bad = await call(t.app, 'GET', '/api/admin/districts/west', { caller });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ districtId: 'Not a district id' });
  });
});

describe('GET /api/admin/organizations/export and /api/admin/districts/export', () => {
  it('write the lists under the same search, by name, with their counts; a member is refused', async () => {
    const caller = await staffCaller();
    const tag = crypto.randomUUID().slice(0, 6);
    for (const name of [`Export ${tag} Oak`, `Export ${tag} Ash`]) await school(t, name);
    const list = (
      await call(t.app, 'GET', `/api/admin/organizations?search=${tag}`, { caller })
    ).json<AdminOrganizationPage>();

    const file = await call(t.app, 'GET', `/api/admin/organizations/export?search=${tag}&format=csv`, { caller });

    expect(file.statusCode).toBe(200);
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual(['Name', 'District', 'Members']);
    expect(rows).toEqual(list.items.map((item) => [item.name, item.districtName ?? '', String(item.memberCount)]));
    expect(rows.map((row) => [row[0], row[2]])).toEqual([
      [`Export ${tag} Ash`, '3'],
      [`Export ${tag} Oak`, '3'],
    ]);
    const names = [];
    for await (const row of exportOrganizationRows(t.deps.db, tag, 1)) names.push(row.name);
    expect(names).toEqual([`Export ${tag} Ash`, `Export ${tag} Oak`]);

    const districts = await call(t.app, 'GET', `/api/admin/districts/export?search=${tag}&format=csv`, { caller });
    const [districtHeader, ...districtRows] = readCsv(districts.body);
    expect(districtHeader).toEqual(['Name', 'Organizations']);
    expect(districtRows).toEqual([
      [`District of Export ${tag} Ash`, '1'],
      [`District of Export ${tag} Oak`, '1'],
    ]);

    const member = (await person(t)).caller;
    expect(
      (await call(t.app, 'GET', '/api/admin/organizations/export?format=csv', { caller: member })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/districts/export?format=pdf', { caller })).statusCode).toBe(400);
  });
});
