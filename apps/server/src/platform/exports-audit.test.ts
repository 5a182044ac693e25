import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/platform.ts';
import { createEvent, signedInUser } from '../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../test/factories.ts';
import { call, useTestApp } from '../test/harness.ts';

/**
 * Every export is audited (issue 37): who took it, which list, under which filters, and how many rows the
 * file had, written once the file is sent. sendExport takes the database to write that row with, so an export
 * route cannot leave it out; this proves the row for each route that exports.
 */
const t = useTestApp();

async function exportsOf(userId: string) {
  return t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, 'export.download')));
}

describe('every export writes an audit row', () => {
  it.each([
    ['/api/admin/audit-log/export?format=csv&person=nobody', 'Audit log', { person: 'nobody' }],
    ['/api/admin/users/export?format=csv', 'Users', {}],
    ['/api/admin/organizations/export?format=xlsx', 'Organizations', {}],
    ['/api/admin/districts/export?format=csv', 'Districts', {}],
    ['/api/admin/purchase-orders/export?format=csv', 'Purchase orders', {}],
    ['/api/admin/event-payments/export?format=csv', 'Event payments', {}],
    ['/api/admin/registration-requests/export?format=csv', 'Registration requests', {}],
    ['/api/admin/applications/export?format=csv', 'Applications', {}],
    ['/api/admin/package-requests/export?format=csv', 'Package requests', {}],
  ])('GET %s', async (url, list, filters) => {
    const staff = await signedInUser(t, 'STAFF');
    const response = await call(t.app, 'GET', url, { caller: staff.caller });
    expect(response.statusCode).toBe(200);
    const [entry, ...more] = await exportsOf(staff.user.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ subjectType: 'export', data: { list: expect.any(String), filters } });
    expect(entry?.data).toHaveProperty('rows', expect.any(Number));
    expect(String(entry?.data.list)).toContain(list.split(' ')[0]!);
  });

  it('counts the rows the file had, and names the event or organization the list is of', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { event } = await createEvent(t.deps.db);
    for (const url of [
      `/api/admin/events/${event.id}/ticket-holders/export?format=csv`,
      `/api/admin/events/${event.id}/attendance.csv`,
      `/api/admin/events/${event.id}/certificates/export?format=csv`,
    ])
      expect((await call(t.app, 'GET', url, { caller: staff.caller })).statusCode).toBe(200);
    const entries = await exportsOf(staff.user.id);
    expect(entries).toHaveLength(3);
    for (const entry of entries) expect(entry.data).toMatchObject({ filters: { eventId: event.id }, rows: 0 });

    const owner = await signedInUser(t);
    const organization = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, organization.id, owner.user.id, 'OWNER');
    for (const url of [
      `/api/organizations/${organization.id}/roster/export?format=csv`,
      `/api/organizations/${organization.id}/ticket-holders/export?format=csv`,
    ])
      expect((await call(t.app, 'GET', url, { caller: owner.caller })).statusCode).toBe(200);
    const roster = await exportsOf(owner.user.id);
    expect(roster).toHaveLength(2);
    // The owner is on the roster: one row.
    expect(roster.map((entry) => entry.data.rows)).toContain(1);
    for (const entry of roster) expect(entry.data).toMatchObject({ filters: { organizationId: organization.id } });
  });
});
