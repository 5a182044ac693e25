import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { CancellationReply } from '@portal/domain/commerce/refunds.ts';
import { eventPayments } from '../../db/schema/commerce.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { markPaid } from '../../core/capacity.ts';
import { sendRefund } from '../../core/refunds.ts';
import type { PaymentProvider, RefundRequest } from '../../platform/payment-providers.ts';
import { createConferenceDay, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const webhookSecret = 'whsec_refunds';
/** Stripe's webhooks verified; its API never called: the refund goes through a fake provider (no network in tests). */
const t = useTestApp({ STRIPE_WEBHOOK_SECRET: webhookSecret });

function stripeWebhook(event: Record<string, unknown>) {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: webhookSecret }),
    },
    payload: raw,
  });
}

/** A fake Stripe that answers each refund as pending, with one refund id per idempotency key, as Stripe does. */
function fakeStripe() {
  const asked: RefundRequest[] = [];
  const provider: PaymentProvider = {
    name: 'stripe',
    startCheckout: () => Promise.reject(new Error('not in this test')),
    refund: async (request) => {
      asked.push(request);
      return { providerRefundId: `re_${request.idempotencyKey.slice(-12)}`, settled: false };
    },
  };
  return { asked, provider };
}

/** Staff refund a PAID Stripe payment of 2 × $100.00 in full: recorded PENDING, sent to (fake) Stripe. */
async function pendingStripeRefund() {
  const staff = await signedInUser(t, 'STAFF');
  const { user } = await signedInUser(t);
  const day = await createConferenceDay(t.deps.db, 10);
  const payment = await createPayment(t.deps.db, {
    userId: user.id,
    status: 'PENDING',
    method: 'CARD',
    lines: [
      {
        eventId: day.event.id,
        ticketTypeId: day.ticketType.id,
        sectionId: day.section.id,
        numberOfTickets: 2,
        priceCents: 10_000,
      },
    ],
  });
  const sessionId = `cs_test_${randomUUID().replaceAll('-', '')}`;
  await t.deps.db.update(eventPayments).set({ providerReference: sessionId }).where(eq(eventPayments.id, payment.id));
  await t.deps.db.transaction((tx) => markPaid(tx, payment.id, 'stripe', t.clock()));
  const response = await call(t.app, 'POST', `/api/admin/event-payments/${payment.id}/refund`, {
    caller: staff.caller,
    body: { refund: 'FULL', reason: 'Event moved' },
    headers: { 'idempotency-key': randomUUID() },
  });
  const refundId = response.json<CancellationReply>().refund?.id ?? '';
  const fake = fakeStripe();
  await sendRefund({ ...t.deps, paymentProviderOf: () => fake.provider }, refundId);
  await sendRefund({ ...t.deps, paymentProviderOf: () => fake.provider }, refundId);
  const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) throw new Error('no refund');
  return { payment, sessionId, refund, asked: fake.asked };
}

describe('Stripe refunds', () => {
  it('sends the refund with its idempotency key (twice sent, one key), then refund.updated settles it once', async () => {
    const { payment, sessionId, refund, asked } = await pendingStripeRefund();
    expect(refund).toMatchObject({
      status: 'PENDING',
      provider: 'stripe',
      providerRefundId: expect.stringMatching(/^re_/),
    });
    expect(asked).toEqual([
      { providerReference: sessionId, amountCents: 20_000, idempotencyKey: refund.idempotencyKey },
      { providerReference: sessionId, amountCents: 20_000, idempotencyKey: refund.idempotencyKey },
    ]);
    const event = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'refund.updated',
      created: 1_795_000_000,
      data: { object: { id: refund.providerRefundId, object: 'refund', status: 'succeeded', metadata: {} } },
    };
    expect((await stripeWebhook(event)).json()).toEqual({ outcome: 'applied' });
    expect((await stripeWebhook(event)).json()).toEqual({ outcome: 'replayed' });
    const [settled] = await t.deps.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(settled).toMatchObject({ status: 'SETTLED', settledAt: expect.any(Date) });
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after?.refundedCents).toBe(20_000);
  });

  it('charge.refunded with a failed refund (found by the key in its metadata) fails it and gives the amount back', async () => {
    const { payment, refund } = await pendingStripeRefund();
    const event = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'charge.refunded',
      created: 1_795_000_000,
      data: {
        object: {
          id: 'ch_1',
          object: 'charge',
          refunds: {
            object: 'list',
            data: [
              { id: 're_other', object: 'refund', status: 'failed', metadata: { refundKey: refund.idempotencyKey } },
            ],
          },
        },
      },
    };
    expect((await stripeWebhook(event)).json()).toEqual({ outcome: 'applied' });
    const [failed] = await t.deps.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(failed?.status).toBe('FAILED');
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after?.refundedCents).toBe(0);
  });
});
