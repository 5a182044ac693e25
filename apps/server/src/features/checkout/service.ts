import { checkoutOrganization, checkoutOrganizationMessages, couponGoneMessage } from '@portal/domain/cart.ts';
import { purchaseRefusals } from '@portal/domain/catalogue.ts';
import { openingTerms, paymentMessages, type CheckoutInput, type CheckoutReply } from '@portal/domain/payments.ts';
import { orderTotals } from '@portal/domain/pricing.ts';
import { calendarDateIn } from '@portal/domain/purchase-window.ts';
import { amountTooLargeMessage, int4Max } from '@portal/domain/stored-integers.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { expireHolds, releasePayment, takeCouponUse, takeSeats } from '../../core/capacity.ts';
import { loadCart, restoreCart, type CartCoupon, type LoadedCart } from '../../core/carts.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { checkoutPath, successPath } from '../../core/payment-paths.ts';
import { requireCardProvider, startCardPayment } from '../../core/card-checkout.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { managedOrganizationIds } from '../../core/memberships.ts';
import { dropCartCoupon, emptyCart, findByIdempotencyKey, insertPayment, type CheckedOutPayment } from './repository.ts';

const purchaseOrderPath = (paymentId: string) => `/members/event-cart/checkout/purchase-order?eventPaymentId=${encodeURIComponent(paymentId)}`;

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

const couponGone = (cart: LoadedCart, coupon: CartCoupon) => new CouponGone(coupon.id, couponGoneMessage(coupon.code, orderTotals(cart.lines, null).total));

interface Frozen {
  payment: CheckedOutPayment;
  description: string;
  couponId: string | null;
}

/**
 * The checkout transaction: the cart (locked) becomes an event payment with its items and totals
 * (pricing.orderTotals, never the client's), its seats are taken bucket by bucket and its coupon use
 * counted; then the cart is emptied. Any refusal (a line the catalogue no longer sells, sold out, the
 * coupon gone, no organization chosen among several) undoes all of it.
 */
async function freezeCart(deps: AppDeps, tx: Transaction, auth: RequestAuth, input: CheckoutInput, idempotencyKey: string, now: Date): Promise<Frozen> {
  const chosen = checkoutOrganization(input.organizationId, await managedOrganizationIds(tx, auth.user.id));
  if ('refusal' in chosen) {
    const message = checkoutOrganizationMessages[chosen.refusal];
    throw badRequest(message, { organizationId: message });
  }
  const { organizationId } = chosen;
  const cart = await loadCart(tx, auth.user.id, now, calendarDateIn(now, deps.config.timeZone), true);
  if (cart.lines.length === 0) throw badRequest(paymentMessages.cartEmpty);
  // What the catalogue no longer sells (closed, unpublished, now taking applications…) is refused again here.
  const refused = cart.lines.find((line) => line.refusal !== null);
  if (refused?.refusal) throw conflict(`${refused.title}: ${purchaseRefusals[refused.refusal]}`);
  const { coupon } = cart;
  if (coupon && coupon.refusal !== null) throw couponGone(cart, coupon);
  const totals = orderTotals(cart.lines, coupon);
  if (totals.subtotal > int4Max) throw badRequest(amountTooLargeMessage);
  const terms = openingTerms(input.method, totals.total, now);
  const payment = await insertPayment(
    tx,
    {
      userId: auth.user.id,
      organizationId,
      ...terms,
      method: input.method,
      provider: input.method === 'CARD' && terms.status !== 'PAID' ? requireCardProvider(deps).name : null,
      subtotalCents: totals.subtotal,
      discountCents: totals.discount,
      totalCents: totals.total,
      couponId: coupon?.id ?? null,
      seatsHeld: true,
      idempotencyKey,
      applicationId: null,
    },
    cart.lines.map((line) => ({
      eventId: line.eventId,
      sectionId: line.sectionId,
      ticketTypeId: line.ticketTypeId,
      title: line.title,
      numberOfTickets: line.numberOfTickets,
      priceCents: line.price,
    })),
  );
  await takeSeats(tx, cart.lines);
  // Counted last (lock order: buckets, then the coupon); a use taken meanwhile by another checkout makes it gone.
  if (coupon && !(await takeCouponUse(tx, coupon.id))) throw couponGone(cart, coupon);
  await emptyCart(tx, auth.user.id);
  await audit(tx, {
    ...actorOf(auth),
    action: 'event-payment.checkout',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { method: input.method, status: payment.status, totalCents: totals.total, tickets: cart.lines.reduce((n, line) => n + line.numberOfTickets, 0) },
  });
  return {
    payment,
    description: cart.lines.map((line) => `${line.numberOfTickets} × ${line.title}`).join('; '),
    couponId: coupon?.id ?? null,
  };
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
  if (payment.status === 'PAID') return successPath(payment.id, payment.provider ?? 'free');
  if (payment.method === 'PURCHASE_ORDER') return purchaseOrderPath(payment.id);
  if (payment.checkoutUrl) return payment.checkoutUrl;
  return payment.status === 'PENDING' ? null : checkoutPath;
}

/**
 * POST /api/checkout. The Idempotency-Key makes it safe to repeat: the same key (a double click, a
 * retried request, two racing requests) answers the payment the first call made.
 */
export async function checkout(deps: AppDeps, auth: RequestAuth, input: CheckoutInput, idempotencyKey: string): Promise<CheckoutReply> {
  const now = deps.clock();
  await expireHolds(deps.db, now);
  const existing = await findByIdempotencyKey(deps.db, auth.user.id, idempotencyKey);
  if (existing) return replay(deps, auth, existing);
  let frozen: Frozen;
  try {
    frozen = await deps.db.transaction(async (tx) => freezeCart(deps, tx, auth, input, idempotencyKey, now));
  } catch (error) {
    // A request with the same key may have won meanwhile: this one then hit the unique index, or
    // waited for the cart lock and found the cart emptied. Either way it answers the winner's payment.
    const raced = await findByIdempotencyKey(deps.db, auth.user.id, idempotencyKey);
    if (raced) return replay(deps, auth, raced);
    if (error instanceof CouponGone) {
      await dropCartCoupon(deps.db, auth.user.id, error.couponId);
      throw conflict(error.detail, { code: error.detail });
    }
    throw error;
  }
  const { payment } = frozen;
  const redirectUrl = redirectOf(payment) ?? (await sendToProvider(deps, auth, frozen));
  return { eventPaymentId: payment.id, redirectUrl };
}

async function replay(deps: AppDeps, auth: RequestAuth, payment: CheckedOutPayment): Promise<CheckoutReply> {
  const redirectUrl = redirectOf(payment) ?? (await sendToProvider(deps, auth, { payment, description: 'Event tickets', couponId: null }));
  return { eventPaymentId: payment.id, redirectUrl };
}
