import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { cartItems, eventPayments, eventSections, paymentProviderEvents } from '../../db/schema/commerce.ts';
import { signDemoEvent } from '../../platform/payment-providers.ts';
import { createConferenceDay, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const webhookSecret = 'whsec_test_members_portal';
const t = useTestApp({ STRIPE_WEBHOOK_SECRET: webhookSecret });

/** A member with a PENDING demo card payment for `tickets` seats of a fresh section. */
async function pendingPayment(tickets = 2, capacity = 10) {
  const buyer = await signedInUser(t);
  const day = await createConferenceDay(t.deps.db, capacity);
  await call(t.app, 'POST', '/api/cart/items', {
    caller: buyer.caller,
    body: {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: tickets,
    },
  });
  const response = await call(t.app, 'POST', '/api/checkout', {
    caller: buyer.caller,
    body: { method: 'CARD' },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { ...buyer, day, paymentId: response.json().eventPaymentId as string };
}

async function payment(id: string) {
  const [row] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id));
  if (!row) throw new Error('no payment');
  return row;
}
const taken = async (sectionId: string) =>
  (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, sectionId)))[0]?.ticketsTaken;

function demoWebhook(body: Record<string, unknown>, signature?: string) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/demo/webhook',
    headers: {
      'content-type': 'application/json',
      'x-demo-signature': signature ?? signDemoEvent(t.deps.config.payments.demoSecret, raw),
    },
    payload: raw,
  });
}

function stripeWebhook(event: Record<string, unknown>, secret = webhookSecret) {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: raw, secret }),
    },
    payload: raw,
  });
}

/** A Checkout Session event for a payment of 2 × $149.00 (what pendingPayment makes), as Stripe sends it. */
const stripeSession = (type: string, paymentId: string, paymentStatus = 'paid') => ({
  id: `evt_${randomUUID().replaceAll('-', '')}`,
  object: 'event',
  type,
  created: 1_795_000_000,
  data: {
    object: {
      id: `cs_test_${paymentId.slice(0, 8)}`,
      object: 'checkout.session',
      client_reference_id: paymentId,
      payment_status: paymentStatus,
      amount_total: 29_800,
      currency: 'usd',
    },
  },
});

/** Makes a payment a Stripe one, as a Checkout Session created at checkout would have (no network in tests). */
async function asStripePayment(paymentId: string) {
  await t.deps.db
    .update(eventPayments)
    .set({ provider: 'stripe', providerReference: `cs_test_${paymentId.slice(0, 8)}` })
    .where(eq(eventPayments.id, paymentId));
}

const pay = (caller: Caller, paymentId: string, outcome: string) =>
  call(t.app, 'POST', `/api/payments/demo/${paymentId}`, { caller, body: { outcome } });

describe('POST /api/payments/demo/:eventPaymentId (the demo card page)', () => {
  it('pays: the payment becomes PAID, its seats stay sold, and the browser goes to the success page', async () => {
    const { caller, paymentId, day } = await pendingPayment(2);
    const response = await pay(caller, paymentId, 'succeed');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      redirectUrl: `/members/event-cart/checkout/success?eventPaymentId=${paymentId}&source=demo`,
    });
    expect(await payment(paymentId)).toMatchObject({
      status: 'PAID',
      seatsHeld: true,
      holdExpiresAt: null,
      paidAt: t.clock(),
    });
    expect(await taken(day.section.id)).toBe(2);
    const events = await t.deps.db
      .select()
      .from(paymentProviderEvents)
      .where(eq(paymentProviderEvents.paymentId, paymentId));
    expect(events).toEqual([expect.objectContaining({ provider: 'demo', type: 'payment.succeeded' })]);
    // A second click changes nothing.
    expect((await pay(caller, paymentId, 'decline')).json().redirectUrl).toContain('/checkout/success');
    expect((await payment(paymentId)).status).toBe('PAID');
  });

  it('declines: the payment is CANCELLED, the seats return to sale and the tickets to the cart', async () => {
    const { caller, paymentId, day } = await pendingPayment(3);
    const response = await pay(caller, paymentId, 'decline');
    expect(response.json()).toEqual({ redirectUrl: '/members/event-cart/checkout?declined=true' });
    expect(await payment(paymentId)).toMatchObject({ status: 'CANCELLED', seatsHeld: false });
    expect(await taken(day.section.id)).toBe(0);
    const cart = (await call(t.app, 'GET', '/api/cart', { caller })).json();
    expect(cart.items).toEqual([expect.objectContaining({ sectionId: day.section.id, numberOfTickets: 3 })]);
  });

  it('refuses another member (404, nothing recorded), a signed-out caller (401) and a bad outcome (400)', async () => {
    const { caller, paymentId } = await pendingPayment();
    const other = await signedInUser(t);
    expect((await pay(other.caller, paymentId, 'succeed')).statusCode).toBe(404);
    expect((await pay({}, paymentId, 'succeed')).statusCode).toBe(401);
    expect((await pay(caller, paymentId, 'maybe')).statusCode).toBe(400);
    expect((await pay(caller, randomUUID(), 'succeed')).statusCode).toBe(404);
    expect((await payment(paymentId)).status).toBe('PENDING');
    const recorded = await t.deps.db
      .select({ id: paymentProviderEvents.id })
      .from(paymentProviderEvents)
      .where(eq(paymentProviderEvents.paymentId, paymentId));
    expect(recorded).toEqual([]);
  });
});

describe('POST /api/payments/demo/webhook', () => {
  it('applies a signed event once: the replay changes nothing', async () => {
    const { paymentId, day } = await pendingPayment(2);
    const body = { id: `demo_${randomUUID()}`, type: 'payment.succeeded', eventPaymentId: paymentId };
    const first = await demoWebhook(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'applied' });
    const paid = await payment(paymentId);
    expect(paid.status).toBe('PAID');

    t.clock.advance(60_000);
    const replay = await demoWebhook(body);
    expect(replay.json()).toEqual({ outcome: 'replayed' });
    expect(await payment(paymentId)).toEqual(paid);
    expect(await taken(day.section.id)).toBe(2);
    expect(
      await t.deps.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.providerEventId, body.id)),
    ).toHaveLength(1);
  });

  it('never downgrades PAID: a later decline is recorded and ignored', async () => {
    const { paymentId, day } = await pendingPayment(2);
    await demoWebhook({ id: `demo_${randomUUID()}`, type: 'payment.succeeded', eventPaymentId: paymentId });
    const decline = await demoWebhook({
      id: `demo_${randomUUID()}`,
      type: 'payment.declined',
      eventPaymentId: paymentId,
    });
    expect(decline.json()).toEqual({ outcome: 'ignored' });
    expect(await payment(paymentId)).toMatchObject({ status: 'PAID', seatsHeld: true });
    expect(await taken(day.section.id)).toBe(2);
  });

  it('refuses a bad signature, a malformed body, and needs no CSRF header or session', async () => {
    const { paymentId } = await pendingPayment();
    const body = { id: 'demo_forged', type: 'payment.succeeded', eventPaymentId: paymentId };
    expect((await demoWebhook(body, 'f'.repeat(64))).statusCode).toBe(400);
    expect((await demoWebhook(body, 'nope')).statusCode).toBe(400);
    expect((await demoWebhook({ id: 'x', type: 'payment.refunded', eventPaymentId: paymentId })).statusCode).toBe(400);
    expect((await payment(paymentId)).status).toBe('PENDING');
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('marks a completed Checkout Session PAID once; the replayed event changes nothing', async () => {
    const { paymentId, day } = await pendingPayment(2);
    await asStripePayment(paymentId);
    const event = stripeSession('checkout.session.completed', paymentId);
    const first = await stripeWebhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'applied' });
    const paid = await payment(paymentId);
    expect(paid).toMatchObject({ status: 'PAID', provider: 'stripe' });

    const replay = await stripeWebhook(event);
    expect(replay.json()).toEqual({ outcome: 'replayed' });
    expect(await payment(paymentId)).toEqual(paid);
    expect(await taken(day.section.id)).toBe(2);
    // An expiry arriving out of order after the completion changes nothing either.
    expect((await stripeWebhook(stripeSession('checkout.session.expired', paymentId))).json()).toEqual({
      outcome: 'ignored',
    });
    expect((await payment(paymentId)).status).toBe('PAID');
  });

  it('releases the seats of an expired Checkout Session', async () => {
    const { paymentId, day } = await pendingPayment(4);
    await asStripePayment(paymentId);
    expect((await stripeWebhook(stripeSession('checkout.session.expired', paymentId))).json()).toEqual({
      outcome: 'applied',
    });
    expect(await payment(paymentId)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
    expect(await taken(day.section.id)).toBe(0);
  });

  it('refuses a signature made with another secret and ignores events for payments of another provider', async () => {
    const { paymentId } = await pendingPayment();
    const forged = await stripeWebhook(stripeSession('checkout.session.completed', paymentId), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    // The payment is a demo one: a Stripe event naming it is recorded but not applied.
    expect((await stripeWebhook(stripeSession('checkout.session.completed', paymentId))).json()).toEqual({
      outcome: 'ignored',
    });
    expect((await payment(paymentId)).status).toBe('PENDING');
  });
});

describe('a success arriving after the hold expired', () => {
  it('takes the seats again when they are still free', async () => {
    const { paymentId, day, caller } = await pendingPayment(2, 10);
    t.clock.advance(31 * 60_000);
    await call(t.app, 'GET', `/api/event-payments/${paymentId}`, { caller });
    expect(await payment(paymentId)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
    expect(await taken(day.section.id)).toBe(0);

    const late = await demoWebhook({
      id: `demo_${randomUUID()}`,
      type: 'payment.succeeded',
      eventPaymentId: paymentId,
    });
    expect(late.json()).toEqual({ outcome: 'applied' });
    expect(await payment(paymentId)).toMatchObject({ status: 'PAID', seatsHeld: true });
    expect(await taken(day.section.id)).toBe(2);
  });

  it('records REFUND_NEEDED (never PAID past capacity) when they were sold meanwhile, audits it and mails staff', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { paymentId, day, caller } = await pendingPayment(2, 2);
    t.clock.advance(31 * 60_000);
    // Another member buys the released seats.
    const rival = await signedInUser(t);
    await call(t.app, 'POST', '/api/cart/items', {
      caller: rival.caller,
      body: { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 2 },
    });
    expect(
      (
        await call(t.app, 'POST', '/api/checkout', {
          caller: rival.caller,
          body: { method: 'CARD' },
          headers: { 'idempotency-key': randomUUID() },
        })
      ).statusCode,
    ).toBe(201);
    expect((await payment(paymentId)).status).toBe('EXPIRED');

    const late = await demoWebhook({
      id: `demo_${randomUUID()}`,
      type: 'payment.succeeded',
      eventPaymentId: paymentId,
    });
    expect(late.json()).toEqual({ outcome: 'applied' });
    expect(await payment(paymentId)).toMatchObject({
      status: 'REFUND_NEEDED',
      refundReason: 'SEATS_GONE',
      seatsHeld: false,
      paidAt: null,
    });
    expect(await taken(day.section.id)).toBe(2);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event-payment.refund-needed'), eq(auditLog.subjectId, paymentId)));
    expect(audits).toHaveLength(1);
    const [mail] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, staff.user.email));
    expect(mail?.text).toContain(paymentId);
    expect((await call(t.app, 'GET', `/api/event-payments/${paymentId}`, { caller })).json().status).toBe(
      'REFUND_NEEDED',
    );
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.userId, rival.user.id))).toHaveLength(0);
  });
});
