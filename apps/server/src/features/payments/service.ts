import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { z } from 'zod';
import { paymentMessages, type CashnetReturn, type EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import { cardOnReceipt } from '@portal/domain/commerce/receipts.ts';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { readEventPayment } from '../../core/event-payments.ts';
import { paidPath, unpaidPath } from '../../core/payment-paths.ts';
import { verifyCashnetReturn, verifyDemoSignature, verifyStripeEvent } from '../../platform/payment-providers.ts';
import { reconcileProviderRefund } from '../../core/refunds.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  applyBuyersProviderEvent,
  handleProviderEvent,
  type ProviderEvent,
  type ProviderEventOutcome,
} from './provider-events.ts';
import { findBuyersPayment, recordProviderEvent } from './repository.ts';

const paymentNotFound = () => notFound(paymentMessages.notFound);
const uuidOrNull = (value: unknown) => {
  const parsed = z.uuid().safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The card the demo provider's page pays with, as a card provider describes one: on the receipt. */
const demoCard = { brand: 'Visa', last4: '4242' };

/** The demo provider is reachable only while it is the active provider. */
function requireDemo(deps: AppDeps): void {
  if (deps.config.payments.provider !== 'demo') throw notFound('The demo payment provider is not enabled.');
}

/**
 * The demo provider's hosted page: the buyer's choice becomes a provider event with a new id, handled
 * like any provider's. Answers where the browser goes next.
 */
export async function payWithDemo(deps: AppDeps, auth: RequestAuth, paymentId: string, outcome: 'succeed' | 'decline') {
  requireDemo(deps);
  const type = outcome === 'succeed' ? 'payment.succeeded' : 'payment.declined';
  const { status, payment } = await applyBuyersProviderEvent(
    deps,
    {
      provider: 'demo',
      id: randomUUID(),
      kind: outcome === 'succeed' ? 'succeeded' : 'declined',
      type,
      paymentId,
      payload: { type, eventPaymentId: paymentId, ...(outcome === 'succeed' ? { card: demoCard } : {}) },
      ...(outcome === 'succeed' ? { card: demoCard } : {}),
    },
    auth.user.id,
  );
  // An application imported from the previous system is paid from, and back to, the same pages.
  const applicationId = payment.applicationId ?? payment.legacyApplicationId;
  // The success page says what became of it: paid, or paid too late to be honoured (refund needed).
  if (status === 'PAID' || status === 'REFUND_NEEDED') {
    return { redirectUrl: paidPath(paymentId, 'demo', applicationId, payment.registrationRequestId) };
  }
  // A declined application or registration payment goes back to where Pay is offered again.
  if (payment.registrationRequestId) return { redirectUrl: unpaidPath(null, payment.registrationRequestId) };
  return {
    redirectUrl: applicationId ? unpaidPath(applicationId) : `${unpaidPath(null)}?declined=true`,
  };
}

const demoWebhookBody = z.object({
  id: z.string().trim().min(1).max(200),
  type: z.enum(['payment.succeeded', 'payment.declined']),
  eventPaymentId: z.uuid(),
  card: z.object({ brand: z.string(), last4: z.string() }).optional(),
});

/** A card the provider described, when it looks like one (cardOnReceipt); nothing otherwise. */
function cardOf(card: { brand: unknown; last4: unknown } | null | undefined): {
  card?: { brand: string; last4: string };
} {
  const kept = card ? cardOnReceipt(card.brand, card.last4) : null;
  return kept ? { card: kept } : {};
}

const invalidSignature = () => badRequest('The signature does not match the body.');

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('The body is not JSON.');
  }
}

/** POST /api/payments/demo/webhook: a demo provider event signed with DEMO_PAYMENT_SECRET (lets tests replay events). */
export async function receiveDemoWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<ProviderEventOutcome> {
  requireDemo(deps);
  if (!verifyDemoSignature(deps.config.payments.demoSecret, rawBody, signature)) throw invalidSignature();
  const parsed = demoWebhookBody.safeParse(parseJson(rawBody));
  if (!parsed.success) throw badRequest('The body is not a demo payment event.');
  const body = parsed.data;
  return handleProviderEvent(deps, {
    provider: 'demo',
    id: body.id,
    kind: body.type === 'payment.succeeded' ? 'succeeded' : 'declined',
    type: body.type,
    paymentId: body.eventPaymentId,
    payload: body,
    ...cardOf(body.card),
  });
}

/**
 * A Checkout Session event, with what the handler compares before anything counts: the session id
 * (the payment's providerReference) and, for a success, the amount and currency charged.
 */
function fromStripe(event: Stripe.Event): ProviderEvent {
  const base = { provider: 'stripe' as const, id: event.id, type: event.type };
  const about = (session: Stripe.Checkout.Session) => ({
    ...base,
    paymentId: uuidOrNull(session.client_reference_id ?? session.metadata?.eventPaymentId),
    checkoutId: session.id,
    payload: {
      id: event.id,
      type: event.type,
      created: event.created,
      sessionId: session.id,
      amountTotal: session.amount_total,
      currency: session.currency,
    },
  });
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      if (!paid) return { ...about(session), kind: 'other' };
      return {
        ...about(session),
        kind: 'succeeded',
        charge: { amountCents: session.amount_total ?? -1, currency: session.currency ?? '' },
      };
    }
    case 'checkout.session.async_payment_failed':
      return { ...about(event.data.object), kind: 'declined' };
    case 'checkout.session.expired':
      return { ...about(event.data.object), kind: 'expired' };
    default:
      return {
        ...base,
        kind: 'other',
        paymentId: null,
        payload: { id: event.id, type: event.type, created: event.created },
      };
  }
}

/** POST /api/payments/stripe/webhook: verified with STRIPE_WEBHOOK_SECRET by the Stripe SDK. */
export async function receiveStripeWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<ProviderEventOutcome> {
  const secret = deps.config.payments.stripeWebhookSecret;
  if (!secret) throw notFound('Stripe is not configured.');
  let event: Stripe.Event;
  try {
    event = await verifyStripeEvent(secret, rawBody, signature);
  } catch {
    throw invalidSignature();
  }
  if (stripeRefundEvents.has(event.type)) return receiveStripeRefundEvent(deps, event);
  return handleProviderEvent(deps, fromStripe(event));
}

const stripeRefundEvents = new Set(['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed']);

/**
 * Stripe's word on refunds the portal sent (issue 38): charge.refunded lists the charge's refunds,
 * refund.* carry one. Each is matched to its refund by Stripe's id or the key in its metadata and
 * settled or failed once (core/refunds.ts); the event is recorded once, so a replay changes nothing.
 */
async function receiveStripeRefundEvent(deps: AppDeps, event: Stripe.Event): Promise<ProviderEventOutcome> {
  const object = event.data.object as Stripe.Charge | Stripe.Refund;
  const sent: Stripe.Refund[] = object.object === 'charge' ? (object.refunds?.data ?? []) : [object];
  return deps.db.transaction(async (tx) => {
    const recorded = await recordProviderEvent(tx, {
      provider: 'stripe',
      providerEventId: event.id,
      paymentId: null,
      type: event.type,
      payload: { id: event.id, type: event.type, created: event.created, refunds: sent.map((refund) => refund.id) },
    });
    if (!recorded) return 'replayed';
    let applied = false;
    for (const refund of sent) {
      const outcome = await reconcileProviderRefund(
        tx,
        'stripe',
        { providerRefundId: refund.id, refundKey: refund.metadata?.refundKey ?? null, status: refund.status ?? '' },
        deps.clock(),
      );
      if (outcome === 'settled' || outcome === 'failed') applied = true;
    }
    return applied ? 'applied' : 'ignored';
  });
}

const notConfirmed = 'The payment could not be confirmed with the payment gateway.';

/**
 * The CashNet-style gateway's return (batchno, tx, custcode, ref3val1), confirmed by asking the
 * gateway itself; recorded as a provider event under the gateway's transaction id, so reloading the
 * success page changes nothing. Only the buyer may confirm. A transaction the gateway reports for
 * another payment is refused (400, nothing recorded); one approved for this payment but for another
 * amount is recorded, and the handler makes the payment REFUND_NEEDED rather than PAID.
 */
export async function confirmCashnet(
  deps: AppDeps,
  auth: RequestAuth,
  parameters: CashnetReturn,
): Promise<EventPaymentReply> {
  const verifyUrl = deps.config.payments.cashnetVerifyUrl;
  const payment = await findBuyersPayment(deps.db, parameters.ref3val1, auth.user.id, 'cashnet');
  if (!payment || !verifyUrl) throw paymentNotFound();
  const verification = await verifyCashnetReturn(verifyUrl, parameters);
  const approved = verification.status === 'approved';
  if (verification.ref3val1 !== payment.id) throw badRequest(notConfirmed);
  await handleProviderEvent(deps, {
    provider: 'cashnet',
    id: parameters.tx,
    kind: approved ? 'succeeded' : 'declined',
    type: approved ? 'payment.approved' : 'payment.declined',
    paymentId: payment.id,
    payload: { ...parameters, status: verification.status, amountCents: verification.amountCents },
    ...(approved ? { charge: { amountCents: verification.amountCents, currency: 'usd' } } : {}),
  });
  const reply = await readEventPayment(deps.db, payment.id, auth.user.id, true);
  if (!reply) throw paymentNotFound();
  return reply;
}
