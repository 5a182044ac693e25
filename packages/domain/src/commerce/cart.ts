import { z } from 'zod';
import { couponTypes } from './enums.ts';
import { formatCents, type Cents } from '../money.ts';

export const maxTicketsPerLine = 100;

export const cartMessages = {
  couponRequired: 'Coupon code is required',
  couponError: 'Error applying coupon code',
  couponApplied: 'Coupon code applied successfully',
  couponRemoved: 'Coupon removed',
  itemRemoved: 'Removed from your cart',
  quantityUpdated: 'Cart updated',
  empty: 'Your cart is empty',
  ticketsRange: `Choose between 1 and ${maxTicketsPerLine} tickets`,
} as const;

/** Why a coupon cannot be used (the detail of the 400 behind 'Error applying coupon code'). */
export const couponRefusals = {
  unknown: 'This coupon code does not exist.',
  notYetValid: 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has been used up.',
  notForTheseEvents: 'This coupon is not valid for the events in your cart.',
  emptyCart: 'Add tickets to your cart before applying a coupon.',
} as const;
export type CouponRefusal = keyof typeof couponRefusals;

/** The same refusals said of one event's application, which has no cart. */
export function applicationCouponRefusalText(refusal: CouponRefusal): string {
  return refusal === 'notForTheseEvents' ? 'This coupon is not valid for this event.' : couponRefusals[refusal];
}

/**
 * The checkout's refusal (409) when the cart's coupon ran out (or stopped applying) between the cart
 * being shown and the checkout: the coupon leaves the cart and the buyer confirms the new total by
 * checking out again, rather than being charged more than the screen said.
 */
export function couponGoneMessage(code: string, newTotal: Cents): string {
  return `The coupon ${code} is no longer available. Your new total is ${formatCents(newTotal)}: check out again to confirm it.`;
}

export interface CouponTerms {
  active: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  timesUsed: number;
  /** Set when the coupon is for one event only. */
  eventId: string | null;
}

/**
 * Whether a coupon can be used now on a cart holding tickets of `eventIds`, and if not, why. A coupon
 * for one event applies only when every line is for that event, since it is taken off the whole order.
 */
export function couponRefusal(coupon: CouponTerms, now: Date, eventIds: readonly string[]): CouponRefusal | null {
  if (!coupon.active) return 'unknown';
  if (coupon.validFrom && now < coupon.validFrom) return 'notYetValid';
  if (coupon.validUntil && now >= coupon.validUntil) return 'expired';
  if (coupon.maxUses !== null && coupon.timesUsed >= coupon.maxUses) return 'usedUp';
  if (eventIds.length === 0) return 'emptyCart';
  if (coupon.eventId !== null && eventIds.some((id) => id !== coupon.eventId)) return 'notForTheseEvents';
  return null;
}

export const checkoutOrganizationMessages = {
  required: 'Choose the organization these tickets are for.',
  notYours: 'Choose one of the organizations you administer.',
  label: 'Buying for',
} as const;
export type CheckoutOrganization =
  { organizationId: string | null } | { refusal: keyof Omit<typeof checkoutOrganizationMessages, 'label'> };

/**
 * Which organization a checkout buys for, from the buyer's choice and the organizations they
 * administer (active OWNER or ADMIN): the chosen one if they administer it; without a choice, the
 * only one; none when they administer none (the buyer may then allocate the tickets to themselves).
 * Several and no choice is refused: a payment bought for no one could not be allocated to the staff.
 */
export function checkoutOrganization(
  chosen: string | null | undefined,
  administered: readonly string[],
): CheckoutOrganization {
  if (chosen) return administered.includes(chosen) ? { organizationId: chosen } : { refusal: 'notYours' };
  if (administered.length > 1) return { refusal: 'required' };
  return { organizationId: administered[0] ?? null };
}

const tickets = z.coerce
  .number()
  .int(cartMessages.ticketsRange)
  .min(1, cartMessages.ticketsRange)
  .max(maxTicketsPerLine, cartMessages.ticketsRange);

/** POST /api/cart/items: a section is required for conference days and institutes, absent for series events. */
export const addCartItem = z.object({
  eventId: z.uuid(),
  ticketTypeId: z.uuid(),
  sectionId: z.uuid().nullable().optional(),
  numberOfTickets: tickets,
});
export type AddCartItem = z.infer<typeof addCartItem>;

/** PATCH /api/cart/items/:itemId */
export const updateCartItem = z.object({ numberOfTickets: tickets });

/** POST /api/cart/coupon. Removing is DELETE /api/cart/coupon. */
export const applyCoupon = z.object({ code: z.string().trim().min(1, cartMessages.couponRequired).max(50) });

export const couponReply = z.object({
  code: z.string(),
  type: z.enum(couponTypes),
  discountAmount: z.number().nullable(),
  discountPercentage: z.number().nullable(),
});
export type CouponReply = z.infer<typeof couponReply>;

export const cartItemReply = z.object({
  id: z.string(),
  eventId: z.string(),
  sectionId: z.string().nullable(),
  /** Event name, and the section title for conference days: "Fall Conference Day — Coaching Writing". */
  title: z.string(),
  numberOfTickets: z.number(),
  ticketType: z.object({ id: z.string(), name: z.string(), price: z.number() }),
  subtotal: z.number(),
  /** Seats still available for this line's bucket; null when unlimited. */
  remaining: z.number().nullable(),
  /** The event's cancellation policy in words (refunds.ts cancellationPolicyText), shown before paying. */
  cancellationPolicy: z.string(),
  /** False when the catalogue no longer sells this line (closed, now taking applications…): checkout refuses it. */
  display: z.boolean(),
  /** Why display is false (catalogue.purchaseRefusals), so the buyer knows to remove the line; null otherwise. */
  unavailableReason: z.string().nullable(),
});
export type CartItemReply = z.infer<typeof cartItemReply>;

/** GET /api/cart: totals computed on the server by pricing.orderTotals, in cents. */
export const cartReply = z.object({
  items: z.array(cartItemReply),
  couponUse: z.object({ coupon: couponReply }).nullable(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
});
export type CartReply = z.infer<typeof cartReply>;
