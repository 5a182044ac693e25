import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoicePaymentMethods } from '@portal/domain/commerce/invoices.ts';
import { createdAt, id } from './columns.ts';
import { purchaseOrders } from './commerce.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * Invoices, the payments staff record against them, and the reminders of overdue ones (issue 41,
 * docs/decisions/0212-invoices-and-statements.md). An invoice's paid_cents is raised with each payment
 * under the invoice's row lock and checked against its total by the database; what a payment brings
 * beyond what was owed is its credit_cents, a credit on the organization's account.
 */

export const invoicePaymentMethod = pgEnum('invoice_payment_method', invoicePaymentMethods);

/** One per approved purchase order that was not yet paid, numbered I-000001… from receipt_counters' 'invoices' series. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    number: integer('number').notNull().unique('invoices_number'),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .unique('invoices_purchase_order')
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The issuing day in TIME_ZONE, from which its terms run. */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    termsDays: integer('terms_days').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Where it was mailed: the organization's first billing contact, else the purchase order's contact. */
    billingEmail: text('billing_email').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('invoices_number_positive', sql`${t.number} > 0`),
    check('invoices_total_positive', sql`${t.totalCents} > 0`),
    check('invoices_paid_within_total', sql`${t.paidCents} between 0 and ${t.totalCents}`),
    check('invoices_paid_at_when_paid', sql`(${t.paidAt} is not null) = (${t.paidCents} = ${t.totalCents})`),
    index('invoices_organization').on(t.organizationId, t.issuedAt),
    index('invoices_open_due')
      .on(t.dueOn)
      .where(sql`${t.paidAt} is null`),
  ],
);

/** A check or transfer staff recorded against an invoice, once per Idempotency-Key. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    method: invoicePaymentMethod('method').notNull(),
    reference: text('reference').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** What paid the invoice; amount − applied is credit_cents. */
    appliedCents: integer('applied_cents').notNull(),
    creditCents: integer('credit_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: createdAt(),
  },
  (t) => [
    check('invoice_payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'invoice_payments_split',
      sql`${t.appliedCents} >= 0 and ${t.creditCents} >= 0 and ${t.appliedCents} + ${t.creditCents} = ${t.amountCents}`,
    ),
    uniqueIndex('invoice_payments_idempotency').on(t.idempotencyKey),
    index('invoice_payments_invoice').on(t.invoiceId, t.recordedAt),
    index('invoice_payments_organization').on(t.organizationId, t.recordedAt),
  ],
);

/**
 * Credit from a payment's overpayment applied to a later invoice of the organization when it was
 * issued (docs/decisions/0223-credit-applied-to-later-invoices.md). What a credit has left is its
 * payment's credit_cents less its rows here; the invoice's paid_cents counts what it took.
 */
export const invoiceCreditApplications = pgTable(
  'invoice_credit_applications',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    sourcePaymentId: uuid('source_payment_id')
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    amountCents: integer('amount_cents').notNull(),
    appliedOn: date('applied_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoice_credit_applications_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('invoice_credit_applications_once').on(t.invoiceId, t.sourcePaymentId),
    index('invoice_credit_applications_source').on(t.sourcePaymentId),
    index('invoice_credit_applications_organization').on(t.organizationId),
  ],
);

/** One row per invoice and days-overdue occasion, written in the transaction that queues its mail: two sweeps mail it once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    daysOverdue: integer('days_overdue').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.daysOverdue] })],
);
