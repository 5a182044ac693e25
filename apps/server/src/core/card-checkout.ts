import { eq } from 'drizzle-orm';
import { paymentMessages, type PaymentOptionsReply } from '@portal/domain/commerce/payments.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Transaction } from '../db/client.ts';
import { eventPayments } from '../db/schema/commerce.ts';
import { conflict } from '../platform/errors.ts';
import {
  activePaymentProvider,
  type CheckoutStart,
  type PaymentProvider,
  type StartedCheckout,
} from '../platform/payment-providers.ts';
import type { RequestAuth } from '../platform/sessions.ts';
import { paidPath, unpaidPath } from './payment-paths.ts';

export interface CardPaymentToStart {
  id: string;
  totalCents: number;
  holdExpiresAt: Date | null;
  applicationId: string | null;
  /** Set for the payment of an application imported from the previous system: the application pages too. */
  legacyApplicationId?: string | null;
  /** Set for a registration request's payment: its own success page and way back. */
  registrationRequestId?: string | null;
}

/** Which ways to pay this installation offers: card needs a configured provider, purchase orders always work. */
export function paymentOptions(deps: AppDeps): PaymentOptionsReply {
  const available = activePaymentProvider(deps.config) !== null;
  return { card: { available, unavailableReason: available ? null : paymentMessages.cardUnavailable } };
}

/** The provider a new card payment goes to; refused (409, with the reason) before anything is written when none is set up. */
export function requireCardProvider(deps: AppDeps): PaymentProvider {
  const provider = activePaymentProvider(deps.config);
  if (!provider) throw conflict(paymentMessages.cardUnavailable);
  return provider;
}

function checkoutStart(
  deps: AppDeps,
  auth: RequestAuth,
  provider: PaymentProvider,
  payment: CardPaymentToStart,
  description: string,
): CheckoutStart {
  const applicationId = payment.applicationId ?? payment.legacyApplicationId ?? null;
  return {
    paymentId: payment.id,
    totalCents: payment.totalCents,
    description,
    buyerEmail: auth.user.email,
    holdExpiresAt: payment.holdExpiresAt ?? deps.clock(),
    productName: payment.registrationRequestId
      ? 'Group registration'
      : applicationId
        ? 'Event application'
        : 'Event tickets',
    paidPath: paidPath(payment.id, provider.name, applicationId, payment.registrationRequestId ?? null),
    unpaidPath: unpaidPath(applicationId, payment.registrationRequestId ?? null),
  };
}

/**
 * The provider's page for a card payment not yet written, when the provider builds it without a
 * call (the demo page, CashNet's): the checkout stores it with the payment, and startCardPayment
 * has nothing left to do. Null for a provider that must be called (Stripe), after the commit.
 */
export function pageWithoutCall(
  deps: AppDeps,
  auth: RequestAuth,
  provider: PaymentProvider,
  payment: CardPaymentToStart,
  description: string,
): StartedCheckout | null {
  return provider.pageWithoutCall?.(checkoutStart(deps, auth, provider, payment, description)) ?? null;
}

/**
 * Sends a committed card payment to the active provider (no network call holds seat locks) and keeps
 * the provider's page, so a replay answers the same URL. When the provider cannot be reached,
 * `undo` runs in its own transaction (cancel the payment, give back what it took) and the error goes
 * on, answered and logged as a 500. Without `undo` (a fresh checkout of an unfinished order, Pay now)
 * the payment stays as it was, for the buyer to try again.
 */
export async function startCardPayment(
  deps: AppDeps,
  auth: RequestAuth,
  payment: CardPaymentToStart,
  description: string,
  undo?: (tx: Transaction) => Promise<void>,
): Promise<string> {
  try {
    const activeProvider = requireCardProvider(deps);
    const started = await activeProvider.startCheckout(checkoutStart(deps, auth, activeProvider, payment, description));
    await deps.db
      .update(eventPayments)
      .set({ checkoutUrl: started.redirectUrl, providerReference: started.providerReference })
      .where(eq(eventPayments.id, payment.id));
    return started.redirectUrl;
  } catch (error) {
    if (undo) await deps.db.transaction(undo);
    throw error;
  }
}
