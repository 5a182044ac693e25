import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purchaseOrderMessages } from '@portal/domain/commerce/purchase-orders.ts';
import { coupons, eventPayments, eventSections } from '../db/schema/commerce.ts';
import { createConferenceDay, createCoupon, createPayment, signedInUser } from '../test/commerce-factories.ts';
import { useTestApp } from '../test/harness.ts';
import { expireHolds, markPaid, releasePayment } from './capacity.ts';
import { HttpProblem } from '../platform/errors.ts';

const t = useTestApp();

async function heldPayment(capacity: number, tickets: number) {
  const { user } = await signedInUser(t);
  const day = await createConferenceDay(t.deps.db, capacity);
  const coupon = await createCoupon(t.deps.db, { maxUses: 5 });
  const payment = await createPayment(t.deps.db, {
    userId: user.id,
    status: 'PO_SUBMITTED',
    couponId: coupon.id,
    lines: [
      { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: tickets },
    ],
  });
  return { day, coupon, payment };
}

const taken = async (id: string) =>
  (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, id)))[0]?.ticketsTaken;
const uses = async (id: string) => (await t.deps.db.select().from(coupons).where(eq(coupons.id, id)))[0]?.timesUsed;
const row = async (id: string) => (await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id)))[0];

describe('releasePayment', () => {
  it('gives seats and coupon use back exactly once, however many callers race', async () => {
    const { day, coupon, payment } = await heldPayment(10, 4);
    const now = t.clock();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.deps.db.transaction((tx) => releasePayment(tx, payment.id, 'CANCELLED', now))),
    );
    expect(results.filter((r) => r.seatsReleased)).toHaveLength(1);
    expect(results.every((r) => r.status === 'CANCELLED')).toBe(true);
    expect(await taken(day.section.id)).toBe(0);
    expect(await uses(coupon.id)).toBe(0);
    expect(await row(payment.id)).toMatchObject({ status: 'CANCELLED', seatsHeld: false, cancelledAt: now });
  });

  it('never downgrades a PAID payment', async () => {
    const { day, payment } = await heldPayment(10, 2);
    await t.deps.db.transaction((tx) => markPaid(tx, payment.id, 'purchase-order', t.clock()));
    const result = await t.deps.db.transaction((tx) => releasePayment(tx, payment.id, 'CANCELLED', t.clock()));
    expect(result).toEqual({ status: 'PAID', seatsReleased: false });
    expect(await taken(day.section.id)).toBe(2);
  });

  it('turns an EXPIRED payment (seats already released) CANCELLED without releasing twice', async () => {
    const { day, payment } = await heldPayment(10, 2);
    await t.deps.db
      .update(eventPayments)
      .set({ holdExpiresAt: new Date(t.clock().getTime() - 1) })
      .where(eq(eventPayments.id, payment.id));
    expect(await expireHolds(t.deps.db, t.clock())).toBeGreaterThanOrEqual(1);
    expect(await taken(day.section.id)).toBe(0);
    const result = await t.deps.db.transaction((tx) => releasePayment(tx, payment.id, 'CANCELLED', t.clock()));
    expect(result).toEqual({ status: 'CANCELLED', seatsReleased: false });
    expect(await taken(day.section.id)).toBe(0);
  });
});

describe('markPaid', () => {
  it('sells held seats, and is a no-op the second time', async () => {
    const { day, payment } = await heldPayment(10, 3);
    expect(await t.deps.db.transaction((tx) => markPaid(tx, payment.id, 'purchase-order', t.clock()))).toBe('paid');
    expect(await t.deps.db.transaction((tx) => markPaid(tx, payment.id, 'purchase-order', t.clock()))).toBe(
      'alreadyPaid',
    );
    expect(await row(payment.id)).toMatchObject({ status: 'PAID', seatsHeld: true, holdExpiresAt: null });
    expect(await taken(day.section.id)).toBe(3);
  });

  it('takes released seats (and the coupon use) again when they are free', async () => {
    const { day, coupon, payment } = await heldPayment(10, 3);
    await t.deps.db.transaction((tx) => releasePayment(tx, payment.id, 'EXPIRED', t.clock()));
    expect(await taken(day.section.id)).toBe(0);
    expect(await t.deps.db.transaction((tx) => markPaid(tx, payment.id, 'purchase-order', t.clock()))).toBe('paid');
    expect(await taken(day.section.id)).toBe(3);
    expect(await uses(coupon.id)).toBe(1);
  });

  it('throws 409 seatsGone and changes nothing when released seats were sold meanwhile', async () => {
    const { day, payment } = await heldPayment(3, 3);
    await t.deps.db.transaction((tx) => releasePayment(tx, payment.id, 'EXPIRED', t.clock()));
    await t.deps.db.update(eventSections).set({ ticketsTaken: 1 }).where(eq(eventSections.id, day.section.id));
    const attempt = t.deps.db.transaction((tx) => markPaid(tx, payment.id, 'purchase-order', t.clock()));
    await expect(attempt).rejects.toBeInstanceOf(HttpProblem);
    await expect(attempt).rejects.toMatchObject({ status: 409, detail: purchaseOrderMessages.seatsGone });
    expect(await row(payment.id)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
    expect(await taken(day.section.id)).toBe(1);
  });
});
