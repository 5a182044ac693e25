import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';
import { maskedPhoneError, phoneNumber } from '../contact.ts';
import {
  purchaseOrderStatuses,
  purchaseOrderTypes,
  type PurchaseOrderStatus,
  type PurchaseOrderType,
} from './enums.ts';
import { dollarsToCents, formatCents } from '../money.ts';
import { purchaseOrderQuote, quoteNumberField } from './quotes.ts';

export const maxPurchaseOrderBytes = 10 * 1024 * 1024;
/** $10,000,000.00: more than any order, less than the database's integer column. */
export const maxPurchaseOrderTotalCents = 1_000_000_000;

export const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  VOIDED: 'Voided',
};

export const purchaseOrderTypeLabels: Record<PurchaseOrderType, string> = {
  CONFERENCE_DAY: 'Conference day',
  EVENT_APPLICATION: 'Event application',
  EVENT: 'Event',
  PACKAGE: 'Package',
};

/** events.md §5 'Purchase order form' and §8. */
export const purchaseOrderMessages = {
  fileRequired: 'File required',
  fileNotPdf: 'File required',
  fileTooLarge: 'The file must be at most 10 MB.',
  filenameRequired: 'Filename required',
  emailInvalid: 'Invalid email',
  emailRequired: 'Email required',
  nameRequired: 'Name required',
  numberRequired: 'Number required',
  organizationRequired: 'Organization required',
  totalRequired: 'Purchase order total is required',
  submitted: 'Purchase order submitted successfully',
  notAwaiting: 'This payment is not waiting for a purchase order.',
  approved: 'Purchase order approved',
  voided: 'Purchase order voided',
  approveConfirm: 'Approve this purchase order? The payment becomes paid and the buyer is emailed.',
  voidConfirm: 'Void this purchase order? The buyer is emailed and the held seats return to sale.',
  seatsGone: 'The held seats were released and are no longer available; the purchase order cannot be approved.',
  couponUsedUp:
    "The order's coupon was given back when its hold ran out and has been used up since; the purchase order cannot be approved.",
  alreadyDecided: 'This purchase order has already been decided.',
  paidCannotVoid: 'This payment is already paid; its purchase order cannot be voided.',
  fileMissing: 'The purchase order file is missing from storage.',
  typeMismatch: 'This purchase order type does not match the payment.',
  totalMismatch: (submittedCents: number, dueCents: number) =>
    `The purchase order's total (${formatCents(submittedCents)}) does not match the payment's total (${formatCents(dueCents)}); it cannot be approved. Void it and ask the buyer for a corrected purchase order.`,
} as const;

/**
 * events.md §3: a cart's purchase order is CONFERENCE_DAY, an accepted application's EVENT_APPLICATION,
 * a registration request's EVENT (seats of one event). The server derives it from the payment; the
 * form's `type` is only checked against it.
 */
export function purchaseOrderTypeOf(payment: {
  applicationId: string | null;
  /** An application imported from the previous system is an application too. */
  legacyApplicationId?: string | null;
  registrationRequestId?: string | null;
}): PurchaseOrderType {
  if (payment.registrationRequestId) return 'EVENT';
  return payment.applicationId === null && !payment.legacyApplicationId ? 'CONFERENCE_DAY' : 'EVENT_APPLICATION';
}

/** The total typed on the form differs from what the payment costs: staff see it and cannot approve. */
export function purchaseOrderTotalMismatch(order: { submittedTotalCents: number; paymentTotalCents: number }): boolean {
  return order.submittedTotalCents !== order.paymentTotalCents;
}

const required = (message: string, max = 200) => z.string().trim().min(1, message).max(max);

/** The fields the form sends besides the file (multipart/form-data, one field per key). */
export const purchaseOrderFields = z.object({
  eventPaymentId: z.uuid(),
  /** Optional and only checked: the server derives the type from the payment (purchaseOrderTypeOf). */
  type: z.enum(purchaseOrderTypes).optional(),
  filename: required(purchaseOrderMessages.filenameRequired),
  contactEmail: z
    .string()
    .trim()
    .min(1, purchaseOrderMessages.emailRequired)
    .pipe(z.email(purchaseOrderMessages.emailInvalid)),
  contactName: required(purchaseOrderMessages.nameRequired),
  contactPhone: phoneNumber,
  number: required(purchaseOrderMessages.numberRequired, 100),
  organizationId: z.uuid(purchaseOrderMessages.organizationRequired),
  /**
   * Cents: the form multiplies the dollars typed by 100 (money.dollarsToCents). An empty field is
   * missing, not 0. Stored as what the buyer typed; what is owed is the payment's own total.
   */
  total: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: purchaseOrderMessages.totalRequired })
      .int(purchaseOrderMessages.totalRequired)
      .min(0, purchaseOrderMessages.totalRequired)
      .max(maxPurchaseOrderTotalCents, purchaseOrderMessages.totalRequired),
  ),
  couponCode: z.string().trim().max(50).optional(),
  /** The quote it was raised against (Q-000042), optional: one of the same organization, not expired. */
  quoteNumber: quoteNumberField,
});
export type PurchaseOrderFields = z.infer<typeof purchaseOrderFields>;

/** POST /api/purchase-orders answers 201 with the new purchase order's id. */
export const purchaseOrderSubmitted = z.object({ purchaseOrderId: z.string() });
export type PurchaseOrderSubmitted = z.infer<typeof purchaseOrderSubmitted>;

/** The form as typed: masked phone, total in dollars, the chosen file. */
export interface PurchaseOrderFormValues {
  file: File | null;
  filename: string;
  contactEmail: string;
  contactName: string;
  contactPhone: string;
  number: string;
  organizationId: string | null;
  total: string;
}

export function validatePurchaseOrderForm(
  values: PurchaseOrderFormValues,
): Partial<Record<keyof PurchaseOrderFormValues, string>> {
  const errors: Partial<Record<keyof PurchaseOrderFormValues, string>> = {};
  if (!values.file || !isPdfName(values.file.name)) errors.file = purchaseOrderMessages.fileRequired;
  else if (values.file.size > maxPurchaseOrderBytes) errors.file = purchaseOrderMessages.fileTooLarge;
  if (!values.filename.trim()) errors.filename = purchaseOrderMessages.filenameRequired;
  if (!values.contactEmail.trim()) errors.contactEmail = purchaseOrderMessages.emailRequired;
  else if (!z.email().safeParse(values.contactEmail.trim()).success)
    errors.contactEmail = purchaseOrderMessages.emailInvalid;
  if (!values.contactName.trim()) errors.contactName = purchaseOrderMessages.nameRequired;
  const phoneError = maskedPhoneError(values.contactPhone);
  if (phoneError) errors.contactPhone = phoneError;
  if (!values.number.trim()) errors.number = purchaseOrderMessages.numberRequired;
  if (!values.organizationId) errors.organizationId = purchaseOrderMessages.organizationRequired;
  const total = dollarsToCents(values.total);
  if (total === null || total > maxPurchaseOrderTotalCents) errors.total = purchaseOrderMessages.totalRequired;
  return errors;
}

export function isPdfName(name: string): boolean {
  return /\.pdf$/i.test(name);
}

/** A PDF by content, not by name: every PDF starts with "%PDF-" (ISO 32000) and ends with an %%EOF marker. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 5));
  if (head !== '%PDF-') return false;
  const tail = String.fromCharCode(...bytes.subarray(Math.max(0, bytes.length - 1024)));
  return tail.includes('%%EOF');
}

/* Staff console. */

export const adminPurchaseOrderQuery = pageQuery.extend({
  status: z.enum(purchaseOrderStatuses).optional(),
  search: z.string().trim().max(100).optional(),
});

export const adminPurchaseOrderRow = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(purchaseOrderStatuses),
  type: z.enum(purchaseOrderTypes),
  /** Null for an institute or package purchase order: it pays applications' payments or a contract. */
  eventPaymentId: z.string().nullable(),
  organizationName: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** What the purchase order pays: the payment's total when it was submitted (cents). */
  totalCents: z.number(),
  /** The total the buyer typed on the form (cents); approval is refused when it differs from the payment's. */
  submittedTotalCents: z.number(),
  /** What it pays now (cents): its payment's total, or what the server derived for an institute or package. */
  paymentTotalCents: z.number(),
  /** An institute's name and applicant count, or a contract's package; null for a purchase order of one payment. */
  paysFor: z.string().nullable(),
  filename: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The quote the buyer named, with the server's flag when the typed total differs from it; null when none. */
  quote: purchaseOrderQuote.nullable().default(null),
});
export type AdminPurchaseOrderRow = z.infer<typeof adminPurchaseOrderRow>;
export const adminPurchaseOrderPage = paginated(adminPurchaseOrderRow);
export type AdminPurchaseOrderPage = z.infer<typeof adminPurchaseOrderPage>;

/* The member's own purchase orders (issue 25: "My purchase orders"). */

export const purchaseOrderKinds = ['EVENT', 'INSTITUTE', 'PACKAGE'] as const;
export type PurchaseOrderKind = (typeof purchaseOrderKinds)[number];
export const purchaseOrderKindLabels: Record<PurchaseOrderKind, string> = {
  EVENT: 'Event tickets',
  INSTITUTE: 'Institute',
  PACKAGE: 'Package',
};

/**
 * What a purchase order pays, in the buyer's words: a package's contract, an institute's applicants (an
 * institute purchase order pays no single payment; an application's own is EVENT_APPLICATION), or tickets.
 */
export function purchaseOrderKind(order: { type: PurchaseOrderType; paysOnePayment: boolean }): PurchaseOrderKind {
  if (order.type === 'PACKAGE') return 'PACKAGE';
  if (order.type === 'EVENT_APPLICATION' || !order.paysOnePayment) return 'INSTITUTE';
  return 'EVENT';
}

export const myPurchaseOrderQuery = pageQuery;

export const myPurchaseOrderRow = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(purchaseOrderKinds),
  status: z.enum(purchaseOrderStatuses),
  organizationName: z.string(),
  /** What it pays (cents), derived by the server when it was submitted. */
  totalCents: z.number(),
  /** Who sent it: the caller, or another manager of one of the caller's organizations. */
  buyerName: z.string(),
  sentByMe: z.boolean(),
  filename: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MyPurchaseOrderRow = z.infer<typeof myPurchaseOrderRow>;
export const myPurchaseOrderPage = paginated(myPurchaseOrderRow);
export type MyPurchaseOrderPage = z.infer<typeof myPurchaseOrderPage>;

export const myPurchaseOrderMessages = {
  title: 'Sent purchase orders',
  empty: 'No purchase orders sent yet. Send one for accepted applicants or a signed package above.',
  notFound: 'No such purchase order.',
} as const;

/** What happens next to a purchase order in this status, in the buyer's words. */
export function purchaseOrderNextStep(status: PurchaseOrderStatus): string {
  switch (status) {
    case 'SUBMITTED':
      return 'Staff review it; you get an email once it is approved.';
    case 'APPROVED':
      return 'Approved: nothing more to do.';
    case 'VOIDED':
      return 'Voided: what it was for is unpaid again. Send a new purchase order or pay another way.';
  }
}
