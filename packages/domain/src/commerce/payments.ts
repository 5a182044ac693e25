import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';
import { couponReply } from './cart.ts';
import {
  eventPaymentMethods,
  eventPaymentStatuses,
  paymentProviders,
  purchaseOrderStatuses,
  refundReasons,
  type EventPaymentMethod,
  type EventPaymentStatus,
  type RefundReason,
} from './enums.ts';

/** How long a card checkout holds its seats before they return to sale. */
export const cardHoldMinutes = 30;
/**
 * How long a purchase order, once uploaded, holds its seats while staff review it (until they approve or
 * void it). Before the upload the hold is the installation's PURCHASE_ORDER_HOLD_DAYS (decision 0160).
 */
export const purchaseOrderHoldDays = 30;
const minuteMs = 60_000;

/**
 * How a new payment starts, whatever it pays for (a cart, an application): nothing to pay is PAID at
 * once; a card waits for its provider for cardHoldMinutes; a purchase order waits for its upload for
 * `unfinishedPurchaseOrderHoldDays` (the configured PURCHASE_ORDER_HOLD_DAYS), and so does a district fund's
 * payment waiting for its district administrator.
 */
export function openingTerms(
  method: EventPaymentMethod,
  totalCents: number,
  now: Date,
  unfinishedPurchaseOrderHoldDays: number,
) {
  if (totalCents === 0) return { status: 'PAID', holdExpiresAt: null, paidAt: now } as const;
  const hold = method === 'CARD' ? cardHoldMinutes * minuteMs : unfinishedPurchaseOrderHoldDays * 24 * 60 * minuteMs;
  return {
    // A district fund's payment is PAID by the checkout when the fund covers it at once (core/district-funds.ts).
    status: method === 'CARD' ? 'PENDING' : method === 'DISTRICT_FUNDS' ? 'AWAITING_APPROVAL' : 'AWAITING_PO',
    holdExpiresAt: new Date(now.getTime() + hold),
    paidAt: null,
  } as const;
}

/** The success screens poll the payment this often (events.md §9). */
export const paymentPollMs = 2000;

export const paymentMessages = {
  processing: 'Your payment is processing, please wait...',
  paid: 'Your purchase was successful. You may now allocate tickets.',
  /** A paid payment with no tickets in it (a previous-system application's balance): nothing to allocate. */
  paidNothingToAllocate: 'Your payment was successful. Your application is paid.',
  purchaseOrderThanks: 'Thank you for uploading your purchase order. We will review and notify you once approved.',
  allocate: 'Allocate tickets',
  cartEmpty: 'Your cart is empty',
  soldOut: (title: string, remaining: number) =>
    remaining === 0
      ? `${title} is sold out.`
      : `Only ${remaining} ${remaining === 1 ? 'ticket is' : 'tickets are'} left for ${title}.`,
  declined: 'Your card was declined. No payment was taken.',
  notFound: 'Event payment not found',
  voidedOrCancelled: 'The event payment has been voided or cancelled.',
  cardUnavailable:
    'Card payment is not available: no card payment provider is set up yet. Please pay by purchase order.',
  refundNeeded:
    'We received your card payment but could not apply it to this order (its seats or coupon were no longer available, or the amount did not match), so no tickets were issued for it. It will be refunded; our staff will contact you.',
} as const;

/** GET /api/payments/options: which ways to pay this installation offers (card needs a configured provider). */
export const paymentOptionsReply = z.object({
  card: z.object({ available: z.boolean(), unavailableReason: z.string().nullable() }),
});
export type PaymentOptionsReply = z.infer<typeof paymentOptionsReply>;

/**
 * POST /api/checkout with header Idempotency-Key (a UUID the page makes once per attempt): the cart
 * becomes an event payment holding its seats. CARD replies with the provider's redirect URL;
 * PURCHASE_ORDER with the purchase-order page.
 */
export const checkoutInput = z.object({
  method: z.enum(eventPaymentMethods),
  organizationId: z.uuid().nullable().optional(),
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

export const checkoutReply = z.object({ eventPaymentId: z.string(), redirectUrl: z.string() });
export type CheckoutReply = z.infer<typeof checkoutReply>;

/**
 * POST /api/checkout/:eventPaymentId/cancel (the purchase-order page's Cancel): a cart's payment still
 * waiting for its purchase order ends CANCELLED, its seats and coupon use are given back and its
 * tickets (and coupon) return to the cart; the buyer goes back to the checkout. Asking again answers
 * the same; once the purchase order is submitted, staff decide and the buyer cannot cancel.
 */
export const cancelCheckoutReply = z.object({ status: z.literal('CANCELLED'), redirectUrl: z.string() });
export type CancelCheckoutReply = z.infer<typeof cancelCheckoutReply>;

export const cancelCheckoutMessages = {
  purchaseOrderSubmitted:
    'Your purchase order has already been submitted; our staff will review it, so this order can no longer be cancelled here.',
  notCancellable: 'Only a cart order still waiting for its purchase order can be cancelled here.',
} as const;

export const eventPaymentItemReply = z.object({
  id: z.string(),
  eventId: z.string(),
  sectionId: z.string().nullable(),
  title: z.string(),
  numberOfTickets: z.number(),
  price: z.number(),
  subtotal: z.number(),
  eventName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

export const purchaseOrderSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(purchaseOrderStatuses),
  totalCents: z.number(),
  createdAt: z.string(),
});

/** GET /api/event-payments/:id: the buyer's (or an OWNER/ADMIN of its organization's) payment. */
export const eventPaymentReply = z.object({
  id: z.string(),
  status: z.enum(eventPaymentStatuses),
  method: z.enum(eventPaymentMethods),
  provider: z.enum(paymentProviders).nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  items: z.array(eventPaymentItemReply),
  /**
   * Set for the balance of an application imported from the previous system, which has no items: the
   * event it was for, shown in their place.
   */
  legacyApplication: z.object({ id: z.string(), eventName: z.string() }).nullable(),
  couponUse: z.object({ coupon: couponReply }).nullable(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  purchaseOrders: z.array(purchaseOrderSummary),
  /** Set when status is REFUND_NEEDED. */
  refundReason: z.enum(refundReasons).nullable(),
  holdExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The number of its receipt, issued when it became paid (receipts.ts); null when it has none. */
  receiptNumber: z.number().nullable(),
});
export type EventPaymentReply = z.infer<typeof eventPaymentReply>;

/** GET /api/event-payments (the member's own and those of organizations they administer). */
export const eventPaymentsQuery = pageQuery;
export const eventPaymentRow = z.object({
  id: z.string(),
  status: z.enum(eventPaymentStatuses),
  method: z.enum(eventPaymentMethods),
  organizationName: z.string().nullable(),
  buyerName: z.string(),
  events: z.array(z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() })),
  numberOfTickets: z.number(),
  /** Tickets handed to someone (allocation progress: allocatedTickets / numberOfTickets). */
  allocatedTickets: z.number(),
  total: z.number(),
  purchaseOrders: z.array(purchaseOrderSummary),
  createdAt: z.string(),
  /** Set when the payment is for the member's accepted institute application: one seat of their own, nothing to allocate. */
  applicationId: z.string().nullable(),
  /**
   * Set when the payment is for the member's registration request: its seats (numberOfTickets, free
   * seats included) are held by the attendees named on the request, nothing to allocate.
   */
  registrationRequestId: z.string().nullable(),
  /** A registration request's payment: how many of its seats have an attendee named (null for other payments). */
  attendeesNamed: z.number().nullable(),
  /** Its tickets can be allocated now (allocation.allocationBlock is null): the row offers 'Allocate tickets'. */
  canAllocate: z.boolean(),
  /** The number of its receipt, null when none was issued: the row offers 'Download receipt'. */
  receiptNumber: z.number().nullable(),
  /** What has been refunded of it (refunds recorded, not failed). */
  refundedCents: z.number(),
  /** The member bought it and it is a paid cart order: the row offers 'Cancel tickets' (the policy decides what). */
  mayCancel: z.boolean(),
  /** Its refunds' credit notes, oldest first: each downloadable beside the receipt. */
  creditNotes: z.array(z.object({ refundId: z.string(), number: z.number() })),
  /**
   * The invoice its purchase order's approval issued, for an OWNER or ADMIN of its organization (who
   * download it from the statement's route); null otherwise.
   */
  invoice: z.object({ id: z.string(), number: z.number(), organizationId: z.string() }).nullable(),
  /** The buyer's order waiting for the district administrator (mayWithdrawFundRequest): the row offers 'Withdraw request'. */
  mayWithdraw: z.boolean(),
});
export type EventPaymentRow = z.infer<typeof eventPaymentRow>;
export const eventPaymentPage = paginated(eventPaymentRow);
export type EventPaymentPage = z.infer<typeof eventPaymentPage>;

/** The legacy CashNet-style gateway's return parameters (events.md §7 'Legacy payment confirm'). */
export const cashnetReturn = z.object({
  batchno: z.string().trim().min(1).max(50),
  tx: z.string().trim().min(1).max(50),
  custcode: z.string().trim().min(1).max(50),
  /** Our event payment id, echoed back by the gateway. */
  ref3val1: z.uuid(),
});
export type CashnetReturn = z.infer<typeof cashnetReturn>;

/** The built-in demo provider's hosted page posts the cardholder's choice here. */
export const demoPaymentOutcome = z.object({ outcome: z.enum(['succeed', 'decline']) });

/** `free`: a zero-total checkout, PAID at once with no provider involved. */
export const successSources = ['purchase-order', 'stripe', 'demo', 'cashnet', 'free'] as const;

/** A payment counts as voided or cancelled when any purchase order is VOIDED or its status is CANCELLED. */
export function isVoidedOrCancelled(payment: {
  status: EventPaymentStatus;
  purchaseOrders: readonly { status: string }[];
}): boolean {
  return payment.status === 'CANCELLED' || payment.purchaseOrders.some((po) => po.status === 'VOIDED');
}

/**
 * Whether the payment bought tickets someone can be given: a previous-system application's balance has
 * no lines at all, so 'Allocate tickets' would open an allocation of nothing (issue 39).
 */
export function hasTicketsToAllocate(payment: {
  legacyApplication: unknown;
  items: readonly { numberOfTickets: number }[];
}): boolean {
  return payment.legacyApplication === null && payment.items.some((item) => item.numberOfTickets > 0);
}

/** Statuses that still hold seats (or may become paid); everything else is settled. */
export function isOpenPayment(status: EventPaymentStatus): boolean {
  return (
    status === 'PENDING' || status === 'AWAITING_PO' || status === 'PO_SUBMITTED' || status === 'AWAITING_APPROVAL'
  );
}

export const eventPaymentMethodLabels: Record<EventPaymentMethod, string> = {
  CARD: 'Card',
  PURCHASE_ORDER: 'Purchase order',
  DISTRICT_FUNDS: 'District funds',
};

export const eventPaymentStatusLabels: Record<EventPaymentStatus, string> = {
  PENDING: 'Payment Incomplete',
  AWAITING_PO: 'Awaiting Purchase Order',
  PO_SUBMITTED: 'Purchase order submitted',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
  REFUND_NEEDED: 'Refund needed',
  AWAITING_APPROVAL: 'Awaiting district approval',
};

/** What staff read beside 'Refund needed'. */
export const refundReasonLabels: Record<RefundReason, string> = {
  SEATS_GONE: 'Paid after its hold ran out; its seats had been sold meanwhile.',
  COUPON_USED_UP: 'Paid after its hold ran out; its coupon had been used up meanwhile.',
  AMOUNT_MISMATCH: "The provider charged an amount other than the payment's total.",
  CHECKOUT_MISMATCH: 'The provider reported a checkout other than the one made for this payment.',
  BUYER_CANCELLED: 'The buyer cancelled a paid registration request; its seats were given back.',
};

/* Staff console: GET /api/admin/event-payments (every payment, to find one and open its allocation). */

export const adminEventPaymentQuery = pageQuery.extend({
  status: z.enum(eventPaymentStatuses).optional(),
  /** Buyer email or name, organization name, or (part of) the payment id. */
  search: z.string().trim().max(100).optional(),
});
export type AdminEventPaymentQuery = z.infer<typeof adminEventPaymentQuery>;

export const adminEventPaymentRow = z.object({
  id: z.string(),
  status: z.enum(eventPaymentStatuses),
  method: z.enum(eventPaymentMethods),
  buyerName: z.string(),
  buyerEmail: z.string(),
  organizationName: z.string().nullable(),
  /** The names of the payment's events, once each, by start date. */
  events: z.array(z.string()),
  numberOfTickets: z.number(),
  allocatedTickets: z.number(),
  /** Cents. */
  total: z.number(),
  /** Set when status is REFUND_NEEDED. */
  refundReason: z.enum(refundReasons).nullable(),
  createdAt: z.string(),
  /** Set when the payment is for an accepted institute application (the buyer is its applicant): no allocation. */
  applicationId: z.string().nullable(),
  /** Set when the payment is for a registration request: its attendees hold the seats, no allocation. */
  registrationRequestId: z.string().nullable(),
  /** A registration request's payment: how many of its seats have an attendee named (null for other payments). */
  attendeesNamed: z.number().nullable(),
  /** The number of its receipt, null when none was issued. */
  receiptNumber: z.number().nullable(),
});
export type AdminEventPaymentRow = z.infer<typeof adminEventPaymentRow>;
export const adminEventPaymentPage = paginated(adminEventPaymentRow);
export type AdminEventPaymentPage = z.infer<typeof adminEventPaymentPage>;

export const withdrawFundRequestReply = z.object({ status: z.literal('CANCELLED'), message: z.string() });
export type WithdrawFundRequestReply = z.infer<typeof withdrawFundRequestReply>;
