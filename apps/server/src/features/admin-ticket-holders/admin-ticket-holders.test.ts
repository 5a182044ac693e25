import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TicketHolderPage } from '@portal/domain/tickets/ticket-holders.ts';
import { eventPaymentItems } from '../../db/schema/commerce.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { readCsv, readXlsx } from '../../test/exports.ts';
import { createUser } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { exportHolders } from './repository.ts';

const t = useTestApp();
const staff = async () => (await signedInUser(t, 'STAFF')).caller;

/** An event whose one paid line holds tickets for Hal Holder, Amy Adams and Zed Zulu. */
async function eventWithHolders() {
  const attendance = await createAttendanceSection(t.deps.db, ['2026-11-22']);
  const [item] = await t.deps.db
    .select()
    .from(eventPaymentItems)
    .where(eq(eventPaymentItems.eventId, attendance.event.id));
  if (!item) throw new Error('no payment item');
  for (const [firstName, lastName] of [
    ['Amy', 'Adams'],
    ['Zed', 'Zulu'],
  ] as const) {
    const user = await createUser(t.deps.db, { firstName, lastName });
    await t.deps.db.insert(eventTickets).values({
      paymentItemId: item.id,
      userId: user.id,
      eventId: attendance.event.id,
      sectionId: attendance.section.id,
    });
  }
  return attendance;
}

describe('GET /api/admin/events/:eventId/ticket-holders', () => {
  it('lists the holders by last name with their section; searches name, email or organization', async () => {
    const caller = await staff();
    const { event, section } = await eventWithHolders();

    const page = await call(t.app, 'GET', `/api/admin/events/${event.id}/ticket-holders`, { caller });

    expect(page.statusCode).toBe(200);
    const body = page.json<TicketHolderPage>();
    expect(body.event).toEqual({ id: event.id, name: event.name });
    expect(body.items.map((row) => [row.name, row.kind, row.sectionTitle])).toEqual([
      ['Amy Adams', 'TICKET', section.title],
      ['Hal Holder', 'TICKET', section.title],
      ['Zed Zulu', 'TICKET', section.title],
    ]);
    const searched = await call(t.app, 'GET', `/api/admin/events/${event.id}/ticket-holders?search=zed`, { caller });
    expect(searched.json<TicketHolderPage>().items.map((row) => row.name)).toEqual(['Zed Zulu']);
  });

  it('refuses a member, an unknown event and a bad kind', async () => {
    const { event } = await eventWithHolders();
    const member = (await signedInUser(t, 'MEMBER')).caller;
    const caller = await staff();
    expect(
      (await call(t.app, 'GET', `/api/admin/events/${event.id}/ticket-holders`, { caller: member })).statusCode,
    ).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, 'GET', `/api/admin/events/${unknown}/ticket-holders`, { caller })).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/admin/events/${event.id}/ticket-holders?kind=VIP`, { caller })).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/admin/events/:eventId/ticket-holders/export', () => {
  it('writes the rows the list shows under the same search, as CSV and as XLSX', async () => {
    const caller = await staff();
    const { event, section } = await eventWithHolders();
    const list = (
      await call(t.app, 'GET', `/api/admin/events/${event.id}/ticket-holders?search=a`, { caller })
    ).json<TicketHolderPage>();

    const csv = await call(t.app, 'GET', `/api/admin/events/${event.id}/ticket-holders/export?search=a&format=csv`, {
      caller,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="ticket-holders-[a-z0-9-]+\.csv"$/);
    const [header, ...rows] = readCsv(csv.body);
    expect(header).toEqual(['Name', 'Email', 'Holds', 'Section', 'Organization']);
    expect(rows.map((row) => [row[0], row[1], row[2], row[3]])).toEqual(
      list.items.map((item) => [item.name, item.email, 'Ticket', section.title]),
    );

    const xlsx = await call(t.app, 'GET', `/api/admin/events/${event.id}/ticket-holders/export?format=xlsx`, {
      caller,
    });
    const [sheetHeader, ...sheetRows] = await readXlsx(xlsx.rawPayload);
    expect(sheetHeader).toEqual(['Name', 'Email', 'Holds', 'Section', 'Organization']);
    expect(sheetRows.map((row) => row[0])).toEqual(['Amy Adams', 'Hal Holder', 'Zed Zulu']);
  });

  it('pages by keyset through every holder once', async () => {
    const { event } = await eventWithHolders();
    const names = [];
    for await (const row of exportHolders(t.deps.db, event.id, {}, 1)) names.push(`${row.firstName} ${row.lastName}`);
    expect(names).toEqual(['Amy Adams', 'Hal Holder', 'Zed Zulu']);
  });

  it('refuses a member and a missing format', async () => {
    const { event } = await eventWithHolders();
    const member = (await signedInUser(t, 'MEMBER')).caller;
    const path = `/api/admin/events/${event.id}/ticket-holders/export`;
    expect((await call(t.app, 'GET', `${path}?format=csv`, { caller: member })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', path, { caller: await staff() })).statusCode).toBe(400);
  });
});
