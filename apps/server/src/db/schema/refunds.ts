import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  cancellationRequestStatuses,
  refundMethods,
  refundStatuses,
  type CancellationChoice,
} from '@portal/domain/commerce/refunds.ts';
import { createdAt, id } from './columns.ts';
import { eventPaymentItems, eventPayments } from './commerce.ts';
import { users } from './users.ts';

/**
 * Cancellations, refunds and credit notes (issue 38, docs/decisions/0164-refunds-and-credit-notes.md).
 * A payment's refunded_cents is raised with every refund under the payment's row lock and checked
 * against its total by the database; a cancellation is written once per Idempotency-Key.
 */

export const refundStatus = pgEnum('refund_status', refundStatuses);
export const refundMethod = pgEnum('refund_method', refundMethods);
export const cancellationRequestStatus = pgEnum('cancellation_request_status', cancellationRequestStatuses);

/** Money given back on a payment: to the card through its provider, or owed and settled by hand. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => eventPayments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: refundStatus('status').notNull(),
    method: refundMethod('method').notNull(),
    /** The card provider that refunds it (demo, stripe); null for a refund owed. */
    provider: text('provider'),
    /** The provider's own id for the refund (Stripe's re_…). */
    providerRefundId: text('provider_refund_id'),
    /** Sent to the provider with the refund, and unique: a retried refund call makes one refund. */
    idempotencyKey: text('idempotency_key').notNull(),
    reason: text('reason').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledById: uuid('settled_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('refunds_idempotency').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_refund').on(t.provider, t.providerRefundId),
    index('refunds_payment').on(t.paymentId),
    index('refunds_newest').on(t.createdAt, t.id),
    index('refunds_status').on(t.status, t.createdAt),
  ],
);

/** One cancellation of some of a payment's tickets, by its buyer or by staff, written once per key. */
export const ticketCancellations = pgTable(
  'ticket_cancellations',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => eventPayments.id, { onDelete: 'cascade' }),
    cancelledById: uuid('cancelled_by_id')
      .notNull()
      .references(() => users.id),
    /** The client's Idempotency-Key: a double click or a replay cancels once. */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    ticketCount: integer('ticket_count').notNull(),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('ticket_cancellations_count', sql`${t.ticketCount} >= 1`),
    uniqueIndex('ticket_cancellations_idempotency').on(t.cancelledById, t.idempotencyKey),
    index('ticket_cancellations_payment').on(t.paymentId),
  ],
);

/**
 * A ticket cancelled: its place in the line is gone (event_payment_items.cancelled_tickets counts it)
 * and its holder's event_tickets row deleted, so My tickets, rosters and the scanner no longer find it.
 * Who held it is kept here.
 */
export const cancelledTickets = pgTable(
  'cancelled_tickets',
  {
    id: id(),
    cancellationId: uuid('cancellation_id')
      .notNull()
      .references(() => ticketCancellations.id, { onDelete: 'cascade' }),
    paymentItemId: uuid('payment_item_id')
      .notNull()
      .references(() => eventPaymentItems.id, { onDelete: 'cascade' }),
    /** The holder it was allocated to; null for a ticket not allocated yet. */
    formerHolderId: uuid('former_holder_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('cancelled_tickets_cancellation').on(t.cancellationId),
    index('cancelled_tickets_item').on(t.paymentItemId),
  ],
);

/** A buyer's request to cancel outside the policy, with her reason; staff approve (with a refund) or decline. */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => eventPayments.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id')
      .notNull()
      .references(() => users.id),
    choice: jsonb('choice').$type<CancellationChoice>().notNull(),
    reason: text('reason').notNull(),
    status: cancellationRequestStatus('status').notNull().default('OPEN'),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    cancellationId: uuid('cancellation_id').references(() => ticketCancellations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A payment has at most one request waiting for staff.
    uniqueIndex('cancellation_requests_one_open')
      .on(t.paymentId)
      .where(sql`${t.status} = 'OPEN'`),
    index('cancellation_requests_status').on(t.status, t.createdAt),
  ],
);

/**
 * The credit note of a refund, numbered from receipt_counters' 'credit-notes' series in the refund's
 * transaction, as receipts are: numbers neither repeat nor skip. It names the receipt it corrects.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    refundId: uuid('refund_id')
      .primaryKey()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    number: integer('number').notNull().unique('credit_notes_number'),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => eventPayments.id, { onDelete: 'cascade' }),
    receiptNumber: integer('receipt_number'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('credit_notes_number_positive', sql`${t.number} > 0`), index('credit_notes_payment').on(t.paymentId)],
);
