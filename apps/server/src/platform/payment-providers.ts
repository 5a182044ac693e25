import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { PaymentProviderName } from '@portal/domain/commerce/enums.ts';
import type { CashnetReturn } from '@portal/domain/commerce/payments.ts';
import type { Config } from '../config.ts';

/**
 * Card payment providers behind one interface: where the buyer is sent to pay. What comes back
 * (a signed webhook, a gateway return) is verified by the provider's own function below and handed
 * to the payments feature's one provider-event handler.
 */

export interface CheckoutStart {
  paymentId: string;
  totalCents: number;
  /** Shown on the provider's page. */
  description: string;
  buyerEmail: string;
  holdExpiresAt: Date;
  /** The line's name on the provider's page. */
  productName: string;
  /** Where the provider sends the buyer back, paid or not (paths inside the portal). */
  paidPath: string;
  unpaidPath: string;
}

export interface StartedCheckout {
  redirectUrl: string;
  /** The provider's own id for this checkout (Stripe's session id); null when it has none yet. */
  providerReference: string | null;
}

/** Money sent back to the card a checkout charged. */
export interface RefundRequest {
  /** The provider's id of the checkout (providerReference). */
  providerReference: string | null;
  amountCents: number;
  /** Sent to the provider as its idempotency key: a retried call makes one refund. */
  idempotencyKey: string;
}

export interface SentRefund {
  providerRefundId: string;
  /** True when the provider says the money is back; false when it confirms later (its refund events). */
  settled: boolean;
  failed?: boolean;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  startCheckout(checkout: CheckoutStart): Promise<StartedCheckout>;
  /** Refunds through the provider's API; absent when the provider has none (a refund is then owed and settled by hand). */
  refund?(request: RefundRequest): Promise<SentRefund>;
  /**
   * The provider's page when it is built here, without calling the provider (nothing to open on its
   * side): a checkout can then store it with the payment instead of after it.
   */
  pageWithoutCall?(checkout: CheckoutStart): StartedCheckout;
}

export const demoPayPath = (paymentId: string) =>
  `/members/event-cart/checkout/demo-pay?eventPaymentId=${encodeURIComponent(paymentId)}`;

/** The built-in provider: a page inside the app where the buyer chooses to pay or decline. */
const demoPage = (checkout: CheckoutStart): StartedCheckout => ({
  redirectUrl: demoPayPath(checkout.paymentId),
  providerReference: null,
});
const demoProvider: PaymentProvider = {
  name: 'demo',
  pageWithoutCall: demoPage,
  startCheckout: async (checkout) => demoPage(checkout),
  refund: async (request) => ({ providerRefundId: `demo_${request.idempotencyKey}`, settled: true }),
};

/** Stripe Checkout: one line of the whole (already discounted) total, expiring just after our hold. */
function stripeProvider(secretKey: string, publicUrl: string): PaymentProvider {
  // The SDK is loaded by the first Stripe checkout, not at start-up (docs/decisions/0144-start-in-a-second.md).
  let client: Promise<Stripe> | undefined;
  return {
    name: 'stripe',
    async startCheckout(checkout) {
      client ??= import('stripe').then(({ default: StripeSdk }) => new StripeSdk(secretKey));
      const stripe = await client;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: checkout.paymentId,
          metadata: { eventPaymentId: checkout.paymentId },
          customer_email: checkout.buyerEmail,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: checkout.totalCents,
                product_data: { name: checkout.productName, description: checkout.description },
              },
            },
          ],
          success_url: `${publicUrl}${checkout.paidPath}`,
          cancel_url: `${publicUrl}${checkout.unpaidPath}`,
          // Stripe wants at least 30 minutes; a payment completed after our hold is handled as a late payment.
          expires_at: Math.floor(checkout.holdExpiresAt.getTime() / 1000) + 120,
        },
        { idempotencyKey: `event-payment-${checkout.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { redirectUrl: session.url, providerReference: session.id };
    },
    async refund(request) {
      if (!request.providerReference) throw new Error('a Stripe refund needs the Checkout Session it refunds');
      client ??= import('stripe').then(({ default: StripeSdk }) => new StripeSdk(secretKey));
      const stripe = await client;
      const session = await stripe.checkout.sessions.retrieve(request.providerReference);
      const paymentIntent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error('the Checkout Session has no payment to refund');
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: request.amountCents, metadata: { refundKey: request.idempotencyKey } },
        { idempotencyKey: request.idempotencyKey },
      );
      return {
        providerRefundId: refund.id,
        settled: refund.status === 'succeeded',
        failed: refund.status === 'failed' || refund.status === 'canceled',
      };
    },
  };
}

/** The CashNet-style gateway: its page takes our payment id as ref3val1 and returns it with batchno, tx and custcode. */
function cashnetProvider(checkoutUrl: string): PaymentProvider {
  const pageWithoutCall = (checkout: CheckoutStart): StartedCheckout => {
    const url = new URL(checkoutUrl);
    url.searchParams.set('ref3val1', checkout.paymentId);
    url.searchParams.set('amount', (checkout.totalCents / 100).toFixed(2));
    return { redirectUrl: url.toString(), providerReference: null };
  };
  return { name: 'cashnet', pageWithoutCall, startCheckout: async (checkout) => pageWithoutCall(checkout) };
}

/** The provider new card checkouts use (PAYMENT_PROVIDER); null when none is configured (card payment is off). */
export function activePaymentProvider(config: Config): PaymentProvider | null {
  const settings = config.payments;
  if (settings.provider === 'stripe' && settings.stripeSecretKey)
    return stripeProvider(settings.stripeSecretKey, config.publicUrl);
  if (settings.provider === 'cashnet' && settings.cashnetCheckoutUrl)
    return cashnetProvider(settings.cashnetCheckoutUrl);
  if (settings.provider === 'demo') return demoProvider;
  return null;
}

/**
 * The provider of a payment already made (its provider column), to refund it: the one it was paid
 * with, whichever provider new checkouts use now. Null when that provider is not configured here.
 */
export function providerOfPayment(config: Config, name: PaymentProviderName): PaymentProvider | null {
  const settings = config.payments;
  if (name === 'stripe' && settings.stripeSecretKey) return stripeProvider(settings.stripeSecretKey, config.publicUrl);
  if (name === 'cashnet' && settings.cashnetCheckoutUrl) return cashnetProvider(settings.cashnetCheckoutUrl);
  // Only where the demo provider is the one configured: production refuses it (config.ts).
  if (name === 'demo' && settings.provider === 'demo') return demoProvider;
  return null;
}

/** HMAC-SHA256 (hex) of the raw body: the x-demo-signature of a demo provider event. */
export function signDemoEvent(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export function verifyDemoSignature(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signDemoEvent(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

/** A Stripe webhook, verified against STRIPE_WEBHOOK_SECRET by the SDK; throws when the signature does not match. */
export async function verifyStripeEvent(
  webhookSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<Stripe.Event> {
  const { default: StripeSdk } = await import('stripe');
  return StripeSdk.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
}

const cashnetVerification = z.object({
  status: z.enum(['approved', 'declined']),
  ref3val1: z.string(),
  amountCents: z.number().int(),
});
export type CashnetVerification = z.infer<typeof cashnetVerification>;

/**
 * Asks the gateway (CASHNET_VERIFY_URL) whether a return is genuine: a browser can forge the return
 * parameters, not the gateway's answer to our server.
 */
export async function verifyCashnetReturn(verifyUrl: string, parameters: CashnetReturn): Promise<CashnetVerification> {
  const response = await fetch(verifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(parameters),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`CashNet verification answered ${response.status}`);
  return cashnetVerification.parse(await response.json());
}
