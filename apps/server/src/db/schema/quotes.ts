import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { QuoteLine, QuoteSubject } from '@portal/domain/commerce/quotes.ts';
import { id, createdAt } from './columns.ts';
import { purchaseOrders } from './commerce.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/** Seats a quote keeps, as core/capacity.ts takes and gives them back. */
export interface QuoteHeldSeat {
  eventId: string;
  sectionId: string | null;
  numberOfTickets: number;
  title: string;
}

/**
 * A quote (issue 41, docs/decisions/0210-quotes.md): numbered from receipt_counters' 'quotes' series in
 * the transaction that writes it, so numbers neither repeat nor skip; what it quotes kept as it was
 * quoted (lines, coupon, totals), so the PDF drawn again later says the same. `fingerprint` names
 * those contents: a download of the same unchanged contents reuses the quote while it is valid.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    number: integer('number').notNull().unique('quotes_number'),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subject: text('subject').$type<QuoteSubject>().notNull(),
    /** The payment, registration request or package request quoted; null for a cart (its buyer's). */
    subjectId: uuid('subject_id'),
    fingerprint: text('fingerprint').notNull(),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    couponCode: text('coupon_code'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** The seats it holds until validUntil (events whose staff said so); released once, by the hold sweep. */
    heldSeats: jsonb('held_seats')
      .$type<QuoteHeldSeat[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    seatsHeld: boolean('seats_held').notNull().default(false),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('quotes_number_positive', sql`${t.number} > 0`),
    check('quotes_amounts', sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} >= 0`),
    index('quotes_reuse').on(t.organizationId, t.fingerprint, t.validUntil),
    index('quotes_held')
      .on(t.validUntil)
      .where(sql`${t.seatsHeld}`),
  ],
);

/** The quote a purchase order names (at most one), chosen by the buyer on the upload form. */
export const purchaseOrderQuotes = pgTable(
  'purchase_order_quotes',
  {
    purchaseOrderId: uuid('purchase_order_id')
      .primaryKey()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
  },
  (t) => [index('purchase_order_quotes_quote').on(t.quoteId)],
);
