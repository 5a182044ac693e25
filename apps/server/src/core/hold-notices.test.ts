import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { holdMailTexts } from '@portal/domain/commerce/unfinished-orders.ts';
import { eventPayments, events, eventSections } from '../db/schema/commerce.ts';
import { jobs, mailMessages } from '../db/schema/platform.ts';
import { runDueJobs } from '../platform/jobs.ts';
import { createConferenceDay, createEvent, signedInUser } from '../test/commerce-factories.ts';
import { call, useTestApp } from '../test/harness.ts';
import { expireDueHolds } from './capacity.ts';
import { holdReleasedMailJob, holdReleasedMailJobHandler, remindEndingHolds } from './hold-notices.ts';

const t = useTestApp();
const dayMs = 24 * 60 * 60_000;

const mailTo = (email: string) => t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, email));
const taken = async (sectionId: string) =>
  (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, sectionId)))[0]?.ticketsTaken;
const paymentRow = async (id: string) =>
  (await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id)))[0];
const sendReleasedMails = () =>
  runDueJobs(t.deps.db, { [holdReleasedMailJob]: holdReleasedMailJobHandler(t.deps) }).then(() => undefined);

/** A buyer who chose "Pay by purchase order" for 3 seats and left the purchase-order form. */
async function leftPurchaseOrder() {
  const { user, caller } = await signedInUser(t, 'MEMBER', { firstName: 'Pat' });
  const day = await createConferenceDay(t.deps.db, 10);
  // Far enough ahead that the purchase windows stay open while the clock moves weeks.
  await t.deps.db
    .update(events)
    .set({ startDate: '2027-03-10', endDate: '2027-03-10' })
    .where(eq(events.id, day.event.id));
  await t.deps.db
    .update(eventSections)
    .set({ dates: ['2027-03-10'] })
    .where(eq(eventSections.id, day.section.id));
  const later = await createEvent(t.deps.db, { startDate: '2027-03-11', endDate: '2027-03-11' });
  await call(t.app, 'POST', '/api/cart/items', {
    caller,
    body: { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 3 },
  });
  await call(t.app, 'POST', '/api/cart/items', {
    caller,
    body: { eventId: later.event.id, ticketTypeId: later.ticketType.id, numberOfTickets: 1 },
  });
  const response = await call(t.app, 'POST', '/api/checkout', {
    caller,
    body: { method: 'PURCHASE_ORDER' },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  const paymentId: string = response.json().eventPaymentId;
  return { user, caller, day, later, paymentId };
}

describe('unfinished purchase-order holds (PURCHASE_ORDER_HOLD_DAYS 7, reminder 2 days before)', () => {
  it('reminds the buyer once, two days before the hold ends, however many sweeps run', async () => {
    const { user, day, later, paymentId } = await leftPurchaseOrder();
    const holdEnds = (await paymentRow(paymentId))?.holdExpiresAt;
    expect(holdEnds?.getTime()).toBe(t.clock().getTime() + 7 * dayMs);

    t.clock.advance(5 * dayMs - 60_000);
    expect(await remindEndingHolds(t.deps, t.clock())).toBe(0);
    expect(await mailTo(user.email)).toEqual([]);

    t.clock.advance(60_000);
    // Two instances sweeping at the same moment, then later sweeps: one reminder.
    const both = await Promise.all([remindEndingHolds(t.deps, t.clock()), remindEndingHolds(t.deps, t.clock())]);
    expect(both.reduce((sum, n) => sum + n, 0)).toBe(1);
    t.clock.advance(dayMs);
    expect(await remindEndingHolds(t.deps, t.clock())).toBe(0);

    const mails = await mailTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(holdMailTexts.reminderSubject);
    expect(mails[0]?.text).toContain('Hello Pat,');
    expect(mails[0]?.text).toContain(`3 × ${day.event.name} — Coaching Writing`);
    expect(mails[0]?.text).toContain(`1 × ${later.event.name}`);
    expect(mails[0]?.text).toContain('upload the purchase order before then, or the seats go back on sale');
    expect(mails[0]?.text).toContain('http://portal.test/members/manage-events');
    expect((await paymentRow(paymentId))?.holdReminderSentAt).toEqual(new Date(t.clock().getTime() - dayMs));
  });

  it('lets the seats go once when the hold ends, and mails the buyer once', async () => {
    const { user, day, paymentId } = await leftPurchaseOrder();
    t.clock.advance(7 * dayMs + 1);
    // Two instances sweeping at the same moment: the seats come back once (a second release would count below 0).
    await Promise.all([expireDueHolds(t.deps.db, t.clock()), expireDueHolds(t.deps.db, t.clock())]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'EXPIRED', seatsHeld: false, holdExpiresAt: null });
    expect(await taken(day.section.id)).toBe(0);
    expect(await expireDueHolds(t.deps.db, t.clock())).toBe(0);

    const queued = await t.deps.db.select().from(jobs).where(eq(jobs.kind, holdReleasedMailJob));
    expect(queued.filter((job) => job.payload.paymentId === paymentId)).toHaveLength(1);
    await sendReleasedMails();
    const mails = (await mailTo(user.email)).filter((mail) => mail.subject === holdMailTexts.releasedSubject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`3 × ${day.event.name} — Coaching Writing`);
    expect(mails[0]?.text).toContain('its seats were let go and are back on sale. Nothing was charged.');
    expect(mails[0]?.text).toContain('http://portal.test/members/events');
  });

  it('reminds no hold whose purchase order was uploaded or that was discarded', async () => {
    const uploaded = await leftPurchaseOrder();
    await t.deps.db
      .update(eventPayments)
      .set({ status: 'PO_SUBMITTED' })
      .where(eq(eventPayments.id, uploaded.paymentId));
    const discarded = await leftPurchaseOrder();
    await call(t.app, 'POST', `/api/event-payments/${discarded.paymentId}/discard`, { caller: discarded.caller });
    t.clock.advance(6 * dayMs);
    await remindEndingHolds(t.deps, t.clock());
    expect(await mailTo(uploaded.user.email)).toEqual([]);
    expect(await mailTo(discarded.user.email)).toEqual([]);
  });
});
