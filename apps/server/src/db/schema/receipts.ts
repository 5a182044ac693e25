import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { eventPayments } from './commerce.ts';

/**
 * The receipt of an event payment, issued once, in the transaction that makes the payment PAID
 * (core/receipts.ts). Its number comes from receipt_counters in that same transaction, so numbers
 * neither repeat nor skip (docs/decisions/0120-receipt-numbers.md). What the provider said of the
 * card is kept here: it is known only while its event is handled.
 */
export const eventPaymentReceipts = pgTable(
  'event_payment_receipts',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => eventPayments.id, { onDelete: 'cascade' }),
    number: integer('number').notNull().unique('event_payment_receipts_number'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
  },
  (t) => [check('event_payment_receipts_number_positive', sql`${t.number} > 0`)],
);

/**
 * The last receipt number issued, one row per series (the provider has one: 'event-payments').
 * Raised by a conditional upsert in the paying transaction: its row lock orders concurrent payments,
 * and a transaction that rolls back gives its number back with it.
 */
export const receiptCounters = pgTable('receipt_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});
