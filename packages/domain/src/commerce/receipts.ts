import type { EventPaymentMethod, EventPaymentStatus } from './enums.ts';

/**
 * Receipts of event payments (issue 25): how their numbers are written, what a receipt says of the
 * way it was paid and of what became of the payment since. docs/decisions/0120-receipt-numbers.md.
 */

/** Digits a receipt number is padded to: R-000042 sorts and reads the same for the first million. */
const receiptNumberDigits = 6;

/** The number as printed and mailed: R-000042. */
export function receiptNumberLabel(number: number): string {
  return `R-${String(number).padStart(receiptNumberDigits, '0')}`;
}

/** The PDF's file name: receipt-R-000042.pdf. */
export function receiptFileName(number: number): string {
  return `receipt-${receiptNumberLabel(number)}.pdf`;
}

/** What the receipt knows of how the payment was made. */
export interface ReceiptPaymentMethod {
  method: EventPaymentMethod;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The approved purchase order's number, for a payment by purchase order. */
  purchaseOrderNumber: string | null;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The receipt's "Paid by" line: the card's brand and last four digits where the provider said them, or the purchase order. */
export function receiptPaymentMethodLine(paid: ReceiptPaymentMethod): string {
  if (paid.method === 'PURCHASE_ORDER') {
    return paid.purchaseOrderNumber ? `Purchase order ${paid.purchaseOrderNumber}` : 'Purchase order';
  }
  if (paid.method === 'DISTRICT_FUNDS') return 'District funds';
  if (paid.cardBrand && paid.cardLast4) return `${capitalised(paid.cardBrand)} card ending in ${paid.cardLast4}`;
  if (paid.cardLast4) return `Card ending in ${paid.cardLast4}`;
  return 'Card';
}

/**
 * What a receipt says of a payment undone after it was issued: the money is to be refunded, or the
 * payment was cancelled. Null while it stands paid.
 */
export function receiptStatusLine(status: EventPaymentStatus): string | null {
  switch (status) {
    case 'REFUND_NEEDED':
      return 'Status: refund needed. This payment is being refunded.';
    case 'CANCELLED':
      return 'Status: cancelled. This payment was cancelled after this receipt was issued.';
    default:
      return null;
  }
}

/** The card details a provider reports are kept only when they look like a brand and four digits. */
export function cardOnReceipt(brand: unknown, last4: unknown): { brand: string; last4: string } | null {
  if (typeof brand !== 'string' || typeof last4 !== 'string') return null;
  const name = brand.trim();
  if (!/^[A-Za-z][A-Za-z ._-]{0,29}$/.test(name) || !/^\d{4}$/.test(last4)) return null;
  return { brand: name, last4 };
}

export const receiptMessages = {
  download: 'Download receipt',
  resend: 'Re-send receipt',
  resendTitle: 'Re-send the receipt?',
  resendConfirm: (email: string) => `The receipt is mailed again to the buyer, ${email}. Its number stays the same.`,
  resent: (email: string) => `Receipt mailed to ${email}.`,
  notFound: 'This payment has no receipt.',
  mailSubject: (number: number) => `Your receipt ${receiptNumberLabel(number)}`,
} as const;
