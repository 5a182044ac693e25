import { z } from 'zod';

/**
 * Quotes (issue 41): what a school's business office raises a purchase order against, before it pays.
 * Numbered Q-000001… without gaps, valid for a set number of days, reused while what it quotes is
 * unchanged. docs/decisions/0210-quotes.md.
 */

const quoteNumberDigits = 6;

/** The number as printed: Q-000042. */
export function quoteNumberLabel(number: number): string {
  return `Q-${String(number).padStart(quoteNumberDigits, '0')}`;
}

/** The PDF's file name: quote-Q-000042.pdf. */
export function quoteFileName(number: number): string {
  return `quote-${quoteNumberLabel(number)}.pdf`;
}

/** "Q-000042", "q-42", "42" → 42; anything else → null. */
export function parseQuoteNumber(typed: string): number | null {
  const match = /^(?:q-?)?0*(\d{1,9})$/i.exec(typed.trim());
  if (!match) return null;
  const number = Number(match[1]);
  return number > 0 ? number : null;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Valid until the end of the window from its making: days × 24 hours. */
export function quoteValidUntil(createdAt: Date, validDays: number): Date {
  return new Date(createdAt.getTime() + validDays * dayMs);
}

/** What a quote is for: the part of the portal its items come from. */
export const quoteSubjects = ['CART', 'APPLICATION_PAYMENT', 'REGISTRATION_REQUEST', 'PACKAGE_REQUEST'] as const;
export type QuoteSubject = (typeof quoteSubjects)[number];

export const quoteMessages = {
  cartEmpty: 'Your cart is empty: add tickets before asking for a quote.',
  organizationRequired: 'Choose the organization the quote is for.',
  notFound: 'Quote not found',
  unknownNumber: 'No quote has this number.',
  otherOrganization: 'This quote was made for another organization.',
  expired: 'This quote has expired: download a new one.',
  numberInvalid: 'Enter a quote number such as Q-000042.',
  differs: 'Differs from the quote',
} as const;

/** What the 'Download quote' button and what it leaves beside it say. */
export const quoteDownloadMessages = {
  button: 'Download quote',
  downloaded: (number: string) => `Quote ${number} downloaded`,
  issued: (number: string, validUntil: string) => `Quote ${number}, valid until ${validUntil}.`,
  holdsSeats: 'Its seats are held until then.',
  again: 'Download again',
  fieldLabel: 'Quote number',
  fieldDescription: 'Optional: the quote this purchase order was raised against (Q-…)',
} as const;

/** Why a quote cannot be named on a purchase order, or null when it can. */
export type QuoteUseRefusal = 'unknownNumber' | 'otherOrganization' | 'expired';

/** A purchase order may name a quote of its own organization that has not run out (validUntil is exclusive). */
export function quoteUseRefusal(
  quote: { organizationId: string; validUntil: Date } | undefined,
  organizationId: string,
  now: Date,
): QuoteUseRefusal | null {
  if (!quote) return 'unknownNumber';
  if (quote.organizationId !== organizationId) return 'otherOrganization';
  if (quote.validUntil.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** The amount on the purchase order is not the quote's total: staff see it flagged beside the quote. */
export function purchaseOrderDiffersFromQuote(purchaseOrderCents: number, quoteTotalCents: number): boolean {
  return purchaseOrderCents !== quoteTotalCents;
}

/** One line as the quote keeps it (and prints it). */
export const quoteLine = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  amountCents: z.number(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

/** POST …/quote answers the quote made (or the one reused); its PDF is GET /api/quotes/:id/pdf. */
export const quoteIssued = z.object({
  quoteId: z.string(),
  number: z.string(),
  totalCents: z.number(),
  validUntil: z.string(),
  /** Whether the quote keeps seats until validUntil (an event whose staff said quotes hold seats). */
  holdsSeats: z.boolean(),
  pdfUrl: z.string(),
});
export type QuoteIssued = z.infer<typeof quoteIssued>;

/** The cart's quote is for one organization the buyer manages: named when they manage several. */
export const cartQuoteInput = z.object({ organizationId: z.uuid(quoteMessages.organizationRequired).optional() });

/** The quote a purchase order names, as staff see it beside the purchase order. */
export const purchaseOrderQuote = z.object({
  id: z.string(),
  number: z.string(),
  totalCents: z.number(),
  validUntil: z.string(),
  /** The purchase order's typed total differs from the quote's (computed by the server). */
  differs: z.boolean(),
});
export type PurchaseOrderQuote = z.infer<typeof purchaseOrderQuote>;

/** The optional field of a purchase-order upload naming its quote; empty is none. */
export const quoteNumberField = z
  .string()
  .trim()
  .max(20, quoteMessages.numberInvalid)
  .optional()
  .refine((typed) => !typed || parseQuoteNumber(typed) !== null, quoteMessages.numberInvalid);
