import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventPaymentItems, eventPayments } from '../../db/schema/commerce.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { readCsv, readXlsx } from '../../test/exports.ts';
import { addMembership, createOrganization, createUser } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

/**
 * A school whose paid payment holds tickets for Hal Holder and Amy Adams, its OWNER, ADMIN and MEMBER,
 * and another event's ticket bought for no organization (which the school's file must not hold).
 */
async function schoolWithHolders(name = 'Export Maple Elementary') {
  const organization = await createOrganization(t.deps.db, `${name} ${crypto.randomUUID().slice(0, 6)}`);
  const attendance = await createAttendanceSection(t.deps.db, ['2026-11-22']);
  const [item] = await t.deps.db
    .select()
    .from(eventPaymentItems)
    .where(eq(eventPaymentItems.eventId, attendance.event.id));
  if (!item) throw new Error('no payment item');
  await t.deps.db
    .update(eventPayments)
    .set({ organizationId: organization.id })
    .where(eq(eventPayments.id, item.paymentId));
  const amy = await createUser(t.deps.db, { firstName: 'Amy', lastName: 'Adams' });
  await t.deps.db.insert(eventTickets).values({
    paymentItemId: item.id,
    userId: amy.id,
    eventId: attendance.event.id,
    sectionId: attendance.section.id,
  });
  await createAttendanceSection(t.deps.db, ['2026-11-22']);
  const people = {} as Record<'owner' | 'admin' | 'member', Awaited<ReturnType<typeof signedInUser>>>;
  for (const role of ['OWNER', 'ADMIN', 'MEMBER'] as const) {
    const person = await signedInUser(t);
    await addMembership(t.deps.db, organization.id, person.user.id, role);
    people[role.toLowerCase() as 'owner' | 'admin' | 'member'] = person;
  }
  return { organization, attendance, amy, ...people };
}

const exportUrl = (organizationId: string, format = 'csv') =>
  `/api/organizations/${organizationId}/ticket-holders/export?format=${format}`;

describe('GET /api/organizations/:organizationId/ticket-holders/export', () => {
  it('gives the OWNER and an ADMIN every place held through the school, by event then name', async () => {
    const w = await schoolWithHolders();
    const file = await call(t.app, 'GET', exportUrl(w.organization.id), { caller: w.owner.caller });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="ticket-holders-export-maple-elementary-[0-9a-f]{6}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual(['Event', 'Event start', 'Name', 'Email', 'Holds', 'Section']);
    expect(rows.map((row) => [row[0], row[2], row[3], row[4], row[5]])).toEqual([
      [w.attendance.event.name, 'Amy Adams', w.amy.email, 'Ticket', w.attendance.section.title],
      [w.attendance.event.name, 'Hal Holder', w.attendance.holder.email, 'Ticket', w.attendance.section.title],
    ]);
    expect(rows[0]?.[1]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const sheet = await call(t.app, 'GET', exportUrl(w.organization.id, 'xlsx'), { caller: w.admin.caller });
    expect(sheet.statusCode).toBe(200);
    expect((await readXlsx(sheet.rawPayload)).slice(1).map((row) => row[2])).toEqual(['Amy Adams', 'Hal Holder']);
  });

  it('tells a plain member, staff and another school’s owner the school does not exist; asks the anonymous to sign in', async () => {
    const w = await schoolWithHolders();
    const other = await schoolWithHolders();
    const staff = await signedInUser(t, 'STAFF');
    for (const caller of [w.member.caller, staff.caller, other.owner.caller]) {
      expect((await call(t.app, 'GET', exportUrl(w.organization.id), { caller })).statusCode).toBe(404);
    }
    expect((await call(t.app, 'GET', exportUrl(w.organization.id))).statusCode).toBe(401);
  });

  it('refuses a bad format or organization id with 400', async () => {
    const w = await schoolWithHolders();
    expect((await call(t.app, 'GET', exportUrl(w.organization.id, 'pdf'), { caller: w.owner.caller })).statusCode).toBe(
      400,
    );
    expect((await call(t.app, 'GET', exportUrl('nope'), { caller: w.owner.caller })).statusCode).toBe(400);
  });
});
