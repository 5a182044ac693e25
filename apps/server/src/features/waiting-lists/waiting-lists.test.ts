import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitingListMessages } from '@portal/domain/events/waiting-lists.ts';
import { eventPaymentItems, eventPayments, eventSections } from '../../db/schema/commerce.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { waitingListEntries } from '../../db/schema/waiting-lists.ts';
import { offerExpiryJob, offerMailJob } from '../../core/waiting-lists.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { createConferenceDay, createEvent, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { purchaseRefusals } from '@portal/domain/events/catalogue.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { offerExpiryJobHandler, offerMailJobHandler } from './service.ts';

const t = useTestApp();
const hour = 3_600_000;

type Day = Awaited<ReturnType<typeof createConferenceDay>>;

const join = (caller: Caller, day: Day, fields: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/waiting-lists/entries', {
    caller,
    body: {
      eventId: day.event.id,
      sectionId: day.section.id,
      ticketTypeId: day.ticketType.id,
      quantity: 1,
      organizationId: null,
      ...fields,
    },
  });
const buyOffer = (caller: Caller, entryId: string, key: string = randomUUID()) =>
  call(t.app, 'POST', `/api/waiting-lists/entries/${entryId}/checkout`, {
    caller,
    headers: { 'idempotency-key': key },
  });
const entryRow = async (id: string) =>
  (await t.deps.db.select().from(waitingListEntries).where(eq(waitingListEntries.id, id)))[0];
const sectionTaken = async (id: string) =>
  (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, id)))[0]?.ticketsTaken;

/** Seats the section's counter must equal: held payments' tickets and what its waiting list holds. */
async function heldSeats(sectionId: string) {
  const [payments] = await t.deps.db
    .select({ n: sql<number>`coalesce(sum(${eventPaymentItems.numberOfTickets}), 0)::int` })
    .from(eventPaymentItems)
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .where(sql`${eventPaymentItems.sectionId} = ${sectionId} and ${eventPayments.seatsHeld}`);
  const [entries] = await t.deps.db
    .select({ n: sql<number>`coalesce(sum(${waitingListEntries.heldSeats}), 0)::int` })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.sectionId, sectionId));
  return (payments?.n ?? 0) + (entries?.n ?? 0);
}

/** A section of `seats` seats, every one held by a card payment running out in an hour. */
async function soldOutDay(seats = 1) {
  const day = await createConferenceDay(t.deps.db, seats);
  const { user } = await signedInUser(t);
  const payment = await createPayment(t.deps.db, {
    userId: user.id,
    status: 'AWAITING_PO',
    holdExpiresAt: new Date(t.clock().getTime() + hour),
    lines: [
      { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: seats },
    ],
  });
  return { ...day, payment };
}

const jobs = () =>
  runDueJobs(t.deps.db, {
    [offerMailJob]: offerMailJobHandler(t.deps),
    [offerExpiryJob]: offerExpiryJobHandler(t.deps),
  });

describe('joining a waiting list', () => {
  it('takes a member on a sold-out section with her place, and refuses a second entry of hers', async () => {
    const day = await soldOutDay();
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const joined = await join(first.caller, day, { quantity: 2 });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'WAITING', position: 1, quantity: 2, totalCents: 29_800 });
    expect((await join(second.caller, day)).json()).toMatchObject({ position: 2 });
    const again = await join(first.caller, day);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(waitingListMessages.alreadyOnList);
    const mine = await call(t.app, 'GET', `/api/waiting-lists/events/${day.event.id}`, { caller: second.caller });
    expect(mine.json()).toMatchObject({
      enabled: true,
      entries: [{ position: 2, title: `${day.event.name} — Coaching Writing` }],
    });
  });

  it('refuses a join while seats can be bought, a closed list, a school she does not manage, bad input and strangers', async () => {
    const day = await createConferenceDay(t.deps.db, 5);
    const { caller } = await signedInUser(t);
    const open = await join(caller, day);
    expect(open.statusCode).toBe(409);
    expect(open.json().detail).toBe(waitingListMessages.seatsAvailable);
    const institute = await createEvent(t.deps.db, { acceptsApplications: true, maxTickets: 0 });
    const applied = await call(t.app, 'POST', '/api/waiting-lists/entries', {
      caller,
      body: {
        eventId: institute.event.id,
        sectionId: null,
        ticketTypeId: institute.ticketType.id,
        quantity: 1,
        organizationId: null,
      },
    });
    expect(applied.statusCode).toBe(409);
    expect(applied.json().detail).toBe(purchaseRefusals.takesApplications);
    const full = await soldOutDay();
    const school = await createOrganization(t.deps.db);
    const notManaged = await join(caller, full, { organizationId: school.id });
    expect(notManaged.statusCode).toBe(400);
    expect((await join(caller, full, { quantity: 0 })).statusCode).toBe(400);
    expect((await join({ cookie: '' }, full)).statusCode).toBe(401);
    await t.deps.db.execute(sql`update events set waiting_list_enabled = false where id = ${full.event.id}`);
    const closed = await join(caller, full);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(waitingListMessages.closed);
  });

  it('waits for her school when she manages it', async () => {
    const day = await soldOutDay();
    const { user, caller } = await signedInUser(t);
    const school = await createOrganization(t.deps.db, 'Waiting Elementary');
    await addMembership(t.deps.db, school.id, user.id, 'ADMIN');
    expect((await join(caller, day, { organizationId: school.id })).json()).toMatchObject({
      organizationName: 'Waiting Elementary',
    });
  });

  it('lets her leave; her place goes to the one behind', async () => {
    const day = await soldOutDay();
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const entry = (await join(first.caller, day)).json();
    await join(second.caller, day);
    const left = await call(t.app, 'DELETE', `/api/waiting-lists/entries/${entry.id}`, { caller: first.caller });
    expect(left.json()).toMatchObject({ status: 'LEFT', position: null });
    const again = await call(t.app, 'DELETE', `/api/waiting-lists/entries/${entry.id}`, { caller: first.caller });
    expect(again.statusCode).toBe(409);
    const stranger = await call(t.app, 'DELETE', `/api/waiting-lists/entries/${entry.id}`, { caller: second.caller });
    expect(stranger.statusCode).toBe(404);
    const mine = await call(t.app, 'GET', `/api/waiting-lists/events/${day.event.id}`, { caller: second.caller });
    expect(mine.json().entries[0].position).toBe(1);
  });
});

describe('offers', () => {
  it('gives a seat freed by an expired hold to the first entry, holds it, mails the link, and sells it through it', async () => {
    const day = await soldOutDay();
    const { user, caller } = await signedInUser(t, 'MEMBER', { email: 'waiting.one@example.test' });
    const entry = (await join(caller, day)).json();
    t.clock.advance(2 * hour);
    const offered = (await call(t.app, 'GET', `/api/waiting-lists/entries/${entry.id}`, { caller })).json();
    expect(offered).toMatchObject({ status: 'OFFERED', position: 1 });
    expect(offered.offerExpiresAt).toBe(new Date(t.clock().getTime() + 48 * hour).toISOString());
    // The offer holds the seat: nothing is left for the catalogue.
    expect(await sectionTaken(day.section.id)).toBe(1);
    expect(await heldSeats(day.section.id)).toBe(1);

    await jobs();
    const [mail] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, 'waiting.one@example.test'));
    expect(mail?.subject).toBe(`Seats for you: ${day.event.name} — Coaching Writing`);
    expect(mail?.text).toContain(`http://portal.test/members/waiting-lists/offers/${entry.id}`);
    // The provider's wall clock with its zone, as the other mails write a moment (issue 39).
    expect(mail?.text).toMatch(/held for you until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M E[SD]T\./);

    const bought = await buyOffer(caller, entry.id);
    expect(bought.statusCode).toBe(200);
    const { eventPaymentId, redirectUrl } = bought.json();
    expect(redirectUrl).toBe(`/members/event-cart/checkout/demo-pay?eventPaymentId=${eventPaymentId}`);
    const [payment] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, eventPaymentId));
    expect(payment).toMatchObject({ userId: user.id, status: 'PENDING', totalCents: 14_900, seatsHeld: true });
    expect(await entryRow(entry.id)).toMatchObject({ status: 'USED', heldSeats: 0, paymentId: eventPaymentId });
    // The hold moved from the offer to the payment: the counter did not move.
    expect(await sectionTaken(day.section.id)).toBe(1);
    expect(await heldSeats(day.section.id)).toBe(1);

    const paid = await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
      caller,
      body: { outcome: 'succeed' },
    });
    expect(paid.statusCode).toBe(200);
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, eventPaymentId));
    expect(after?.status).toBe('PAID');
  });

  it('refuses an offer used twice, someone else buying it, and an entry with no offer', async () => {
    const day = await soldOutDay();
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const entry = (await join(first.caller, day)).json();
    const behind = (await join(second.caller, day)).json();
    const waiting = await buyOffer(second.caller, behind.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().detail).toBe(waitingListMessages.notOffered);
    t.clock.advance(2 * hour);
    expect((await buyOffer(second.caller, entry.id)).statusCode).toBe(404);
    const key = randomUUID();
    const bought = await buyOffer(first.caller, entry.id, key);
    expect(bought.statusCode).toBe(200);
    // A double click (the same key) answers the same payment; another try is the offer used twice.
    expect((await buyOffer(first.caller, entry.id, key)).json()).toEqual(bought.json());
    const twice = await buyOffer(first.caller, entry.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(waitingListMessages.offerUsed);
    expect((await buyOffer(first.caller, 'not-an-id')).statusCode).toBe(400);
    const noKey = await call(t.app, 'POST', `/api/waiting-lists/entries/${behind.id}/checkout`, {
      caller: second.caller,
    });
    expect(noKey.statusCode).toBe(400);
  });

  it('refuses an offer after it ran out and passes it to the next entry by itself', async () => {
    const day = await soldOutDay();
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const entry = (await join(first.caller, day)).json();
    const next = (await join(second.caller, day)).json();
    t.clock.advance(2 * hour);
    expect((await entryRow(entry.id))?.status).toBe('WAITING');
    await call(t.app, 'GET', `/api/waiting-lists/entries/${entry.id}`, { caller: first.caller });
    expect((await entryRow(entry.id))?.status).toBe('OFFERED');
    t.clock.advance(48 * hour);
    const late = await buyOffer(first.caller, entry.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(waitingListMessages.offerExpired);
    expect(await entryRow(entry.id)).toMatchObject({ status: 'EXPIRED', heldSeats: 0 });
    expect(await entryRow(next.id)).toMatchObject({ status: 'OFFERED', heldSeats: 1 });
    expect(await sectionTaken(day.section.id)).toBe(1);
    expect(await heldSeats(day.section.id)).toBe(1);
  });

  it('ends a run-out offer once however often its job runs', async () => {
    const day = await soldOutDay();
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const entry = (await join(first.caller, day)).json();
    const next = (await join(second.caller, day)).json();
    t.clock.advance(2 * hour);
    await call(t.app, 'GET', `/api/waiting-lists/entries/${entry.id}`, { caller: first.caller });
    t.clock.advance(49 * hour);
    const expire = offerExpiryJobHandler(t.deps);
    await Promise.all([expire({ entryId: entry.id }), expire({ entryId: entry.id })]);
    await expire({ entryId: next.id });
    expect((await entryRow(entry.id))?.status).toBe('EXPIRED');
    expect((await entryRow(next.id))?.status).toBe('OFFERED');
    expect(await sectionTaken(day.section.id)).toBe(1);
    expect(await heldSeats(day.section.id)).toBe(1);
  });

  it('gives a seat freed by staff cancelling a payment to the list', async () => {
    const day = await soldOutDay();
    const staff = await signedInUser(t, 'STAFF');
    const { caller } = await signedInUser(t);
    const entry = (await join(caller, day)).json();
    const cancelled = await call(t.app, 'POST', `/api/admin/event-payments/${day.payment.id}/cancel`, {
      caller: staff.caller,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await entryRow(entry.id)).toMatchObject({ status: 'OFFERED', heldSeats: 1 });
    expect(await sectionTaken(day.section.id)).toBe(1);
  });

  it('serves the list strictly in order: a larger first entry gathers freed seats, the smaller one behind waits', async () => {
    const day = await soldOutDay(2);
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const big = (await join(first.caller, day, { quantity: 3 })).json();
    const small = (await join(second.caller, day)).json();
    t.clock.advance(2 * hour);
    await call(t.app, 'GET', `/api/waiting-lists/entries/${big.id}`, { caller: first.caller });
    expect(await entryRow(big.id)).toMatchObject({ status: 'WAITING', heldSeats: 2 });
    expect(await entryRow(small.id)).toMatchObject({ status: 'WAITING', heldSeats: 0 });
    // What it gathers is not for sale: the section shows none left.
    expect(await sectionTaken(day.section.id)).toBe(2);
    const leave = await call(t.app, 'DELETE', `/api/waiting-lists/entries/${big.id}`, { caller: first.caller });
    expect(leave.statusCode).toBe(200);
    expect(await entryRow(small.id)).toMatchObject({ status: 'OFFERED', heldSeats: 1 });
    expect(await sectionTaken(day.section.id)).toBe(1);
    expect(await heldSeats(day.section.id)).toBe(1);
  });
});
