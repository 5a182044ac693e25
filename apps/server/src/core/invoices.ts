import { aliasedTable, and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  allocateCredit,
  creditFromLabel,
  invoiceFileName,
  invoiceMessages,
  invoiceNumberLabel,
  invoiceStatus,
  paymentTermsLabel,
  splitInvoicePayment,
  type InvoiceCreditRow,
  type InvoicePaymentRow,
  type InvoiceRow,
  type RecordInvoicePaymentInput,
  type StatementTotals,
} from '@portal/domain/commerce/invoices.ts';
import { calendarDateIn, formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Executor } from '../db/client.ts';
import { executeStatic, staticStatement } from '../db/prepared.ts';
import { eventPaymentItems, eventPayments, purchaseOrders } from '../db/schema/commerce.ts';
import { invoiceCreditApplications, invoicePayments, invoices } from '../db/schema/invoices.ts';
import { billingContacts, organizationMemberships, organizations } from '../db/schema/organizations.ts';
import { jobs } from '../db/schema/platform.ts';
import { purchaseOrderApplications } from '../db/schema/purchase-order-links.ts';
import { eventPaymentReceipts, receiptCounters } from '../db/schema/receipts.ts';
import { notFound } from '../platform/errors.ts';
import type { IdempotentRequest } from '../platform/idempotency.ts';
import type { JobHandler } from '../platform/jobs.ts';
import { queueMail } from '../platform/mail.ts';
import { moneySheet, type DocumentSettings } from './receipt-pdf.ts';
import { issueReceipt } from './receipts.ts';

/**
 * Invoices (issue 41): one per purchase order approved before it was paid, numbered I-000001… from
 * receipt_counters' own series exactly as receipts are (docs/decisions/0120-receipt-numbers.md); the
 * payments staff record against them, and the receipt that follows full payment.
 * docs/decisions/0212-invoices-and-statements.md.
 */

const series = 'invoices';

export const invoiceMailJob = 'invoice.mail';

export const invoiceNotFound = () => notFound(invoiceMessages.notFound);

const input = (name: string) => sql.placeholder(name);

/**
 * The counter raised, the invoice written with the organization's terms and its mail queued: one
 * statement. It goes to the organization's first billing contact, or to the purchase order's contact
 * when the organization has none. An invoice of nothing owed (a free order's PO) is not written.
 */
const issueStatement = staticStatement(
  'issue_invoice',
  sql`
    with source as (
      select ${purchaseOrders.id} as purchase_order_id, ${purchaseOrders.organizationId} as organization_id,
        coalesce(${eventPayments.totalCents}, ${purchaseOrders.totalCents}) as total_cents,
        ${organizations.paymentTermsDays} as terms_days,
        coalesce((select ${billingContacts.email} from ${billingContacts}
          where ${billingContacts.organizationId} = ${purchaseOrders.organizationId}
          order by ${billingContacts.createdAt}, ${billingContacts.id} limit 1), ${purchaseOrders.contactEmail}) as billing_email
      from ${purchaseOrders}
      inner join ${organizations} on ${organizations.id} = ${purchaseOrders.organizationId}
      left join ${eventPayments} on ${eventPayments.id} = ${purchaseOrders.paymentId}
      where ${purchaseOrders.id} = ${input('purchaseOrderId')}::uuid
        and not exists (select 1 from ${invoices} where ${invoices.purchaseOrderId} = ${input('purchaseOrderId')}::uuid)
    ), counter as (
      insert into ${receiptCounters} (series, last_number)
      select ${input('series')}::text, 1 from source where total_cents > 0
      on conflict (series) do update set last_number = ${receiptCounters}.last_number + 1
      returning last_number
    ), invoice as (
      insert into ${invoices} (number, purchase_order_id, organization_id, total_cents, issued_at, issued_on, terms_days, due_on, billing_email)
      select counter.last_number, source.purchase_order_id, source.organization_id, source.total_cents,
        ${input('now')}::timestamptz, ${input('issuedOn')}::date, source.terms_days,
        ${input('issuedOn')}::date + source.terms_days, source.billing_email
      from counter, source
      returning id, number, organization_id, total_cents, issued_on
    ), mailed as (
      insert into ${jobs} (kind, payload)
      select ${input('jobKind')}::text, jsonb_build_object('invoiceId', id) from invoice
    )
    select id, number, organization_id as "organizationId", total_cents as "totalCents", issued_on::text as "issuedOn"
    from invoice`,
);

/**
 * What is applied of a payment's credit, as a correlated subquery on invoice_payments, named in full:
 * drizzle writes a one-table query's columns unqualified, which inside the subquery would name its own.
 */
const creditUsed = sql<number>`(select coalesce(sum(${invoiceCreditApplications.amountCents}), 0)::int
  from ${invoiceCreditApplications} where ${invoiceCreditApplications.sourcePaymentId} = ${sql.identifier('invoice_payments')}.${sql.identifier('id')})`;

/**
 * The organization's credit left on earlier overpayments pays the new invoice, oldest credit first,
 * never past its total (allocateCredit, decision 0223). The credits' payment rows are locked first;
 * issuing takes the invoice counter's row before this, so two invoices of one organization issued at
 * once apply its credit one after the other and never spend it twice. An invoice the credit pays in
 * full is paid at once and its receipts follow, as a payment paying it in full would issue them.
 */
async function applyCredit(
  tx: Executor,
  invoice: { id: string; organizationId: string; totalCents: number; issuedOn: string },
  purchaseOrderId: string,
  now: Date,
): Promise<number> {
  const credits = await tx
    .select({ paymentId: invoicePayments.id, creditCents: invoicePayments.creditCents, usedCents: creditUsed })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.organizationId, invoice.organizationId),
        sql`${invoicePayments.creditCents} > ${creditUsed}`,
      ),
    )
    .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.recordedAt), asc(invoicePayments.id))
    .for('update');
  const taken = allocateCredit(
    credits.map((credit) => ({ paymentId: credit.paymentId, remainingCents: credit.creditCents - credit.usedCents })),
    invoice.totalCents,
  );
  if (taken.length === 0) return 0;
  await tx.insert(invoiceCreditApplications).values(
    taken.map((credit) => ({
      invoiceId: invoice.id,
      sourcePaymentId: credit.paymentId,
      organizationId: invoice.organizationId,
      amountCents: credit.amountCents,
      appliedOn: invoice.issuedOn,
    })),
  );
  const appliedCents = taken.reduce((sum, credit) => sum + credit.amountCents, 0);
  const paidInFull = appliedCents === invoice.totalCents;
  await tx
    .update(invoices)
    .set({ paidCents: appliedCents, paidAt: paidInFull ? now : null })
    .where(eq(invoices.id, invoice.id));
  if (paidInFull) {
    for (const paymentId of await paymentsOfPurchaseOrder(tx, purchaseOrderId)) {
      await issueReceipt(tx, paymentId, now, null);
    }
  }
  return appliedCents;
}

/** An invoice just issued: what the approval's mail to the buyer says of it. */
export interface IssuedInvoice {
  id: string;
  number: number;
  totalCents: number;
  /** What the organization's earlier credit paid of it. */
  creditAppliedCents: number;
  dueOn: string;
  organizationId: string;
  billingEmail: string;
}

/**
 * Invoices an approved purchase order in the caller's transaction (the approval's), its last writes:
 * the counter's row lock is then held only until the commit, and a rollback gives the number back.
 * The organization's credit pays what it can of it. Undefined when there is nothing to invoice
 * (nothing owed, or invoiced already).
 */
export async function issueInvoice(
  tx: Executor,
  purchaseOrderId: string,
  now: Date,
  timeZone: string,
): Promise<IssuedInvoice | undefined> {
  const [invoice] = await executeStatic<{
    id: string;
    number: number;
    organizationId: string;
    totalCents: number;
    issuedOn: string;
  }>(tx, issueStatement, {
    purchaseOrderId,
    series,
    now: now.toISOString(),
    issuedOn: calendarDateIn(now, timeZone),
    jobKind: invoiceMailJob,
  });
  if (!invoice) return undefined;
  const creditAppliedCents = await applyCredit(tx, invoice, purchaseOrderId, now);
  const [issued] = await tx
    .select({ dueOn: invoices.dueOn, billingEmail: invoices.billingEmail })
    .from(invoices)
    .where(eq(invoices.id, invoice.id));
  if (!issued) throw new Error('the invoice just issued is not found');
  return {
    id: invoice.id,
    number: invoice.number,
    totalCents: invoice.totalCents,
    creditAppliedCents,
    organizationId: invoice.organizationId,
    ...issued,
  };
}

/** The invoice columns every list reads; open and status follow from them and today. */
const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  organizationId: invoices.organizationId,
  organizationName: organizations.name,
  purchaseOrderNumber: purchaseOrders.number,
  eventPaymentId: purchaseOrders.paymentId,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  termsDays: invoices.termsDays,
  totalCents: invoices.totalCents,
  paidCents: invoices.paidCents,
  billingEmail: invoices.billingEmail,
  receiptNumber: eventPaymentReceipts.number,
  creditAppliedCents: sql<number>`(select coalesce(sum(${invoiceCreditApplications.amountCents}), 0)::int
    from ${invoiceCreditApplications} where ${invoiceCreditApplications.invoiceId} = ${invoices.id})`.mapWith(Number),
};

/** Invoices joined to what they name, one query whatever the page size. */
export function invoiceQuery(db: Executor, where: SQL | undefined) {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, invoices.purchaseOrderId))
    .leftJoin(eventPaymentReceipts, eq(eventPaymentReceipts.paymentId, purchaseOrders.paymentId))
    .where(where)
    .$dynamic();
}

type StoredInvoice = Awaited<ReturnType<typeof invoiceQuery>>[number];

export function presentInvoice(row: StoredInvoice, today: string): InvoiceRow {
  const openCents = row.totalCents - row.paidCents;
  return { ...row, openCents, status: invoiceStatus(openCents, row.dueOn, today) };
}

export async function findInvoice(db: Executor, invoiceId: string, today: string): Promise<InvoiceRow | undefined> {
  const [row] = await invoiceQuery(db, eq(invoices.id, invoiceId));
  return row && presentInvoice(row, today);
}

const paymentColumns = {
  id: invoicePayments.id,
  invoiceId: invoicePayments.invoiceId,
  invoiceNumber: invoices.number,
  method: invoicePayments.method,
  reference: invoicePayments.reference,
  receivedOn: invoicePayments.receivedOn,
  amountCents: invoicePayments.amountCents,
  appliedCents: invoicePayments.appliedCents,
  creditCents: invoicePayments.creditCents,
  recordedAt: invoicePayments.recordedAt,
};

function presentPayment(row: { recordedAt: Date } & Omit<InvoicePaymentRow, 'recordedAt'>): InvoicePaymentRow {
  return { ...row, recordedAt: row.recordedAt.toISOString() };
}

/** The payments recorded against these invoices, oldest first: one query. */
export async function paymentsOfInvoices(db: Executor, invoiceIds: readonly string[]): Promise<InvoicePaymentRow[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await db
    .select(paymentColumns)
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(inArray(invoicePayments.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.recordedAt), asc(invoicePayments.id));
  return rows.map(presentPayment);
}

/**
 * The invoices of these event payments' purchase orders that `userId` may download: those of an
 * organization they are an active OWNER or ADMIN of (the statement's rule). One query.
 */
export async function invoicesOfPayments(db: Executor, paymentIds: readonly string[], userId: string) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      paymentId: purchaseOrders.paymentId,
      id: invoices.id,
      number: invoices.number,
      organizationId: invoices.organizationId,
    })
    .from(invoices)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, invoices.purchaseOrderId))
    .innerJoin(
      organizationMemberships,
      and(
        eq(organizationMemberships.organizationId, invoices.organizationId),
        eq(organizationMemberships.userId, userId),
        isNull(organizationMemberships.archivedAt),
        inArray(organizationMemberships.role, ['OWNER', 'ADMIN']),
      ),
    )
    .where(inArray(purchaseOrders.paymentId, [...paymentIds]));
}

/** The credit applied to these invoices, in the order they took it (the oldest credit first): one query. */
export async function creditsOfInvoices(db: Executor, invoiceIds: readonly string[]): Promise<InvoiceCreditRow[]> {
  if (invoiceIds.length === 0) return [];
  const sourceInvoices = aliasedTable(invoices, 'source_invoices');
  return db
    .select({
      id: invoiceCreditApplications.id,
      invoiceId: invoiceCreditApplications.invoiceId,
      invoiceNumber: invoices.number,
      sourceInvoiceNumber: sourceInvoices.number,
      appliedOn: invoiceCreditApplications.appliedOn,
      amountCents: invoiceCreditApplications.amountCents,
    })
    .from(invoiceCreditApplications)
    .innerJoin(invoices, eq(invoices.id, invoiceCreditApplications.invoiceId))
    .innerJoin(invoicePayments, eq(invoicePayments.id, invoiceCreditApplications.sourcePaymentId))
    .innerJoin(sourceInvoices, eq(sourceInvoices.id, invoicePayments.invoiceId))
    .where(inArray(invoiceCreditApplications.invoiceId, [...invoiceIds]))
    .orderBy(
      asc(invoiceCreditApplications.createdAt),
      asc(invoicePayments.receivedOn),
      asc(invoicePayments.recordedAt),
      asc(invoicePayments.id),
    );
}

/** A payment recorded, found again by its Idempotency-Key: a repeat answers what the first recorded. */
export async function findPaymentByKey(db: Executor, key: string) {
  const [row] = await db
    .select({ ...paymentColumns, idempotencyFingerprint: invoicePayments.idempotencyFingerprint })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(eq(invoicePayments.idempotencyKey, key));
  if (!row) return undefined;
  const { idempotencyFingerprint, ...payment } = row;
  return { idempotencyFingerprint, payment: presentPayment(payment) };
}

/** The event payments a purchase order pays: its own, or those of the applications an institute PO names. */
async function paymentsOfPurchaseOrder(tx: Executor, purchaseOrderId: string): Promise<string[]> {
  const [own] = await tx
    .select({ paymentId: purchaseOrders.paymentId })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, purchaseOrderId));
  if (own?.paymentId) return [own.paymentId];
  const linked = await tx
    .select({ paymentId: purchaseOrderApplications.paymentId })
    .from(purchaseOrderApplications)
    .where(eq(purchaseOrderApplications.purchaseOrderId, purchaseOrderId))
    .orderBy(asc(purchaseOrderApplications.paymentId));
  return linked.flatMap((row) => (row.paymentId ? [row.paymentId] : []));
}

/**
 * Records a check or transfer against an invoice in the caller's transaction. The invoice row is
 * locked first, so two payments at once split what is owed one after the other: what pays the
 * invoice raises paid_cents (never past its total: the database checks it too), what is left over
 * is credit on the organization's account. The payment that pays it in full issues the receipts of
 * what the purchase order paid for, last (their counter's lock is held until the commit).
 */
export async function recordInvoicePayment(
  tx: Executor,
  invoiceId: string,
  payment: RecordInvoicePaymentInput,
  idempotency: IdempotentRequest,
  staffId: string,
  now: Date,
): Promise<{ payment: InvoicePaymentRow; paidInFull: boolean }> {
  const [invoice] = await tx
    .select({
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      organizationId: invoices.organizationId,
      purchaseOrderId: invoices.purchaseOrderId,
      number: invoices.number,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update');
  if (!invoice) throw invoiceNotFound();
  const { appliedCents, creditCents } = splitInvoicePayment(
    invoice.totalCents - invoice.paidCents,
    payment.amountCents,
  );
  const [recorded] = await tx
    .insert(invoicePayments)
    .values({
      invoiceId,
      organizationId: invoice.organizationId,
      method: payment.method,
      reference: payment.reference,
      receivedOn: payment.receivedOn,
      amountCents: payment.amountCents,
      appliedCents,
      creditCents,
      idempotencyKey: idempotency.key,
      idempotencyFingerprint: idempotency.fingerprint,
      recordedById: staffId,
      recordedAt: now,
    })
    .returning();
  if (!recorded) throw new Error('the invoice payment was not recorded');
  const paidCents = invoice.paidCents + appliedCents;
  const paidInFull = appliedCents > 0 && paidCents === invoice.totalCents;
  if (appliedCents > 0) {
    await tx
      .update(invoices)
      .set({ paidCents, paidAt: paidInFull ? now : null })
      .where(eq(invoices.id, invoiceId));
  }
  if (paidInFull) {
    for (const paymentId of await paymentsOfPurchaseOrder(tx, invoice.purchaseOrderId)) {
      await issueReceipt(tx, paymentId, now, null);
    }
  }
  return {
    payment: presentPayment({ ...recorded, invoiceNumber: invoice.number }),
    paidInFull,
  };
}

/**
 * What one organization's invoices and payments add up to, over all of them, with its name and how
 * many invoices it has: one query. Undefined for no such organization.
 */
export async function statementHead(
  db: Executor,
  organizationId: string,
): Promise<{ organizationName: string; invoiceCount: number; totals: StatementTotals } | undefined> {
  const sum = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
  const [row] = await db
    .select({
      name: organizations.name,
      invoiced: sum(
        sql`select coalesce(sum(${invoices.totalCents}), 0) from ${invoices} where ${invoices.organizationId} = ${organizations.id}`,
      ),
      applied: sum(
        sql`select coalesce(sum(${invoicePayments.appliedCents}), 0) from ${invoicePayments} where ${invoicePayments.organizationId} = ${organizations.id}`,
      ),
      creditApplied: sum(
        sql`select coalesce(sum(${invoiceCreditApplications.amountCents}), 0) from ${invoiceCreditApplications} where ${invoiceCreditApplications.organizationId} = ${organizations.id}`,
      ),
      credit: sum(
        sql`select coalesce(sum(${invoicePayments.creditCents}), 0) from ${invoicePayments} where ${invoicePayments.organizationId} = ${organizations.id}`,
      ),
      open: sum(
        sql`select count(*) from ${invoices} where ${invoices.organizationId} = ${organizations.id} and ${invoices.paidAt} is null`,
      ),
      invoices: sum(sql`select count(*) from ${invoices} where ${invoices.organizationId} = ${organizations.id}`),
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) return undefined;
  // Credit applied to a later invoice moves from the account's credit to what paid invoices: the balance stays the sum.
  const invoicedCents = Number(row.invoiced);
  const appliedCents = Number(row.applied) + Number(row.creditApplied);
  const creditCents = Number(row.credit) - Number(row.creditApplied);
  return {
    organizationName: row.name,
    invoiceCount: Number(row.invoices),
    totals: {
      invoicedCents,
      appliedCents,
      creditCents,
      balanceCents: invoicedCents - appliedCents - creditCents,
      openInvoiceCount: Number(row.open),
    },
  };
}

/** An organization's invoices, newest first, one page. */
export async function organizationInvoices(
  db: Executor,
  organizationId: string,
  page: { limit: number; offset: number },
  today: string,
): Promise<InvoiceRow[]> {
  const rows = await invoiceQuery(db, eq(invoices.organizationId, organizationId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => presentInvoice(row, today));
}

/** What an invoice's PDF prints beyond its row: the organization's billing address and what the purchase order pays for. */
async function invoiceDocument(db: Executor, invoiceId: string, today: string) {
  const invoice = await findInvoice(db, invoiceId, today);
  if (!invoice) return undefined;
  const [address] = await db
    .select({
      line1: organizations.billingAddressLine1,
      line2: organizations.billingAddressLine2,
      city: organizations.billingCity,
      stateProvince: organizations.billingStateProvince,
      zipPostal: organizations.billingZipPostal,
      country: organizations.billingCountry,
    })
    .from(organizations)
    .where(eq(organizations.id, invoice.organizationId));
  const items = invoice.eventPaymentId
    ? await db
        .select({
          title: eventPaymentItems.title,
          quantity: eventPaymentItems.numberOfTickets,
          unitPriceCents: eventPaymentItems.priceCents,
        })
        .from(eventPaymentItems)
        .where(eq(eventPaymentItems.paymentId, invoice.eventPaymentId))
        .orderBy(asc(eventPaymentItems.title), asc(eventPaymentItems.id))
    : [];
  const [amounts] = invoice.eventPaymentId
    ? await db
        .select({ subtotalCents: eventPayments.subtotalCents, discountCents: eventPayments.discountCents })
        .from(eventPayments)
        .where(eq(eventPayments.id, invoice.eventPaymentId))
    : [];
  const credits = await creditsOfInvoices(db, [invoiceId]);
  const cityLine = [address?.city, [address?.stateProvince, address?.zipPostal].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    invoice,
    billingAddress: [address?.line1, address?.line2, cityLine, address?.country].filter((part): part is string =>
      Boolean(part?.trim()),
    ),
    items,
    subtotalCents: amounts?.subtotalCents ?? invoice.totalCents,
    discountCents: amounts?.discountCents ?? 0,
    credits,
  };
}

/** invoice-I-000042.pdf: the seller, the organization billed, what it pays for, the terms and due date, how to pay. */
export async function invoiceFile(
  db: Executor,
  invoiceId: string,
  settings: DocumentSettings,
  today: string,
): Promise<{ fileName: string; bytes: Uint8Array; invoice: InvoiceRow } | undefined> {
  const document = await invoiceDocument(db, invoiceId, today);
  if (!document) return undefined;
  const { invoice } = document;
  const label = invoiceNumberLabel(invoice.number);
  const { line, gap, amountsRow, totalRow, regular, bold, save } = await moneySheet(
    `Invoice ${label}`,
    new Date(`${invoice.issuedOn}T12:00:00Z`),
    settings.seller,
  );
  line('Invoice', 22, bold);
  line(`Invoice number: ${label}`, 12, bold);
  line(`Date: ${formatUsDate(invoice.issuedOn)}`);
  line(`Terms: ${paymentTermsLabel(invoice.termsDays)}`);
  line(`Due date: ${formatUsDate(invoice.dueOn)}`, 12, bold);
  line(`Purchase order: ${invoice.purchaseOrderNumber}`);
  gap();
  line('Bill to', 13, bold);
  line(invoice.organizationName);
  for (const part of document.billingAddress) line(part);
  line(invoice.billingEmail);
  gap();
  amountsRow(['Item', 'Quantity', 'Unit price', 'Amount'], bold);
  if (document.items.length === 0) {
    amountsRow(
      [
        `Purchase order ${invoice.purchaseOrderNumber}`,
        '1',
        formatCents(invoice.totalCents),
        formatCents(invoice.totalCents),
      ],
      regular,
    );
  }
  for (const item of document.items) {
    amountsRow(
      [
        item.title,
        String(item.quantity),
        formatCents(item.unitPriceCents),
        formatCents(item.quantity * item.unitPriceCents),
      ],
      regular,
    );
  }
  gap();
  totalRow('Subtotal', formatCents(document.subtotalCents));
  if (document.discountCents > 0) totalRow('Discount', `-${formatCents(document.discountCents)}`);
  totalRow('Total', formatCents(invoice.totalCents), bold, 12);
  for (const credit of document.credits) {
    totalRow(creditFromLabel(credit.sourceInvoiceNumber), `-${formatCents(credit.amountCents)}`);
  }
  const paidByPayments = invoice.paidCents - invoice.creditAppliedCents;
  if (paidByPayments > 0) totalRow('Paid', `-${formatCents(paidByPayments)}`);
  totalRow('Amount due', formatCents(invoice.openCents), bold, 12);
  gap();
  line('How to pay', 13, bold);
  line(`Please pay by check or bank transfer by ${formatUsDate(invoice.dueOn)}, quoting ${label}.`);
  for (const part of settings.seller.remittance) line(part, 10);
  return { fileName: invoiceFileName(invoice.number), bytes: await save(), invoice };
}

/** What an invoice just issued asks for, once the organization's credit has paid what it could. */
function invoiceOwedWords(invoice: InvoiceRow): string {
  const due = `${paymentTermsLabel(invoice.termsDays)}, due on ${formatUsDate(invoice.dueOn)}`;
  if (invoice.creditAppliedCents === 0) return `${due}.`;
  const credit = formatCents(invoice.creditAppliedCents);
  return invoice.openCents === 0
    ? `the organization's credit of ${credit} paid it in full; nothing is owed.`
    : `the organization's credit paid ${credit} of it; ${formatCents(invoice.openCents)} is owed, ${due}.`;
}

/** Mails an invoice to its billing contact, the PDF attached, through the outbox. */
export async function mailInvoice(
  db: Executor,
  config: Pick<AppDeps['config'], 'timeZone' | 'publicUrl' | 'seller'>,
  invoiceId: string,
  today: string,
  reminder?: { daysOverdue: number },
): Promise<string | undefined> {
  const file = await invoiceFile(db, invoiceId, config, today);
  if (!file) return undefined;
  const { invoice } = file;
  const label = invoiceNumberLabel(invoice.number);
  const opening = reminder
    ? `Invoice ${label} for ${invoice.organizationName} was due on ${formatUsDate(invoice.dueOn)} and ${formatCents(invoice.openCents)} is still owed (${reminder.daysOverdue} days overdue).`
    : `Purchase order ${invoice.purchaseOrderNumber} was approved. Invoice ${label} for ${formatCents(invoice.totalCents)} is attached: ${invoiceOwedWords(invoice)}`;
  await queueMail(db, {
    to: invoice.billingEmail,
    subject: reminder ? invoiceMessages.reminderSubject(invoice.number) : invoiceMessages.mailSubject(invoice.number),
    text: [
      'Hello,',
      '',
      opening,
      '',
      `Please pay by check or bank transfer, quoting ${label}.`,
      ...config.seller.remittance,
      '',
      `The organization's owner and admins can download it and the statement of account: ${config.publicUrl}/members/organization/${invoice.organizationId}/statement`,
    ].join('\n'),
    attachments: [
      {
        filename: file.fileName,
        contentType: 'application/pdf',
        content: Buffer.from(file.bytes).toString('base64'),
        encoding: 'base64',
      },
    ],
  });
  return invoice.billingEmail;
}

/** The job issueInvoice queues: the invoice mailed once the approval has committed. */
export function invoiceMailJobHandler(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): JobHandler {
  return async (payload) => {
    await mailInvoice(
      deps.db,
      deps.config,
      String(payload.invoiceId),
      calendarDateIn(deps.clock(), deps.config.timeZone),
    );
  };
}

/** Open invoices due before `before` (YYYY-MM-DD), the reminder sweep's candidates, oldest due first. */
export async function openInvoicesDueBefore(db: Executor, before: string) {
  return db
    .select({ id: invoices.id, dueOn: invoices.dueOn })
    .from(invoices)
    .where(and(isNull(invoices.paidAt), sql`${invoices.dueOn} < ${before}::date`))
    .orderBy(asc(invoices.dueOn), asc(invoices.id));
}
