import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { coupons, eventPayments, eventSections, paymentProviderEvents } from '../../db/schema/commerce.ts';
import { takeCouponUse } from '../../core/capacity.ts';
import { signDemoEvent } from '../../platform/payment-providers.ts';
import { createConferenceDay, createCoupon, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

/**
 * A card success that arrives after the payment was declined or expired (issue 10: a one-use coupon
 * was used twice). Run on PGlite by default and on PostgreSQL with DATABASE_URL, where the race is real.
 */
const t = useTestApp();

type Day = Awaited<ReturnType<typeof createConferenceDay>>;

async function addToCart(caller: Caller, day: Day, tickets: number, couponCode?: string) {
  const added = await call(t.app, 'POST', '/api/cart/items', {
    caller,
    body: {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: tickets,
    },
  });
  if (added.statusCode !== 200 && added.statusCode !== 201) throw new Error(added.body);
  if (couponCode) {
    const applied = await call(t.app, 'POST', '/api/cart/coupon', { caller, body: { code: couponCode } });
    if (applied.statusCode !== 200) throw new Error(applied.body);
  }
}

const checkout = (caller: Caller) =>
  call(t.app, 'POST', '/api/checkout', {
    caller,
    body: { method: 'CARD' },
    headers: { 'idempotency-key': randomUUID() },
  });

async function checkedOut(caller: Caller): Promise<string> {
  const response = await checkout(caller);
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ eventPaymentId: string }>().eventPaymentId;
}

function demoWebhook(body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/demo/webhook',
    headers: {
      'content-type': 'application/json',
      'x-demo-signature': signDemoEvent(t.deps.config.payments.demoSecret, raw),
    },
    payload: raw,
  });
}

const success = (paymentId: string) => ({
  id: `demo_${randomUUID()}`,
  type: 'payment.succeeded',
  eventPaymentId: paymentId,
});

async function payment(id: string) {
  const [row] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id));
  if (!row) throw new Error('no payment');
  return row;
}
const taken = async (sectionId: string) =>
  (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, sectionId)))[0]?.ticketsTaken;
const uses = async (couponId: string) =>
  (await t.deps.db.select().from(coupons).where(eq(coupons.id, couponId)))[0]?.timesUsed;

/** Buyer A checks out `tickets` seats with a one-use coupon and declines the card: the seats and the use are given back. */
async function declinedWithCoupon(capacity: number, tickets: number) {
  const day = await createConferenceDay(t.deps.db, capacity);
  const coupon = await createCoupon(t.deps.db, { maxUses: 1, discountPercentage: 50 });
  const a = await signedInUser(t);
  await addToCart(a.caller, day, tickets, coupon.code);
  const paymentId = await checkedOut(a.caller);
  expect(await uses(coupon.id)).toBe(1);
  const declined = await call(t.app, 'POST', `/api/payments/demo/${paymentId}`, {
    caller: a.caller,
    body: { outcome: 'decline' },
  });
  expect(declined.statusCode).toBe(200);
  expect(await payment(paymentId)).toMatchObject({ status: 'CANCELLED', seatsHeld: false });
  expect(await uses(coupon.id)).toBe(0);
  expect(await taken(day.section.id)).toBe(0);
  return { day, coupon, a, paymentId };
}

describe('a late card success on a declined payment', () => {
  it('issue 10 reproduction: A declines, B uses the one-use coupon, A’s late success is REFUND_NEEDED, not PAID at the discount', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { day, coupon, a, paymentId } = await declinedWithCoupon(10, 2);
    const b = await signedInUser(t);
    await addToCart(b.caller, day, 1, coupon.code);
    const bPayment = await checkedOut(b.caller);
    expect(await payment(bPayment)).toMatchObject({ couponId: coupon.id });
    expect(await uses(coupon.id)).toBe(1);

    const event = success(paymentId);
    const late = await demoWebhook(event);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ outcome: 'applied' });
    expect(await payment(paymentId)).toMatchObject({
      status: 'REFUND_NEEDED',
      refundReason: 'COUPON_USED_UP',
      seatsHeld: false,
    });
    // Nothing was counted for A: B's seat and B's coupon use only.
    expect(await taken(day.section.id)).toBe(1);
    expect(await uses(coupon.id)).toBe(1);

    // Recorded once; the replay changes nothing.
    const before = await payment(paymentId);
    expect((await demoWebhook(event)).json()).toEqual({ outcome: 'replayed' });
    expect(await payment(paymentId)).toEqual(before);
    expect(
      await t.deps.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.providerEventId, event.id)),
    ).toHaveLength(1);

    // The buyer reads it (not paid), staff are told and find it by its status.
    const read = await call(t.app, 'GET', `/api/event-payments/${paymentId}`, { caller: a.caller });
    expect(read.json()).toMatchObject({ status: 'REFUND_NEEDED', refundReason: 'COUPON_USED_UP' });
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event-payment.refund-needed'), eq(auditLog.subjectId, paymentId)));
    expect(audits).toHaveLength(1);
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, staff.user.email));
    expect(mails.some((mail) => mail.text.includes(paymentId))).toBe(true);
    const listed = await call(t.app, 'GET', '/api/admin/event-payments?status=REFUND_NEEDED&pageSize=100', {
      caller: staff.caller,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: { id: string; refundReason: string }[] }>().items).toContainEqual(
      expect.objectContaining({ id: paymentId, refundReason: 'COUPON_USED_UP' }),
    );
  });

  it('a late success that can take its seats and coupon use back becomes PAID and counts them again', async () => {
    const { day, coupon, paymentId } = await declinedWithCoupon(10, 2);
    expect((await demoWebhook(success(paymentId))).json()).toEqual({ outcome: 'applied' });
    expect(await payment(paymentId)).toMatchObject({
      status: 'PAID',
      seatsHeld: true,
      refundReason: null,
      paidAt: t.clock(),
    });
    expect(await taken(day.section.id)).toBe(2);
    expect(await uses(coupon.id)).toBe(1);
  });

  it('a late success whose seats were sold meanwhile becomes REFUND_NEEDED with seats and coupon counts unchanged', async () => {
    const { day, coupon, paymentId } = await declinedWithCoupon(2, 2);
    const b = await signedInUser(t);
    await addToCart(b.caller, day, 2);
    await checkedOut(b.caller);
    expect(await taken(day.section.id)).toBe(2);

    expect((await demoWebhook(success(paymentId))).json()).toEqual({ outcome: 'applied' });
    expect(await payment(paymentId)).toMatchObject({
      status: 'REFUND_NEEDED',
      refundReason: 'SEATS_GONE',
      seatsHeld: false,
    });
    expect(await taken(day.section.id)).toBe(2);
    expect(await uses(coupon.id)).toBe(0);
    // A later success for it (another event id) settles nothing again.
    expect((await demoWebhook(success(paymentId))).json()).toEqual({ outcome: 'ignored' });
    expect(await payment(paymentId)).toMatchObject({ status: 'REFUND_NEEDED', seatsHeld: false });
    expect(await taken(day.section.id)).toBe(2);
  });

  it('an expired hold whose success comes late takes its seats again when they are free', async () => {
    const day = await createConferenceDay(t.deps.db, 10);
    const a = await signedInUser(t);
    await addToCart(a.caller, day, 3);
    const paymentId = await checkedOut(a.caller);
    t.clock.advance(31 * 60_000);
    await call(t.app, 'GET', `/api/event-payments/${paymentId}`, { caller: a.caller });
    expect(await payment(paymentId)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
    expect((await demoWebhook(success(paymentId))).json()).toEqual({ outcome: 'applied' });
    expect(await payment(paymentId)).toMatchObject({ status: 'PAID', seatsHeld: true });
    expect(await taken(day.section.id)).toBe(3);
  });

  it('race: A’s late success and C’s checkout for the last coupon use, fired at once — exactly one gets it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { day, coupon, paymentId } = await declinedWithCoupon(10, 1);
      const c = await signedInUser(t);
      await addToCart(c.caller, day, 1, coupon.code);

      // Each round starts the other request first, so either may reach the coupon row first.
      const [late, cCheckout] =
        round % 2 === 0
          ? await Promise.all([demoWebhook(success(paymentId)), checkout(c.caller)])
          : await Promise.all([checkout(c.caller), demoWebhook(success(paymentId))]).then(
              ([checkedOut, webhook]) => [webhook, checkedOut] as const,
            );
      expect(late.statusCode).toBe(200);
      expect(cCheckout.statusCode).toBeLessThan(500);

      const aWon = (await payment(paymentId)).status === 'PAID';
      const cPaymentId =
        cCheckout.statusCode === 201 ? cCheckout.json<{ eventPaymentId: string }>().eventPaymentId : null;
      const cWon = cPaymentId !== null && (await payment(cPaymentId)).couponId === coupon.id;
      expect([aWon, cWon].filter(Boolean)).toHaveLength(1);
      expect(await uses(coupon.id)).toBe(1);
      if (!aWon)
        expect(await payment(paymentId)).toMatchObject({ status: 'REFUND_NEEDED', refundReason: 'COUPON_USED_UP' });
      // Seats: A's only when A won, C's whenever C's checkout went through.
      expect(await taken(day.section.id)).toBe((aWon ? 1 : 0) + (cPaymentId ? 1 : 0));
    }
  });

  it('race: a checkout holding the last coupon use uncommitted makes A’s late success wait, then refuse it', async () => {
    const { day, coupon, paymentId } = await declinedWithCoupon(10, 1);
    let commit = () => {};
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let tookTheUse = () => {};
    const tookUse = new Promise<void>((resolve) => (tookTheUse = resolve));
    // C's checkout transaction, stopped between counting the coupon use and committing.
    const checkoutC = t.deps.db.transaction(async (tx) => {
      expect(await takeCouponUse(tx, coupon.id)).toBe(true);
      tookTheUse();
      await committed;
    });
    await tookUse;
    const late = demoWebhook(success(paymentId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await checkoutC;
    expect((await late).json()).toEqual({ outcome: 'applied' });
    expect(await payment(paymentId)).toMatchObject({ status: 'REFUND_NEEDED', refundReason: 'COUPON_USED_UP' });
    expect(await uses(coupon.id)).toBe(1);
    expect(await taken(day.section.id)).toBe(0);
  });
});
