import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventReport, SeasonReport } from '@portal/domain/events/event-reports.ts';
import { eventDailyAttendances } from '../../db/schema/attendance.ts';
import { eventPayments, eventSections } from '../../db/schema/commerce.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import {
  createConferenceDay,
  createCoupon,
  createEvent,
  createPayment,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { createUser } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const t = useTestApp();
const staff = async () => (await signedInUser(t, 'STAFF')).caller;
const reportOf = async (eventId: string) => {
  const response = await call(t.app, 'GET', `/api/admin/events/${eventId}/report`, { caller: await staff() });
  expect(response.statusCode).toBe(200);
  return response.json<EventReport>();
};

/**
 * A conference day (section of 40 seats, $149 tickets) and a second section of 10: paid by card on two
 * days (the later one with a $50 coupon), paid by purchase order, paid in full by a coupon, one
 * payment still waiting for its purchase order (held), and a cancelled one (neither).
 */
async function soldDay() {
  const day = await createConferenceDay(t.deps.db);
  const [afternoon] = await t.deps.db
    .insert(eventSections)
    .values({
      eventId: day.event.id,
      groupingId: day.grouping.id,
      title: 'Afternoon Math',
      maxTickets: 10,
      position: 1,
    })
    .returning();
  if (!afternoon) throw new Error('section not created');
  const buyer = await createUser(t.deps.db);
  const line = (numberOfTickets: number, sectionId = day.section.id) => ({
    eventId: day.event.id,
    ticketTypeId: day.ticketType.id,
    sectionId,
    numberOfTickets,
  });
  // 11:00 PM in New York on Nov 2 is Nov 3 in UTC: the provider's day counts.
  await createPayment(t.deps.db, {
    userId: buyer.id,
    status: 'PAID',
    method: 'CARD',
    paidAt: new Date('2026-11-03T04:00:00Z'),
    lines: [line(2)],
  });
  await createPayment(t.deps.db, {
    userId: buyer.id,
    status: 'PAID',
    method: 'CARD',
    paidAt: new Date('2026-11-05T15:00:00Z'),
    discountCents: 5_000,
    lines: [line(1), line(1, afternoon.id)],
  });
  await createPayment(t.deps.db, {
    userId: buyer.id,
    status: 'PAID',
    method: 'PURCHASE_ORDER',
    paidAt: new Date('2026-11-05T16:00:00Z'),
    lines: [line(3)],
  });
  const free = await createCoupon(t.deps.db, { type: 'PERCENTAGE', discountPercentage: 100 });
  await createPayment(t.deps.db, {
    userId: buyer.id,
    status: 'PAID',
    method: 'CARD',
    couponId: free.id,
    discountCents: 14_900,
    paidAt: new Date('2026-11-06T15:00:00Z'),
    lines: [line(1, afternoon.id)],
  });
  await createPayment(t.deps.db, { userId: buyer.id, status: 'AWAITING_PO', lines: [line(4)] });
  const cancelled = await createPayment(t.deps.db, { userId: buyer.id, status: 'CANCELLED', lines: [line(5)] });
  await t.deps.db.update(eventPayments).set({ seatsHeld: false }).where(eq(eventPayments.id, cancelled.id));
  return { day, afternoon };
}

describe('GET /api/admin/events/:eventId/report', () => {
  it('counts seats sold and held per section against capacity, in the editor order', async () => {
    const { day } = await soldDay();
    const report = await reportOf(day.event.id);
    expect(report.seats).toEqual([
      { sectionId: day.section.id, title: 'Coaching Writing', sold: 6, held: 4, capacity: 40 },
      { sectionId: expect.any(String) as unknown, title: 'Afternoon Math', sold: 2, held: 0, capacity: 10 },
    ]);
  });

  it("sums tickets and revenue per provider's day with running totals, a coupon's discount shared by its lines", async () => {
    const { day } = await soldDay();
    const report = await reportOf(day.event.id);
    expect(report.sales).toEqual([
      { date: '2026-11-02', tickets: 2, revenueCents: 29_800, totalTickets: 2, totalRevenueCents: 29_800 },
      // $298 less $50 by card, and 3 × $149 by purchase order.
      { date: '2026-11-05', tickets: 5, revenueCents: 24_800 + 44_700, totalTickets: 7, totalRevenueCents: 99_300 },
      { date: '2026-11-06', tickets: 1, revenueCents: 0, totalTickets: 8, totalRevenueCents: 99_300 },
    ]);
  });

  it('splits paid payments by card, purchase order and coupon', async () => {
    const { day } = await soldDay();
    const report = await reportOf(day.event.id);
    expect(report.paymentMethods).toEqual([
      { method: 'CARD', payments: 2, tickets: 4, revenueCents: 29_800 + 24_800 },
      { method: 'COUPON', payments: 1, tickets: 1, revenueCents: 0 },
      { method: 'PURCHASE_ORDER', payments: 1, tickets: 3, revenueCents: 44_700 },
    ]);
    expect(report.attendance).toEqual([]);
  });

  it('reports a series as one row of the event, and revenue of a cart of two events to each its own', async () => {
    const series = await createEvent(t.deps.db, { maxTickets: 30 });
    const other = await createEvent(t.deps.db);
    const buyer = await createUser(t.deps.db);
    await createPayment(t.deps.db, {
      userId: buyer.id,
      status: 'PAID',
      method: 'CARD',
      paidAt: new Date('2026-11-10T15:00:00Z'),
      discountCents: 10_000,
      lines: [
        { eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 1, priceCents: 30_000 },
        { eventId: other.event.id, ticketTypeId: other.ticketType.id, numberOfTickets: 1, priceCents: 10_000 },
      ],
    });
    const report = await reportOf(series.event.id);
    expect(report.seats).toEqual([{ sectionId: null, title: series.event.name, sold: 1, held: 0, capacity: 30 }]);
    expect(report.sales.map((row) => row.revenueCents)).toEqual([22_500]);
    expect((await reportOf(other.event.id)).sales.map((row) => row.revenueCents)).toEqual([7_500]);
  });

  it('rates attendance per day against the people expected in each section', async () => {
    const { event, section, otherSection, holder, applicant } = await createAttendanceSection(t.deps.db, [
      '2026-11-20',
      '2026-11-21',
    ]);
    await t.deps.db.insert(eventDailyAttendances).values([
      { eventId: event.id, sectionId: section.id, userId: holder.id, date: '2026-11-20', attended: true },
      { eventId: event.id, sectionId: section.id, userId: applicant.id, date: '2026-11-20', attended: false },
      { eventId: event.id, sectionId: otherSection.id, userId: applicant.id, date: '2026-11-20', attended: true },
      { eventId: event.id, sectionId: section.id, userId: holder.id, date: '2026-11-21', attended: true },
    ]);
    const report = await reportOf(event.id);
    // Section 1 expects the holder and the applicant, section 2 the applicant: three a day.
    expect(report.attendance).toEqual([
      { date: '2026-11-20', expected: 3, attended: 2 },
      { date: '2026-11-21', expected: 3, attended: 1 },
    ]);
  });

  it('refuses a member (403) and a bad id (400); an unknown event is 404', async () => {
    const member = await signedInUser(t);
    const { event } = await createEvent(t.deps.db);
    const url = `/api/admin/events/${event.id}/report`;
    expect((await call(t.app, 'GET', url, { caller: member.caller })).statusCode).toBe(403);
    const caller = await staff();
    expect((await call(t.app, 'GET', '/api/admin/events/nope/report', { caller })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/admin/events/${randomUUID()}/report`, { caller })).statusCode).toBe(404);
  });
});

describe('GET /api/admin/reports/season', () => {
  it("sums this season's events by type: events, seats sold and revenue of paid payments", async () => {
    const caller = await staff();
    const before = (await call(t.app, 'GET', '/api/admin/reports/season', { caller })).json<SeasonReport>();
    const type = `Retreat ${randomUUID().slice(0, 6)}`;
    const buyer = await createUser(t.deps.db);
    const inSeason = await createEvent(t.deps.db, { eventType: type, startDate: '2027-03-01', endDate: '2027-03-01' });
    await createEvent(t.deps.db, { eventType: type, startDate: '2026-07-01', endDate: '2026-07-01' });
    const lastSeason = await createEvent(t.deps.db, {
      eventType: type,
      startDate: '2026-06-30',
      endDate: '2026-06-30',
    });
    for (const event of [inSeason, lastSeason]) {
      await createPayment(t.deps.db, {
        userId: buyer.id,
        status: 'PAID',
        paidAt: new Date('2026-11-10T15:00:00Z'),
        lines: [{ eventId: event.event.id, ticketTypeId: event.ticketType.id, numberOfTickets: 2 }],
      });
    }
    await createPayment(t.deps.db, {
      userId: buyer.id,
      status: 'AWAITING_PO',
      lines: [{ eventId: inSeason.event.id, ticketTypeId: inSeason.ticketType.id, numberOfTickets: 7 }],
    });

    const response = await call(t.app, 'GET', '/api/admin/reports/season', { caller });
    expect(response.statusCode).toBe(200);
    const season = response.json<SeasonReport>();
    expect(season).toMatchObject({ name: '2026–27', startsOn: '2026-07-01', endsOn: '2027-06-30' });
    expect(season.types.find((row) => row.eventType === type)).toEqual({
      eventType: type,
      kind: null,
      events: 2,
      seatsSold: 2,
      revenueCents: 29_800,
    });
    expect(before.types.some((row) => row.eventType === type)).toBe(false);
    const member = await signedInUser(t);
    expect((await call(t.app, 'GET', '/api/admin/reports/season', { caller: member.caller })).statusCode).toBe(403);
  });

  it('groups events without a type by their kind', async () => {
    const caller = await staff();
    const untypedSeries = async () =>
      (await call(t.app, 'GET', '/api/admin/reports/season', { caller }))
        .json<SeasonReport>()
        .types.find((row) => row.eventType === null && row.kind === 'SERIES')?.events ?? 0;
    const before = await untypedSeries();
    await createEvent(t.deps.db, { kind: 'SERIES', eventType: null, startDate: '2027-02-01', endDate: '2027-02-01' });
    expect(await untypedSeries()).toBe(before + 1);
  });
});
