import { randomUUID } from 'node:crypto';
import { checkoutOrganization, checkoutOrganizationMessages, couponGoneMessage } from '@portal/domain/commerce/cart.ts';
import { purchaseRefusals } from '@portal/domain/events/catalogue.ts';
import {
  cancelCheckoutMessages,
  openingTerms,
  paymentMessages,
  type CancelCheckoutReply,
  type CheckoutInput,
  type CheckoutReply,
} from '@portal/domain/commerce/payments.ts';
import { orderTotals } from '@portal/domain/commerce/pricing.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { amountTooLargeMessage, int4Max } from '@portal/domain/stored-integers.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { actorOf } from '../../platform/audit.ts';
import {
  expireDueHolds,
  releasePayment,
  requireChainTaken,
  seatChainOf,
  SoldOut,
  takeCouponUse,
  takeSeats,
} from '../../core/capacity.ts';
import { loadCheckoutCart, restoreCart, type CartCoupon, type LoadedCart } from '../../core/carts.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { writeOncePerKey, type IdempotentRequest } from '../../platform/idempotency.ts';
import { cancelPayment, findPaymentByIdempotencyKey, lockOwnPayment } from '../../core/event-payments.ts';
import { checkoutPath, successPath } from '../../core/payment-paths.ts';
import { pageWithoutCall, requireCardProvider, startCardPayment } from '../../core/card-checkout.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { managedOrganizationIds } from '../../core/memberships.ts';
import { payFromDistrictFund } from '../../core/district-funds.ts';
import { releaseCartQuoteHolds } from '../../core/quotes.ts';
import { dropCartCoupon, writeCheckout, type CheckedOutPayment } from './repository.ts';

const purchaseOrderPath = (paymentId: string) =>
  `/members/event-cart/checkout/purchase-order?eventPaymentId=${encodeURIComponent(paymentId)}`;

/**
 * The cart's coupon cannot be used (it ran out to a concurrent checkout, expired, or no longer fits
 * the cart). Thrown inside the checkout transaction so that everything it did is undone; the coupon
 * then leaves the cart and the buyer is told the new total (409), never charged it unasked.
 */
class CouponGone extends Error {
  constructor(
    readonly couponId: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const couponGone = (cart: LoadedCart, coupon: CartCoupon) =>
  new CouponGone(coupon.id, couponGoneMessage(coupon.code, orderTotals(cart.lines, null).total));

interface Frozen {
  payment: CheckedOutPayment;
  description: string;
  couponId: string | null;
}

/**
 * The checkout transaction: the cart (locked) becomes an event payment with its items and totals
 * (pricing.orderTotals, never the client's), the cart is emptied and the checkout audited, and its
 * seats are taken in that same statement (or, for a cart of several sections, right after it:
 * capacity.takeSeats); last its coupon use is counted, so the rows every buyer shares are locked only
 * for their own updates and the commit. Any refusal (a line the catalogue no
 * longer sells, sold out, the coupon gone, no organization chosen among several) undoes all of it.
 */
async function freezeCart(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  input: CheckoutInput,
  idempotency: IdempotentRequest,
  now: Date,
): Promise<Frozen> {
  const cart = await loadCheckoutCart(tx, auth.user.id, now, calendarDateIn(now, deps.config.timeZone));
  // The cart's query reads the managed organizations only with lines: an empty cart asks for them on its own.
  const managed = cart.lines.length > 0 ? cart.managedOrganizationIds : await managedOrganizationIds(tx, auth.user.id);
  const chosen = checkoutOrganization(input.organizationId, managed);
  if ('refusal' in chosen) {
    const message = checkoutOrganizationMessages[chosen.refusal];
    throw badRequest(message, { organizationId: message });
  }
  const { organizationId } = chosen;
  if (cart.lines.length === 0) throw badRequest(paymentMessages.cartEmpty);
  // What the catalogue no longer sells (closed, unpublished, now taking applications…) is refused again here.
  const refused = cart.lines.find((line) => line.refusal !== null);
  if (refused?.refusal) throw conflict(`${refused.title}: ${purchaseRefusals[refused.refusal]}`);
  const { coupon } = cart;
  if (coupon && coupon.refusal !== null) throw couponGone(cart, coupon);
  const totals = orderTotals(cart.lines, coupon);
  if (totals.subtotal > int4Max) throw badRequest(amountTooLargeMessage);
  const terms = openingTerms(input.method, totals.total, now, deps.config.purchaseOrderHold.days);
  const description = cart.lines.map((line) => `${line.numberOfTickets} × ${line.title}`).join('; ');
  const id = randomUUID();
  const provider = input.method === 'CARD' && terms.status !== 'PAID' ? requireCardProvider(deps) : null;
  // A provider page built without calling the provider is stored with the payment: nothing is left to do after the
  // commit.
  const page = provider
    ? pageWithoutCall(
        deps,
        auth,
        provider,
        { id, totalCents: totals.total, holdExpiresAt: terms.holdExpiresAt, applicationId: null },
        description,
      )
    : null;
  // Seats the buyer's own quote holds pass to this checkout (core/quotes.ts releaseCartQuoteHolds).
  if (cart.quoteHoldsSeats) await releaseCartQuoteHolds(tx, auth.user.id);
  // One statement takes the seats with the writes when it can (capacity.seatChainOf), else takeSeats after them.
  const seats = await seatChainOf(tx, cart.lines);
  const { payment, taken } = await writeCheckout(
    tx,
    {
      payment: {
        id,
        userId: auth.user.id,
        organizationId,
        ...terms,
        method: input.method,
        provider: provider?.name ?? null,
        checkoutUrl: page?.redirectUrl ?? null,
        providerReference: page?.providerReference ?? null,
        subtotalCents: totals.subtotal,
        discountCents: totals.discount,
        totalCents: totals.total,
        couponId: coupon?.id ?? null,
        idempotencyKey: idempotency.key,
        idempotencyFingerprint: idempotency.fingerprint,
      },
      items: cart.lines.map((line) => ({
        eventId: line.eventId,
        sectionId: line.sectionId,
        ticketTypeId: line.ticketTypeId,
        title: line.title,
        numberOfTickets: line.numberOfTickets,
        priceCents: line.price,
      })),
      audit: {
        ...actorOf(auth),
        action: 'event-payment.checkout',
        subjectType: 'event_payment',
        data: {
          method: input.method,
          status: terms.status,
          totalCents: totals.total,
          tickets: cart.lines.reduce((n, line) => n + line.numberOfTickets, 0),
        },
      },
    },
    seats,
  );
  if (seats) await requireChainTaken(tx, seats, taken);
  else await takeSeats(tx, cart.lines);
  // Counted last (lock order: buckets, then the coupon); a use taken meanwhile by another checkout makes it gone.
  if (coupon && !(await takeCouponUse(tx, coupon.id))) throw couponGone(cart, coupon);
  // After the coupon (lock order: buckets, coupon, the district's fund, the receipt counter).
  if (input.method === 'DISTRICT_FUNDS' && terms.status !== 'PAID') {
    const fundPayment = { paymentId: id, organizationId, totalCents: totals.total, buyerId: auth.user.id };
    const status = await payFromDistrictFund(tx, fundPayment, now, deps.config.publicUrl);
    return { payment: { ...payment, status }, description, couponId: coupon?.id ?? null };
  }
  return { payment, description, couponId: coupon?.id ?? null };
}

/** A card payment to its provider; when that fails, the payment is cancelled and the tickets go back to the cart. */
function sendToProvider(deps: AppDeps, auth: RequestAuth, frozen: Frozen): Promise<string> {
  const { payment } = frozen;
  return startCardPayment(deps, auth, { ...payment, applicationId: null }, frozen.description, async (tx) => {
    const released = await releasePayment(tx, payment.id, 'CANCELLED', deps.clock());
    if (released.seatsReleased) await restoreCart(tx, payment.id, auth.user.id, frozen.couponId);
  });
}

/** Where the buyer goes next for a payment that already exists (a replayed Idempotency-Key). */
function redirectOf(payment: CheckedOutPayment): string | null {
  if (payment.method === 'DISTRICT_FUNDS' && (payment.status === 'PAID' || payment.status === 'AWAITING_APPROVAL'))
    return successPath(payment.id, 'district-funds');
  if (payment.status === 'PAID') return successPath(payment.id, payment.provider ?? 'free');
  if (payment.method === 'PURCHASE_ORDER') return purchaseOrderPath(payment.id);
  if (payment.checkoutUrl) return payment.checkoutUrl;
  return payment.status === 'PENDING' ? null : checkoutPath;
}

/**
 * POST /api/checkout. The Idempotency-Key makes it safe to repeat: the same key (a double click, a
 * retried request, two racing requests) answers the payment the first call made; the same key with
 * another request (another method, another organization) is refused (422).
 */
export async function checkout(
  deps: AppDeps,
  auth: RequestAuth,
  input: CheckoutInput,
  idempotency: IdempotentRequest,
): Promise<CheckoutReply> {
  const now = deps.clock();
  try {
    // The key is looked up only after a failure: a request with the same key that won, now or earlier,
    // makes this one hit the unique index, or wait for the cart lock and find the cart emptied.
    return await writeOncePerKey({
      request: idempotency,
      lookFirst: false,
      made: () => findPaymentByIdempotencyKey(deps.db, auth.user.id, idempotency.key),
      replay: (made) => replay(deps, auth, made),
      write: () => freeze(deps, auth, input, idempotency, now),
      answer: async (frozen) => ({
        eventPaymentId: frozen.payment.id,
        redirectUrl: redirectOf(frozen.payment) ?? (await sendToProvider(deps, auth, frozen)),
      }),
    });
  } catch (error) {
    if (error instanceof CouponGone) {
      await dropCartCoupon(deps.db, auth.user.id, error.couponId);
      throw conflict(error.detail, { code: error.detail });
    }
    throw error;
  }
}

/**
 * The checkout transaction, tried once more when a bucket was short and holds that had run out were
 * released meanwhile (capacity.expireDueHolds): the job releases them on a timer, not every request.
 */
async function freeze(
  deps: AppDeps,
  auth: RequestAuth,
  input: CheckoutInput,
  idempotency: IdempotentRequest,
  now: Date,
): Promise<Frozen> {
  const attempt = () => deps.db.transaction(async (tx) => freezeCart(deps, tx, auth, input, idempotency, now));
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof SoldOut) || (await expireDueHolds(deps.db, now)) === 0) throw error;
    return attempt();
  }
}

/** A repeat of a checkout answers its payment as the checkout wrote it. */
async function replay(deps: AppDeps, auth: RequestAuth, made: CheckedOutPayment): Promise<CheckoutReply> {
  const payment: CheckedOutPayment = {
    id: made.id,
    status: made.status,
    method: made.method,
    provider: made.provider,
    checkoutUrl: made.checkoutUrl,
    totalCents: made.totalCents,
    holdExpiresAt: made.holdExpiresAt,
  };
  const redirectUrl =
    redirectOf(payment) ??
    (await sendToProvider(deps, auth, { payment, description: 'Event tickets', couponId: null }));
  return { eventPaymentId: payment.id, redirectUrl };
}

/**
 * POST /api/checkout/:eventPaymentId/cancel: the purchase-order page's Cancel (events.md §2 'Cancel
 * returns to /members/event-cart/checkout'). A cart's payment still waiting for its purchase order
 * is released (seats and coupon use back, capacity.releasePayment) and its tickets and coupon return
 * to the cart, so the checkout shows the cart as it was. Under the payment's row lock: of a double
 * click, one releases and the other finds it CANCELLED and answers the same. A submitted purchase
 * order is for staff to decide (409); an application's or a registration request's payment never
 * came from the cart (409).
 */
export async function cancelCheckout(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
): Promise<CancelCheckoutReply> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const payment = await lockOwnPayment(tx, paymentId, auth.user.id);
    if (!payment) throw notFound(paymentMessages.notFound);
    if (payment.applicationId !== null || payment.forRegistration || payment.method !== 'PURCHASE_ORDER')
      throw conflict(cancelCheckoutMessages.notCancellable);
    const cancelled = { status: 'CANCELLED', redirectUrl: checkoutPath } as const;
    if (payment.status === 'CANCELLED') return cancelled;
    if (payment.status === 'PO_SUBMITTED') throw conflict(cancelCheckoutMessages.purchaseOrderSubmitted);
    if (payment.status !== 'AWAITING_PO') throw conflict(cancelCheckoutMessages.notCancellable);
    const released = await cancelPayment(tx, auth, { id: paymentId, status: payment.status }, now, { by: 'buyer' });
    if (released.seatsReleased) await restoreCart(tx, paymentId, auth.user.id, payment.couponId);
    return cancelled;
  });
}
