import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform.ts';
import { coupons, eventPayments, eventSections, paymentProviderEvents } from '../../db/schema/commerce.ts';
import { createConferenceDay, createCoupon, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { useTestApp } from '../../test/harness.ts';

/** Stripe as the active provider; events are signed by the SDK itself, no network involved. */
const t = useTestApp({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
const stripe = new Stripe('sk_test_x');

/** A PENDING card payment of 2 × $149.00 with a coupon use, sent to Stripe as the Checkout Session `sessionId`. */
async function stripePayment(sessionId: string | null = `cs_test_${randomUUID().replaceAll('-', '')}`) {
  const { user } = await signedInUser(t);
  const day = await createConferenceDay(t.deps.db, 10);
  const coupon = await createCoupon(t.deps.db, { maxUses: 5 });
  const created = await createPayment(t.deps.db, {
    userId: user.id,
    status: 'PENDING',
    couponId: coupon.id,
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 2 }],
  });
  await t.deps.db
    .update(eventPayments)
    .set({ provider: 'stripe', providerReference: sessionId })
    .where(eq(eventPayments.id, created.id));
  return { day, coupon, paymentId: created.id, sessionId: sessionId ?? 'cs_test_unknown' };
}

function completed(
  paymentId: string,
  session: { id: string; amount_total?: number; currency?: string },
  type = 'checkout.session.completed',
) {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: 1_795_000_000,
    data: {
      object: {
        object: 'checkout.session',
        client_reference_id: paymentId,
        payment_status: 'paid',
        amount_total: 29_800,
        currency: 'usd',
        ...session,
      },
    },
  };
}

function send(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_x' }),
    },
    payload,
  });
}

const paymentRow = async (id: string) =>
  (await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id)))[0];
const taken = async (sectionId: string) =>
  (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, sectionId)))[0]?.ticketsTaken;
const uses = async (couponId: string) =>
  (await t.deps.db.select().from(coupons).where(eq(coupons.id, couponId)))[0]?.timesUsed;
const audits = (paymentId: string, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, paymentId), eq(auditLog.action, action)));

describe('POST /api/payments/stripe/webhook compares the session and the amount with the payment', () => {
  it('pays a completed session that is the payment’s own, for its total in usd', async () => {
    const { paymentId, sessionId, day } = await stripePayment();
    const response = await send(completed(paymentId, { id: sessionId }));
    expect(response.json()).toEqual({ outcome: 'applied' });
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'PAID', seatsHeld: true, refundReason: null });
    expect(await taken(day.section.id)).toBe(2);
  });

  it.each([
    ['another amount (1 cent for $298.00)', { amount_total: 1 }, 'AMOUNT_MISMATCH'],
    ['the right number in another currency', { currency: 'eur' }, 'AMOUNT_MISMATCH'],
    ['another Checkout Session', { id: 'cs_test_someone_elses' }, 'CHECKOUT_MISMATCH'],
  ] as const)(
    'records a success for %s, flags it REFUND_NEEDED and does not pay it',
    async (_label, session, reason) => {
      const { paymentId, sessionId, day, coupon } = await stripePayment();
      const event = completed(paymentId, { id: sessionId, ...session });
      const response = await send(event);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ outcome: 'applied' });
      expect(await paymentRow(paymentId)).toMatchObject({
        status: 'REFUND_NEEDED',
        refundReason: reason,
        seatsHeld: false,
        paidAt: null,
      });
      // The seats and the coupon use it held go back: it will not be honoured.
      expect(await taken(day.section.id)).toBe(0);
      expect(await uses(coupon.id)).toBe(0);
      expect(
        await t.deps.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.providerEventId, event.id)),
      ).toEqual([expect.objectContaining({ provider: 'stripe', paymentId, type: 'checkout.session.completed' })]);
      expect(await audits(paymentId, 'event-payment.refund-needed')).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ reason }) }),
      ]);
      // The genuine event arriving afterwards does not make it PAID either: staff settle it.
      expect((await send(completed(paymentId, { id: sessionId }))).json()).toEqual({ outcome: 'ignored' });
      expect((await paymentRow(paymentId))?.status).toBe('REFUND_NEEDED');
    },
  );

  it('flags a success for a payment whose session id was never stored', async () => {
    const { paymentId } = await stripePayment(null);
    expect((await send(completed(paymentId, { id: 'cs_test_unknown' }))).json()).toEqual({ outcome: 'applied' });
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'REFUND_NEEDED', refundReason: 'CHECKOUT_MISMATCH' });
  });

  it('ignores an expiry naming another session: the payment keeps waiting for its own', async () => {
    const { paymentId, sessionId, day } = await stripePayment();
    const expired = await send(completed(paymentId, { id: 'cs_test_old_session' }, 'checkout.session.expired'));
    expect(expired.json()).toEqual({ outcome: 'ignored' });
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'PENDING', seatsHeld: true });
    expect(await taken(day.section.id)).toBe(2);
    expect((await send(completed(paymentId, { id: sessionId }))).json()).toEqual({ outcome: 'applied' });
    expect((await paymentRow(paymentId))?.status).toBe('PAID');
  });
});
