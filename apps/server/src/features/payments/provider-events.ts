import type { EventPaymentStatus, PaymentProviderName, RefundReason } from '@portal/domain/commerce/enums.ts';
import { paymentMessages, refundReasonLabels } from '@portal/domain/commerce/payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { markPaid, markRefundNeeded, releasePayment, retakeHold } from '../../core/capacity.ts';
import { restoreCart } from '../../core/carts.ts';
import type { CardOnReceipt } from '../../core/receipts.ts';
import { isCancelledRequest } from '../../core/registration-requests.ts';
import { queueMail } from '../../platform/mail.ts';
import { notifyStaff } from '../../core/staff-notifications.ts';
import type { Transaction } from '../../db/client.ts';
import {
  lockProviderPayment,
  paymentTitles,
  recordProviderEvent,
  staffEmails,
  type ProviderPayment,
} from './repository.ts';

/** A provider's message, verified and reduced to what the portal acts on. */
export interface ProviderEvent {
  provider: PaymentProviderName;
  /** The provider's own event id: recorded once, so a replay changes nothing. */
  id: string;
  kind: 'succeeded' | 'declined' | 'expired' | 'other';
  /** The provider's name for it (checkout.session.completed, payment.succeeded…). */
  type: string;
  paymentId: string | null;
  payload: Record<string, unknown>;
  /**
   * The provider's checkout the event is about (Stripe's Checkout Session id), when it names one: it
   * must be the payment's providerReference, or the event is not about this payment's checkout.
   */
  checkoutId?: string;
  /** What the provider says it charged, for a success that moves money (not the demo provider's). */
  charge?: { amountCents: number; currency: string };
  /** The card's brand and last four digits, where the provider says them: printed on the receipt. */
  card?: CardOnReceipt;
}

export type ProviderEventOutcome = 'applied' | 'replayed' | 'ignored';

const actor = { actorId: null };

/** Where staff's links point, and the moment the event is handled. */
interface Site {
  publicUrl: string;
  now: Date;
}
const currency = 'usd';

/** A success whose charge is not this payment's: another checkout, or another amount or currency. */
function chargeMismatch(event: ProviderEvent, payment: ProviderPayment): RefundReason | null {
  if (event.checkoutId !== undefined && event.checkoutId !== payment.providerReference) return 'CHECKOUT_MISMATCH';
  if (
    event.charge &&
    (event.charge.amountCents !== payment.totalCents || event.charge.currency.toLowerCase() !== currency)
  )
    return 'AMOUNT_MISMATCH';
  return null;
}

async function mailStaff(tx: Transaction, subject: string, lines: string[]): Promise<void> {
  for (const to of await staffEmails(tx)) await queueMail(tx, { to, subject, text: lines.join('\n') });
}

/**
 * Money the portal cannot honour: the payment becomes REFUND_NEEDED (never PAID, its seats and
 * coupon use not counted), audited, and every staff user is mailed to refund the buyer.
 */
async function refundNeeded(
  tx: Transaction,
  site: Site,
  event: ProviderEvent,
  paymentId: string,
  reason: RefundReason,
): Promise<void> {
  await markRefundNeeded(tx, paymentId, reason, site.now);
  await audit(tx, {
    ...actor,
    action: 'event-payment.refund-needed',
    subjectType: 'event_payment',
    subjectId: paymentId,
    data: {
      provider: event.provider,
      providerEventId: event.id,
      reason,
      ...(event.charge ? { charged: event.charge } : {}),
      checkoutId: event.checkoutId ?? null,
    },
  });
  await notifyStaff(tx, site.publicUrl, {
    kind: 'refundNeeded',
    key: `refund-needed:${paymentId}`,
    summary: 'A card payment needs a refund',
    path: `/admin/event-payments/${paymentId}`,
    details: [
      `Event payment ${paymentId} was reported paid by ${event.provider} (event ${event.id}), but it cannot be honoured:`,
      refundReasonLabels[reason],
      '',
      ...(await paymentTitles(tx, paymentId)).map((line) => `- ${line}`),
      '',
      'It is recorded as REFUND_NEEDED, without seats. Refund the buyer through the provider.',
    ],
    at: site.now,
  });
}

/**
 * A success. A payment still holding its seats becomes PAID. One whose hold was released (declined,
 * expired) takes its seats and coupon use back as a checkout would, or — sold out, coupon used up —
 * becomes REFUND_NEEDED. A charge that is not this payment's is REFUND_NEEDED too, and so is one for a
 * registration request the member cancelled meanwhile (BUYER_CANCELLED). PAID stays PAID.
 * A payment already settled otherwise (REFUND_NEEDED, or paid once and cancelled by staff) is not
 * settled again: the event is kept, audited, and staff are told to check for a second charge.
 */
async function applySuccess(
  tx: Transaction,
  site: Site,
  event: ProviderEvent,
  payment: ProviderPayment,
): Promise<ProviderEventResult> {
  const { now } = site;
  const subject = { subjectType: 'event_payment', subjectId: payment.id };
  if (payment.status === 'PAID') return { outcome: 'ignored', status: payment.status };
  if (payment.status === 'REFUND_NEEDED' || payment.paidAt !== null) {
    await audit(tx, {
      ...actor,
      action: 'event-payment.success-ignored',
      ...subject,
      data: { provider: event.provider, providerEventId: event.id, status: payment.status },
    });
    await mailStaff(tx, 'A further card payment was reported for a settled payment', [
      `Event payment ${payment.id} is ${payment.status}; ${event.provider} reported another success for it (event ${event.id}).`,
      'Check the provider for a second charge and refund it if there is one.',
    ]);
    return { outcome: 'ignored', status: payment.status };
  }
  const mismatch = chargeMismatch(event, payment);
  if (mismatch) {
    await refundNeeded(tx, site, event, payment.id, mismatch);
    return { outcome: 'applied', status: 'REFUND_NEEDED' };
  }
  // Read in a statement after the payment's lock: a cancel that released it has committed, one still running finds it
  // PAID and refunds it.
  if (payment.registrationRequestId && (await isCancelledRequest(tx, payment.registrationRequestId))) {
    await refundNeeded(tx, site, event, payment.id, 'BUYER_CANCELLED');
    return { outcome: 'applied', status: 'REFUND_NEEDED' };
  }
  const refusal = payment.seatsHeld ? null : await retakeHold(tx, payment.id, payment.couponId);
  if (refusal) {
    await refundNeeded(tx, site, event, payment.id, refusal === 'seatsGone' ? 'SEATS_GONE' : 'COUPON_USED_UP');
    return { outcome: 'applied', status: 'REFUND_NEEDED' };
  }
  // Last, so the receipt counter markPaid raises stays locked only until the commit. The row is locked already, and
  // its seats are held now (kept or just taken back). The audit row is written by markPaid's own statement.
  await markPaid(
    tx,
    payment.id,
    event.provider,
    now,
    { status: payment.status, couponId: payment.couponId, seatsHeld: true },
    event.card ?? null,
    {
      ...actor,
      action: 'event-payment.paid',
      subjectType: subject.subjectType,
      data: { provider: event.provider, providerEventId: event.id, late: !payment.seatsHeld },
    },
  );
  return { outcome: 'applied', status: 'PAID' };
}

/** What handling an event did, and the payment's status afterwards (null when it names no payment of this provider). */
export interface ProviderEventResult {
  outcome: ProviderEventOutcome;
  status: EventPaymentStatus | null;
}

/**
 * The one handler every provider's events go through, in one transaction: the payment row is
 * locked, the event recorded by (provider, id) — a replay stops there — then applied. PAID is never
 * downgraded; a decline or expiry changes only a payment still waiting (PENDING) for this checkout.
 */
export async function handleProviderEvent(deps: AppDeps, event: ProviderEvent): Promise<ProviderEventOutcome> {
  return deps.db.transaction(async (tx) => {
    const payment = event.paymentId ? await lockProviderPayment(tx, event.paymentId, event.provider) : undefined;
    return (await applyLocked(tx, deps, event, payment)).outcome;
  });
}

/**
 * handleProviderEvent for the buyer's own payment (the demo provider's page): a payment that is not
 * `buyerId`'s is not found (404) and the event is not recorded. Answers the payment as locked, and its
 * status afterwards, so the page can say where to go next.
 */
export async function applyBuyersProviderEvent(deps: AppDeps, event: ProviderEvent, buyerId: string) {
  return deps.db.transaction(async (tx) => {
    const payment = event.paymentId ? await lockProviderPayment(tx, event.paymentId, event.provider) : undefined;
    if (!payment || payment.userId !== buyerId) throw notFound(paymentMessages.notFound);
    return { ...(await applyLocked(tx, deps, event, payment)), payment };
  });
}

/** An event applied to the payment it names, locked by the caller (undefined: none of this provider). */
async function applyLocked(
  tx: Transaction,
  deps: AppDeps,
  event: ProviderEvent,
  payment: ProviderPayment | undefined,
): Promise<ProviderEventResult> {
  const now = deps.clock();
  const recorded = await recordProviderEvent(tx, {
    provider: event.provider,
    providerEventId: event.id,
    paymentId: payment?.id ?? null,
    type: event.type,
    payload: event.payload,
  });
  const status = payment?.status ?? null;
  if (!recorded) return { outcome: 'replayed', status };
  if (!payment || event.kind === 'other') return { outcome: 'ignored', status };
  if (event.kind === 'succeeded') return applySuccess(tx, { publicUrl: deps.config.publicUrl, now }, event, payment);
  if (payment.status !== 'PENDING' || chargeMismatch({ ...event, charge: undefined }, payment))
    return { outcome: 'ignored', status };
  const released = await releasePayment(tx, payment.id, event.kind === 'declined' ? 'CANCELLED' : 'EXPIRED', now);
  if (event.kind === 'declined' && released.seatsReleased)
    await restoreCart(tx, payment.id, payment.userId, payment.couponId);
  await audit(tx, {
    ...actor,
    action: event.kind === 'declined' ? 'event-payment.declined' : 'event-payment.expired',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { provider: event.provider, providerEventId: event.id },
  });
  return { outcome: 'applied', status: released.status };
}
