import { describe, expect, it } from 'vitest';
import type { AuditLogPage } from '@portal/domain/audit/audit-log.ts';
import { audit } from '../../platform/audit.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { readCsv } from '../../test/exports.ts';
import { addMembership, createOrganization, createUser } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { exportEntries } from './repository.ts';

const t = useTestApp();

/** Three entries: a staff member impersonating a member, a role change in an organization, a PO approval. */
async function history() {
  const staff = await signedInUser(t, 'STAFF', { firstName: 'Stella' });
  const member = await createUser(t.deps.db, { firstName: 'Milo', lastName: 'Member' });
  const organization = await createOrganization(t.deps.db, `Audit School ${member.id.slice(0, 6)}`);
  const membership = await addMembership(t.deps.db, organization.id, member.id);
  await audit(t.deps.db, {
    actorId: staff.user.id,
    action: 'impersonation.start',
    subjectType: 'user',
    subjectId: member.id,
  });
  await audit(t.deps.db, {
    actorId: staff.user.id,
    action: 'organization.role',
    subjectType: 'membership',
    subjectId: membership.id,
    data: { role: 'ADMIN' },
  });
  await audit(t.deps.db, {
    actorId: member.id,
    impersonatorId: staff.user.id,
    action: 'profile.update',
    subjectType: 'user',
    subjectId: member.id,
    data: { organizationId: organization.id },
  });
  return { staff, member, organization };
}

describe('GET /api/admin/audit-log', () => {
  it('lists entries newest first with who acted, who viewed as them and the organization touched', async () => {
    const { staff, member, organization } = await history();

    const page = await call(t.app, 'GET', `/api/admin/audit-log?person=${encodeURIComponent(member.email)}`, {
      caller: staff.caller,
    });

    expect(page.statusCode).toBe(200);
    expect(page.json<AuditLogPage>().items).toEqual([
      expect.objectContaining({
        action: 'profile.update',
        actorName: 'Milo Member',
        actorEmail: member.email,
        impersonatorName: `Stella ${staff.user.lastName}`,
        organizationName: organization.name,
      }),
    ]);
  });

  it('filters by kind and by organization', async () => {
    const { staff, organization } = await history();

    const roles = await call(
      t.app,
      'GET',
      `/api/admin/audit-log?kind=organization&organization=${encodeURIComponent(organization.name)}`,
      { caller: staff.caller },
    );
    expect(roles.json<AuditLogPage>().items.map((row) => [row.action, row.organizationName])).toEqual([
      ['organization.role', organization.name],
    ]);
    const touched = await call(
      t.app,
      'GET',
      `/api/admin/audit-log?organization=${encodeURIComponent(organization.name)}`,
      { caller: staff.caller },
    );
    expect(touched.json<AuditLogPage>().items.map((row) => row.action)).toEqual([
      'profile.update',
      'organization.role',
    ]);
  });

  it('reads as words: the action, the subject by name, the details as sentences', async () => {
    const { staff, member, organization } = await history();
    await audit(t.deps.db, {
      actorId: staff.user.id,
      action: 'auth.sign-in-link-issued',
      subjectType: 'user',
      subjectId: member.id,
    });
    await audit(t.deps.db, {
      actorId: staff.user.id,
      action: 'event-payment.refund-needed',
      subjectType: 'event_payment',
      subjectId: member.id,
      data: { totalCents: 12_550, refundNeeded: true, dueOn: '2026-11-20T15:00:00.000Z', organizationId: null },
    });
    const page = await call(t.app, 'GET', `/api/admin/audit-log?person=${encodeURIComponent(staff.user.email)}`, {
      caller: staff.caller,
    });
    // The staff member acted in all five, one of them viewing as Milo.
    const [refund, link, profile, role, started] = page.json<AuditLogPage>().items;
    expect(link).toMatchObject({ actionLabel: 'Sign-in link issued', subject: 'Milo Member', details: '' });
    expect(refund).toMatchObject({
      actionLabel: 'Event payment needs a refund',
      // No payment has that id: the subject is named by what it is.
      subject: 'Event payment',
      // Stored as jsonb, the keys come back in jsonb's order.
      details: 'Due on: 11/20/2026 10:00 AM. Total: $125.50. Refund needed: yes. Organization id: none.',
    });
    expect(profile).toMatchObject({ actionLabel: 'Profile updated', subject: 'Milo Member' });
    expect(role).toMatchObject({ actionLabel: 'Role changed', subject: 'Milo Member', details: 'Role: ADMIN.' });
    expect(started).toMatchObject({ actionLabel: 'Started viewing as the member', subject: 'Milo Member' });
    expect(JSON.stringify(page.json())).not.toContain('{\\"');
    expect(profile?.organizationName).toBe(organization.name);
  });

  it('refuses a member and an unknown kind', async () => {
    const member = (await signedInUser(t, 'MEMBER')).caller;
    expect((await call(t.app, 'GET', '/api/admin/audit-log', { caller: member })).statusCode).toBe(403);
    const bad = await call(t.app, 'GET', '/api/admin/audit-log?kind=everything', {
      caller: (await signedInUser(t, 'STAFF')).caller,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Not a kind of action');
  });
});

describe('GET /api/admin/audit-log/export', () => {
  it('writes the entries the page shows under the same filters', async () => {
    const { staff, organization } = await history();
    const filters = `organization=${encodeURIComponent(organization.name)}`;
    const list = (
      await call(t.app, 'GET', `/api/admin/audit-log?${filters}`, { caller: staff.caller })
    ).json<AuditLogPage>();

    const file = await call(t.app, 'GET', `/api/admin/audit-log/export?${filters}&format=csv`, {
      caller: staff.caller,
    });

    expect(file.statusCode).toBe(200);
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual([
      'When',
      'Action',
      'Who',
      'Email',
      'Viewing as them',
      'Subject',
      'Subject id',
      'Organization',
      'Details',
      'Action code',
    ]);
    expect(rows.map((row) => [row[1], row[2], row[5], row[7], row[9]])).toEqual(
      list.items.map((item) => [item.actionLabel, item.actorName, item.subject, item.organizationName, item.action]),
    );
    expect(rows[1]?.[8]).toBe('Role: ADMIN.');
  });

  it('pages by keyset on the id', async () => {
    const { organization } = await history();
    const actions = [];
    for await (const row of exportEntries(t.deps.db, { organization: organization.name }, 1)) actions.push(row.action);
    expect(actions).toEqual(['profile.update', 'organization.role']);
  });

  it('refuses a member', async () => {
    const member = (await signedInUser(t, 'MEMBER')).caller;
    expect((await call(t.app, 'GET', '/api/admin/audit-log/export?format=xlsx', { caller: member })).statusCode).toBe(
      403,
    );
  });
});
