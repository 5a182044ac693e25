import { z } from 'zod';
import { addDays } from '../dates.ts';
import { paginated, pageQuery } from '../pagination.ts';
import { int4Max } from '../stored-integers.ts';

/**
 * Invoices and the statement of account (issue 41): an approved purchase order that is not yet paid
 * is invoiced with the organization's terms; staff record checks and transfers against the invoice;
 * the receipt follows when it is paid in full, and what is paid beyond it is a credit on the
 * organization's account. docs/decisions/0212-invoices-and-statements.md.
 */

/** Net 30 unless staff set other terms for the organization. */
export const defaultPaymentTermsDays = 30;
/** Longer terms than a school year's quarter are a typing slip, not terms. */
export const maxPaymentTermsDays = 120;

/** Days overdue at which a reminder is mailed unless INVOICE_REMINDER_DAYS says others. */
export const defaultInvoiceReminderDays: readonly number[] = [7, 30];

const invoiceNumberDigits = 6;

/** The number as printed and mailed: I-000042. */
export function invoiceNumberLabel(number: number): string {
  return `I-${String(number).padStart(invoiceNumberDigits, '0')}`;
}

/** The PDF's file name: invoice-I-000042.pdf. */
export function invoiceFileName(number: number): string {
  return `invoice-${invoiceNumberLabel(number)}.pdf`;
}

/** The date an invoice issued on `issuedOn` (YYYY-MM-DD) is due under `termsDays`. */
export function invoiceDueOn(issuedOn: string, termsDays: number): string {
  return addDays(issuedOn, termsDays);
}

/** "Net 30", or "Due on receipt" for terms of no days. */
export function paymentTermsLabel(termsDays: number): string {
  return termsDays === 0 ? 'Due on receipt' : `Net ${termsDays}`;
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` comes first. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const ageingBuckets = ['CURRENT', 'DAYS_1_30', 'DAYS_31_60', 'DAYS_61_90', 'OVER_90'] as const;
export type AgeingBucket = (typeof ageingBuckets)[number];

export const ageingBucketLabels: Record<AgeingBucket, string> = {
  CURRENT: 'Current',
  DAYS_1_30: '1–30 days',
  DAYS_31_60: '31–60 days',
  DAYS_61_90: '61–90 days',
  OVER_90: 'Over 90 days',
};

/** Where an open invoice due on `dueOn` ages on `today`: current until its due date has passed. */
export function ageingBucket(dueOn: string, today: string): AgeingBucket {
  const overdue = daysFrom(dueOn, today);
  if (overdue <= 0) return 'CURRENT';
  if (overdue <= 30) return 'DAYS_1_30';
  if (overdue <= 60) return 'DAYS_31_60';
  if (overdue <= 90) return 'DAYS_61_90';
  return 'OVER_90';
}

/**
 * How a payment of `amountCents` against an invoice with `openCents` still owed splits: what pays
 * the invoice, and what is left over as a credit on the organization's account.
 */
export function splitInvoicePayment(
  openCents: number,
  amountCents: number,
): { appliedCents: number; creditCents: number } {
  const appliedCents = Math.min(Math.max(openCents, 0), amountCents);
  return { appliedCents, creditCents: amountCents - appliedCents };
}

/** A payment's credit not yet applied to a later invoice, oldest first as the caller lists them. */
export interface AvailableCredit {
  paymentId: string;
  remainingCents: number;
}

/**
 * How the organization's credit pays a new invoice of `totalCents`: the oldest credit first, each
 * taken whole or in part, never past the invoice's total. What is left stays on the account.
 */
export function allocateCredit(
  credits: readonly AvailableCredit[],
  totalCents: number,
): { paymentId: string; amountCents: number }[] {
  const taken: { paymentId: string; amountCents: number }[] = [];
  let owed = Math.max(totalCents, 0);
  for (const credit of credits) {
    if (owed === 0) break;
    const amountCents = Math.min(Math.max(credit.remainingCents, 0), owed);
    if (amountCents === 0) continue;
    taken.push({ paymentId: credit.paymentId, amountCents });
    owed -= amountCents;
  }
  return taken;
}

/**
 * The reminder occasion due for an invoice on `today`: the largest of `reminderDays` it is overdue by
 * at least, or null. A sweep that missed a day still sends the one occasion reached, and an earlier
 * occasion is never sent after a later one.
 */
export function dueReminderOccasion(dueOn: string, today: string, reminderDays: readonly number[]): number | null {
  const overdue = daysFrom(dueOn, today);
  const reached = reminderDays.filter((days) => days > 0 && days <= overdue);
  return reached.length === 0 ? null : Math.max(...reached);
}

/** INVOICE_REMINDER_DAYS ("7,30"): whole positive days, each once, in order; null when not such a list. */
export function parseReminderDays(text: string): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) === 0)) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

export const invoicePaymentMethods = ['CHECK', 'TRANSFER'] as const;
export type InvoicePaymentMethod = (typeof invoicePaymentMethods)[number];
export const invoicePaymentMethodLabels: Record<InvoicePaymentMethod, string> = {
  CHECK: 'Check',
  TRANSFER: 'Bank transfer',
};

export const invoiceStatuses = ['OPEN', 'OVERDUE', 'PAID'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = { OPEN: 'Open', OVERDUE: 'Overdue', PAID: 'Paid' };

/** Paid once nothing is owed; overdue once its due date has passed with something owed. */
export function invoiceStatus(openCents: number, dueOn: string, today: string): InvoiceStatus {
  if (openCents <= 0) return 'PAID';
  return daysFrom(dueOn, today) > 0 ? 'OVERDUE' : 'OPEN';
}

export const invoiceMessages = {
  notFound: 'No such invoice.',
  recorded: 'Payment recorded.',
  paidInFull: 'Payment recorded. The invoice is paid in full and its receipt was sent.',
  overpaid: (credit: string) =>
    `Payment recorded. ${credit} more than was owed is a credit on the organization's account.`,
  amountPositive: 'Enter an amount greater than zero.',
  referenceRequired: 'Enter the check number or transfer reference.',
  termsSaved: 'Payment terms saved.',
  noInvoices: 'No invoices yet. An invoice is issued when staff approve a purchase order.',
  noReceivables: 'Nothing is owed.',
  mailSubject: (number: number) => `Invoice ${invoiceNumberLabel(number)}`,
  reminderSubject: (number: number) => `Reminder: invoice ${invoiceNumberLabel(number)} is overdue`,
} as const;

const calendarDate = z.iso.date('Enter a date as YYYY-MM-DD');

export const recordInvoicePaymentInput = z.object({
  method: z.enum(invoicePaymentMethods, 'Choose check or transfer'),
  reference: z.string().trim().min(1, invoiceMessages.referenceRequired).max(80, 'At most 80 characters'),
  receivedOn: calendarDate,
  amountCents: z
    .number(invoiceMessages.amountPositive)
    .int('Enter whole cents')
    .positive(invoiceMessages.amountPositive)
    .max(int4Max, 'This amount is too large'),
});
export type RecordInvoicePaymentInput = z.infer<typeof recordInvoicePaymentInput>;

export const paymentTermsInput = z.object({
  paymentTermsDays: z
    .number('Enter the number of days')
    .int('Enter whole days')
    .min(0, 'Enter 0 days or more')
    .max(maxPaymentTermsDays, `At most ${maxPaymentTermsDays} days`),
});

export const invoicePaymentRow = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.number(),
  method: z.enum(invoicePaymentMethods),
  reference: z.string(),
  receivedOn: z.string(),
  amountCents: z.number(),
  appliedCents: z.number(),
  creditCents: z.number(),
  recordedAt: z.string(),
});
export type InvoicePaymentRow = z.infer<typeof invoicePaymentRow>;

export const invoiceRow = z.object({
  id: z.uuid(),
  number: z.number(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  purchaseOrderNumber: z.string(),
  eventPaymentId: z.uuid().nullable(),
  issuedOn: z.string(),
  dueOn: z.string(),
  termsDays: z.number(),
  totalCents: z.number(),
  paidCents: z.number(),
  openCents: z.number(),
  status: z.enum(invoiceStatuses),
  billingEmail: z.string(),
  /** The receipt that followed the invoice's full payment, when its purchase order pays one event payment. */
  receiptNumber: z.number().nullable(),
  /** What the organization's earlier credit paid of it when it was issued (part of paidCents). */
  creditAppliedCents: z.number(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const adminInvoiceQuery = pageQuery.extend({
  status: z.enum([...invoiceStatuses, 'UNPAID', 'ALL']).default('UNPAID'),
  search: z.string().trim().max(100).optional(),
});
export const adminInvoicePage = paginated(invoiceRow);
export type AdminInvoicePage = z.infer<typeof adminInvoicePage>;

/** Credit from an earlier invoice's overpayment that paid part or all of a later invoice. */
export const invoiceCreditRow = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.number(),
  /** The invoice whose overpayment made the credit. */
  sourceInvoiceNumber: z.number(),
  appliedOn: z.string(),
  amountCents: z.number(),
});
export type InvoiceCreditRow = z.infer<typeof invoiceCreditRow>;

/** "Credit from I-000001", as the invoice, the statement and its page name credit applied. */
export function creditFromLabel(sourceInvoiceNumber: number): string {
  return `Credit from ${invoiceNumberLabel(sourceInvoiceNumber)}`;
}

export const recordInvoicePaymentReply = z.object({ invoice: invoiceRow, payment: invoicePaymentRow });
export type RecordInvoicePaymentReply = z.infer<typeof recordInvoicePaymentReply>;

export const statementTotals = z.object({
  invoicedCents: z.number(),
  /** What payments and applied credit paid of invoices. */
  appliedCents: z.number(),
  /** What payments paid beyond their invoices and no later invoice has used yet: credit on the account. */
  creditCents: z.number(),
  /** invoiced − applied − credit: owed when positive, in credit when negative. */
  balanceCents: z.number(),
  openInvoiceCount: z.number(),
});
export type StatementTotals = z.infer<typeof statementTotals>;

export const statementQuery = pageQuery;
export const statementReply = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  asOf: z.string(),
  totals: statementTotals,
  invoices: paginated(invoiceRow),
  /** The payments of the invoices on this page. */
  payments: z.array(invoicePaymentRow),
  /** The credit applied to the invoices on this page. */
  credits: z.array(invoiceCreditRow),
});
export type StatementReply = z.infer<typeof statementReply>;

export const statementFileQuery = z.object({ format: z.enum(['pdf', 'csv']).default('pdf') });

/** The statement's balance line: what is owed, or the credit the account holds. */
export function balanceWords(balanceCents: number, format: (cents: number) => string): string {
  if (balanceCents > 0) return `Balance due: ${format(balanceCents)}`;
  if (balanceCents < 0) return `Credit on account: ${format(-balanceCents)}`;
  return 'Balance: nothing is owed';
}

export const receivablesGroupings = ['organization', 'district'] as const;
export const receivablesQuery = pageQuery.extend({ groupBy: z.enum(receivablesGroupings).default('organization') });

export const receivablesRow = z.object({
  id: z.string().nullable(),
  name: z.string(),
  currentCents: z.number(),
  days1To30Cents: z.number(),
  days31To60Cents: z.number(),
  days61To90Cents: z.number(),
  over90Cents: z.number(),
  totalCents: z.number(),
});
export type ReceivablesRow = z.infer<typeof receivablesRow>;
export const receivablesPage = paginated(receivablesRow).extend({ asOf: z.string() });
export type ReceivablesPage = z.infer<typeof receivablesPage>;

/** The column of a receivables row each bucket adds to. */
export const bucketColumns: Record<AgeingBucket, keyof Omit<ReceivablesRow, 'id' | 'name' | 'totalCents'>> = {
  CURRENT: 'currentCents',
  DAYS_1_30: 'days1To30Cents',
  DAYS_31_60: 'days31To60Cents',
  DAYS_61_90: 'days61To90Cents',
  OVER_90: 'over90Cents',
};

/** One line of a statement of account, with the balance after it. */
export interface StatementLine {
  date: string;
  /** A CREDIT line moves credit already counted to a later invoice: it leaves the balance as it was. */
  kind: 'INVOICE' | 'PAYMENT' | 'CREDIT';
  description: string;
  chargeCents: number;
  paymentCents: number;
  balanceCents: number;
}

export const statementLineKindLabels: Record<StatementLine['kind'], string> = {
  INVOICE: 'Invoice',
  PAYMENT: 'Payment',
  CREDIT: 'Credit applied',
};

/**
 * The statement's lines in date order (of one day: invoices, payments, then credit applied, which a
 * payment made first), each with the running balance: invoices add to it, payments (credit included) take
 * from it; credit applied to a later invoice was taken when it was paid, so it changes nothing.
 */
export function statementLines(
  invoices: readonly Pick<InvoiceRow, 'number' | 'issuedOn' | 'dueOn' | 'totalCents' | 'purchaseOrderNumber'>[],
  payments: readonly Pick<
    InvoicePaymentRow,
    'invoiceNumber' | 'method' | 'reference' | 'receivedOn' | 'amountCents' | 'creditCents'
  >[],
  credits: readonly Pick<InvoiceCreditRow, 'invoiceNumber' | 'sourceInvoiceNumber' | 'appliedOn' | 'amountCents'>[],
  format: (cents: number) => string,
): StatementLine[] {
  const entries = [
    ...invoices.map((invoice) => ({
      date: invoice.issuedOn,
      order: 0,
      number: invoice.number,
      kind: 'INVOICE' as const,
      description: `Invoice ${invoiceNumberLabel(invoice.number)} (purchase order ${invoice.purchaseOrderNumber}), due ${invoice.dueOn}`,
      chargeCents: invoice.totalCents,
      paymentCents: 0,
    })),
    ...payments.map((payment) => ({
      date: payment.receivedOn,
      order: 1,
      number: payment.invoiceNumber,
      kind: 'PAYMENT' as const,
      description:
        `${invoicePaymentMethodLabels[payment.method]} ${payment.reference} for ${invoiceNumberLabel(payment.invoiceNumber)}` +
        (payment.creditCents > 0 ? `, ${format(payment.creditCents)} of it credit on account` : ''),
      chargeCents: 0,
      paymentCents: payment.amountCents,
    })),
    ...credits.map((credit) => ({
      date: credit.appliedOn,
      order: 2,
      number: credit.invoiceNumber,
      kind: 'CREDIT' as const,
      description: `${creditFromLabel(credit.sourceInvoiceNumber)} applied to ${invoiceNumberLabel(credit.invoiceNumber)}: ${format(credit.amountCents)}`,
      chargeCents: 0,
      paymentCents: 0,
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order || a.number - b.number));
  let balanceCents = 0;
  return entries.map(({ order: _order, number: _number, ...entry }) => {
    balanceCents += entry.chargeCents - entry.paymentCents;
    return { ...entry, balanceCents };
  });
}
