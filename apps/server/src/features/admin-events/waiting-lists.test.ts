import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitingListMessages, type StaffWaitingListReply } from '@portal/domain/events/waiting-lists.ts';
import { eventSections } from '../../db/schema/commerce.ts';
import { waitingListEntries } from '../../db/schema/waiting-lists.ts';
import { createConferenceDay, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

type Day = Awaited<ReturnType<typeof createConferenceDay>>;

async function soldOutDay(seats: number) {
  const day = await createConferenceDay(t.deps.db, seats);
  const { user } = await signedInUser(t);
  await createPayment(t.deps.db, {
    userId: user.id,
    status: 'PAID',
    lines: [
      { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: seats },
    ],
  });
  return day;
}

async function joined(day: Day, quantity: number, name: string) {
  const { caller } = await signedInUser(t, 'MEMBER', { firstName: name });
  const response = await call(t.app, 'POST', '/api/waiting-lists/entries', {
    caller,
    body: {
      eventId: day.event.id,
      sectionId: day.section.id,
      ticketTypeId: day.ticketType.id,
      quantity,
      organizationId: null,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

const sectionBody = (day: Day, maxTickets: number) => ({
  title: day.section.title,
  dates: ['2026-12-10'],
  locationName: null,
  audienceType: [],
  description: '',
  isFree: false,
  maxTickets,
  position: 0,
});

const entryRow = async (id: string) =>
  (await t.deps.db.select().from(waitingListEntries).where(eq(waitingListEntries.id, id)))[0];
const list = (caller: Caller, day: Day) =>
  call(t.app, 'GET', `/api/admin/events/${day.event.id}/waiting-list`, { caller });

describe('the staff waiting list of an event', () => {
  it('shows each list in order with what everyone waiting would take and earn; refuses members', async () => {
    const day = await soldOutDay(1);
    const staff = await signedInUser(t, 'STAFF');
    await joined(day, 2, 'Ada');
    await joined(day, 1, 'Bea');
    const reply = await list(staff.caller, day);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      enabled: true,
      offerHours: 48,
      entries: [
        { position: 1, quantity: 2, status: 'WAITING', priceCents: 14_900 },
        { position: 2, quantity: 1, status: 'WAITING' },
      ],
      demand: { seats: 3, cents: 44_700 },
    });
    const member = await signedInUser(t);
    expect((await list(member.caller, day)).statusCode).toBe(403);
  });

  it('gives the seats of a raised capacity to the list in order', async () => {
    const day = await soldOutDay(1);
    const staff = await signedInUser(t, 'STAFF');
    const first = await joined(day, 1, 'Ada');
    const second = await joined(day, 1, 'Bea');
    const raised = await call(t.app, 'PUT', `/api/admin/sections/${day.section.id}`, {
      caller: staff.caller,
      body: sectionBody(day, 2),
    });
    expect(raised.statusCode).toBe(200);
    expect(await entryRow(first)).toMatchObject({ status: 'OFFERED', heldSeats: 1 });
    expect(await entryRow(second)).toMatchObject({ status: 'WAITING', heldSeats: 0 });
    const [section] = await t.deps.db.select().from(eventSections).where(eq(eventSections.id, day.section.id));
    expect(section?.ticketsTaken).toBe(2);
  });

  it('moves, removes and offers by hand; turns the list off and sets the offer time', async () => {
    const day = await soldOutDay(2);
    const staff = await signedInUser(t, 'STAFF');
    const big = await joined(day, 3, 'Ada');
    const small = await joined(day, 1, 'Bea');
    const moved = await call(t.app, 'POST', `/api/admin/waiting-list-entries/${small}/move`, {
      caller: staff.caller,
      body: { direction: 'up' },
    });
    const order = moved.json<StaffWaitingListReply>().entries.map((entry) => entry.id);
    expect(order).toEqual([small, big]);
    expect(
      (
        await call(t.app, 'POST', `/api/admin/waiting-list-entries/${small}/move`, {
          caller: staff.caller,
          body: { direction: 'sideways' },
        })
      ).statusCode,
    ).toBe(400);

    const none = await call(t.app, 'POST', `/api/admin/waiting-list-entries/${small}/offer`, { caller: staff.caller });
    expect(none.statusCode).toBe(409);
    const settings = await call(t.app, 'PUT', `/api/admin/events/${day.event.id}/waiting-list`, {
      caller: staff.caller,
      body: { enabled: false, offerHours: 24 },
    });
    expect(settings.json()).toMatchObject({ enabled: false, offerHours: 24 });
    expect(
      (
        await call(t.app, 'PUT', `/api/admin/events/${day.event.id}/waiting-list`, {
          caller: staff.caller,
          body: { enabled: true, offerHours: 0 },
        })
      ).statusCode,
    ).toBe(400);

    // Two seats come free: the first in line (now the small one) is offered, the big one gathers the other.
    await call(t.app, 'PUT', `/api/admin/sections/${day.section.id}`, {
      caller: staff.caller,
      body: sectionBody(day, 4),
    });
    expect(await entryRow(small)).toMatchObject({ status: 'OFFERED', heldSeats: 1 });
    const offer = await entryRow(small);
    expect(offer?.offerExpiresAt?.getTime()).toBe(t.clock().getTime() + 24 * 3_600_000);
    expect(await entryRow(big)).toMatchObject({ status: 'WAITING', heldSeats: 1 });

    const removed = await call(t.app, 'DELETE', `/api/admin/waiting-list-entries/${small}`, { caller: staff.caller });
    expect(removed.statusCode).toBe(200);
    expect(await entryRow(small)).toMatchObject({ status: 'REMOVED', heldSeats: 0 });
    expect(await entryRow(big)).toMatchObject({ status: 'WAITING', heldSeats: 2 });
    const again = await call(t.app, 'DELETE', `/api/admin/waiting-list-entries/${small}`, { caller: staff.caller });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(waitingListMessages.notActive);
  });

  it('offers out of turn from seats others still waiting gathered', async () => {
    const day = await soldOutDay(1);
    const staff = await signedInUser(t, 'STAFF');
    const big = await joined(day, 3, 'Ada');
    const small = await joined(day, 1, 'Bea');
    await call(t.app, 'PUT', `/api/admin/sections/${day.section.id}`, {
      caller: staff.caller,
      body: sectionBody(day, 3),
    });
    expect(await entryRow(big)).toMatchObject({ status: 'WAITING', heldSeats: 2 });
    const offered = await call(t.app, 'POST', `/api/admin/waiting-list-entries/${small}/offer`, {
      caller: staff.caller,
    });
    expect(offered.statusCode).toBe(200);
    expect(await entryRow(small)).toMatchObject({ status: 'OFFERED', heldSeats: 1 });
    expect(await entryRow(big)).toMatchObject({ status: 'WAITING', heldSeats: 1 });
    const twice = await call(t.app, 'POST', `/api/admin/waiting-list-entries/${small}/offer`, { caller: staff.caller });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(waitingListMessages.notWaiting);
  });
});
