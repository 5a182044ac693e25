/** The fixed vocabularies of events and payments, shared by the database schema and the API. */

export const eventKinds = ['SERIES', 'CONFERENCE_DAY', 'INSTITUTE'] as const;
export type EventKind = (typeof eventKinds)[number];

export const applicationSelectionLevels = ['GROUPINGS', 'SECTIONS'] as const;
export type ApplicationSelectionLevel = (typeof applicationSelectionLevels)[number];

export const couponTypes = ['FIXED', 'PERCENTAGE'] as const;

/**
 * PENDING: a card payment started, seats held until it is paid or the hold expires.
 * AWAITING_PO: purchase order chosen, not uploaded yet. PO_SUBMITTED: uploaded, waiting for staff.
 * PAID is final for the buyer; CANCELLED (staff) and EXPIRED (hold ran out) release the seats.
 * AWAITING_APPROVAL: paid from a district's fund beyond what the school may spend at once; the
 * district's administrator approves (the fund pays, PAID) or declines (CANCELLED, the tickets back in
 * the cart); seats held meanwhile.
 * REFUND_NEEDED: a provider took money the portal cannot honour (the seats or the coupon use were
 * gone when a late success came, or the provider's amount or checkout did not match): no seats,
 * never PAID; staff refund the buyer. Its refundReason says why.
 */
export const eventPaymentStatuses = [
  'PENDING',
  'AWAITING_PO',
  'PO_SUBMITTED',
  'PAID',
  'CANCELLED',
  'EXPIRED',
  'REFUND_NEEDED',
  'AWAITING_APPROVAL',
] as const;
export type EventPaymentStatus = (typeof eventPaymentStatuses)[number];

/** Why a payment is REFUND_NEEDED. */
export const refundReasons = [
  'SEATS_GONE',
  'COUPON_USED_UP',
  'AMOUNT_MISMATCH',
  'CHECKOUT_MISMATCH',
  'BUYER_CANCELLED',
] as const;
export type RefundReason = (typeof refundReasons)[number];

/** DISTRICT_FUNDS: paid from the school's district fund (the cart's checkout only). */
export const eventPaymentMethods = ['CARD', 'PURCHASE_ORDER', 'DISTRICT_FUNDS'] as const;
export type EventPaymentMethod = (typeof eventPaymentMethods)[number];

/** The methods an application's or a registration request's pay takes: a district fund pays a cart only. */
export const directPayMethods = ['CARD', 'PURCHASE_ORDER'] as const;

export const purchaseOrderTypes = ['CONFERENCE_DAY', 'EVENT_APPLICATION', 'EVENT', 'PACKAGE'] as const;
export type PurchaseOrderType = (typeof purchaseOrderTypes)[number];

export const purchaseOrderStatuses = ['SUBMITTED', 'APPROVED', 'VOIDED'] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];

export const paymentProviders = ['demo', 'stripe', 'cashnet'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
