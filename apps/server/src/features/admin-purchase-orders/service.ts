import type { z } from 'zod';
import type { PurchaseOrderStatus } from '@portal/domain/commerce/enums.ts';
import { formatPhone } from '@portal/domain/contact.ts';
import { calendarDateIn, formatMoment } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import {
  purchaseOrderMessages,
  purchaseOrderStatusLabels,
  purchaseOrderTotalMismatch,
  purchaseOrderTypeLabels,
  type adminPurchaseOrderQuery,
  type AdminPurchaseOrderPage,
  type AdminPurchaseOrderRow,
} from '@portal/domain/commerce/purchase-orders.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import type { Export } from '../../platform/exports.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { markPaid, releasePayment } from '../../core/capacity.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { cancelLinkedPayments, payLinkedPayments } from '../../core/purchase-order-links.ts';
import { attachmentName } from '../../core/purchase-order-upload.ts';
import { decisionMail } from './decision-mail.ts';
import {
  decide,
  findBuyer,
  findFile,
  findPurchaseOrderRow,
  exportRows,
  listRows,
  purchaseOrderExists,
  type PurchaseOrderExportRow,
  purchaseOrderTotals,
} from './repository.ts';
import { emitWebhookEvent } from '../../core/webhooks.ts';
import { issueInvoice, type IssuedInvoice } from '../../core/invoices.ts';
import { issueReceipt } from '../../core/receipts.ts';
import { quotesOfPurchaseOrders } from '../../core/quotes.ts';

const purchaseOrderNotFound = () => notFound('No such purchase order.');

/** Each row with the quote its buyer named beside it (one query for the page: core/quotes.ts). */
async function withQuotes(db: Executor, rows: AdminPurchaseOrderRow[]): Promise<AdminPurchaseOrderRow[]> {
  const named = await quotesOfPurchaseOrders(db, rows);
  return rows.map((row) => ({ ...row, quote: named.get(row.id) ?? null }));
}

export async function listPurchaseOrders(
  deps: AppDeps,
  query: z.output<typeof adminPurchaseOrderQuery>,
): Promise<AdminPurchaseOrderPage> {
  const { items, total } = await listRows(deps.db, query);
  return { items: await withQuotes(deps.db, items), total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/admin/purchase-orders/export: the list under its filters, every page, as CSV or XLSX. */
export function exportPurchaseOrders(
  deps: AppDeps,
  query: { status?: PurchaseOrderStatus; search?: string; format: ExportFormat },
): Export<PurchaseOrderExportRow> {
  const moment = (at: Date | null) => (at ? formatMoment(at, deps.config.timeZone) : '');
  return {
    baseName: `purchase-orders-${calendarDateIn(deps.clock(), deps.config.timeZone)}`,
    title: 'Purchase orders',
    format: query.format,
    rows: exportRows(deps.db, query),
    columns: [
      { header: 'Number', value: (row) => row.number },
      { header: 'Organization', value: (row) => row.organizationName },
      { header: 'Buyer', value: (row) => `${row.buyerFirstName} ${row.buyerLastName}` },
      { header: 'Buyer email', value: (row) => row.buyerEmail },
      { header: 'Contact name', value: (row) => row.contactName },
      { header: 'Contact email', value: (row) => row.contactEmail },
      { header: 'Contact phone', value: (row) => formatPhone(row.contactPhone) },
      { header: 'Type', value: (row) => purchaseOrderTypeLabels[row.type] },
      { header: 'Pays for', value: (row) => row.paysFor ?? '' },
      { header: 'Typed total', value: (row) => row.submittedTotalCents, cents: true },
      { header: 'Payment total', value: (row) => row.paymentTotalCents, cents: true },
      { header: 'Status', value: (row) => purchaseOrderStatusLabels[row.status] },
      { header: 'Submitted', value: (row) => moment(row.createdAt) },
      { header: 'Decided', value: (row) => moment(row.decidedAt) },
    ],
  };
}

export async function purchaseOrderFile(
  deps: AppDeps,
  purchaseOrderId: string,
): Promise<{ bytes: Buffer; filename: string }> {
  const file = await findFile(deps.db, purchaseOrderId);
  if (!file) throw purchaseOrderNotFound();
  const bytes = await deps.storage.get(file.fileKey);
  if (!bytes) throw notFound(purchaseOrderMessages.fileMissing);
  return { bytes, filename: attachmentName(file.filename) };
}

type Outcome = 'APPROVED' | 'VOIDED';

/**
 * Staff decide a submitted purchase order: its status changes by a conditional update (a second
 * decision is refused), the payment follows through the capacity service in the same transaction,
 * and the buyer is mailed (outbox, same transaction). Anything refused rolls all of it back.
 */
async function decidePurchaseOrder(
  deps: AppDeps,
  auth: RequestAuth,
  purchaseOrderId: string,
  outcome: Outcome,
  settle: (tx: Executor, paymentId: string | null, now: Date) => Promise<IssuedInvoice | undefined>,
): Promise<AdminPurchaseOrderRow> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const decided = await decide(tx, purchaseOrderId, outcome, auth.user.id, now);
    if (!decided) {
      if (!(await purchaseOrderExists(tx, purchaseOrderId))) throw purchaseOrderNotFound();
      throw conflict(purchaseOrderMessages.alreadyDecided);
    }
    const invoice = await settle(tx, decided.paymentId, now);
    await emitWebhookEvent(
      tx,
      outcome === 'APPROVED' ? 'purchase_order.approved' : 'purchase_order.voided',
      { purchaseOrderId, number: decided.number, paymentId: decided.paymentId },
      now,
    );
    const buyer = await findBuyer(tx, purchaseOrderId);
    if (!buyer) throw new Error('a purchase order without its buyer');
    await queueMail(
      tx,
      decisionMail({
        approved: outcome === 'APPROVED',
        to: buyer.email,
        firstName: buyer.firstName,
        number: decided.number,
        totalCents: buyer.totalCents,
        eventPaymentId: decided.paymentId,
        invoice,
        publicUrl: deps.config.publicUrl,
      }),
    );
    await audit(tx, {
      ...actorOf(auth),
      action: outcome === 'APPROVED' ? 'purchaseOrder.approve' : 'purchaseOrder.void',
      subjectType: 'purchase_order',
      subjectId: purchaseOrderId,
      data: { eventPaymentId: decided.paymentId, number: decided.number },
    });
  });
  const row = await findPurchaseOrderRow(deps.db, purchaseOrderId);
  if (!row) throw purchaseOrderNotFound();
  const [named] = await withQuotes(deps.db, [row]);
  return named ?? row;
}

/**
 * The payment becomes PAID; a hold released meanwhile (it ran out) is taken again, or 409 (seatsGone,
 * couponUsedUp). A purchase order whose typed total is not the payment's is refused (409, both
 * totals named): staff void it and the buyer sends a corrected one.
 */
export async function approvePurchaseOrder(
  deps: AppDeps,
  auth: RequestAuth,
  purchaseOrderId: string,
): Promise<AdminPurchaseOrderRow> {
  return decidePurchaseOrder(deps, auth, purchaseOrderId, 'APPROVED', async (tx, paymentId, now) => {
    const totals = await purchaseOrderTotals(tx, purchaseOrderId);
    if (totals && purchaseOrderTotalMismatch(totals)) {
      throw conflict(purchaseOrderMessages.totalMismatch(totals.submittedTotalCents, totals.paymentTotalCents));
    }
    // An institute purchase order pays its applications' payments; a package's pays a contract, nothing held.
    if (paymentId === null) await payLinkedPayments(tx, purchaseOrderId, now);
    else if ((await markPaid(tx, paymentId, 'purchase-order', now)) === 'alreadyPaid') return undefined;
    // Paid on trust: the invoice asks for the money, and its receipt follows full payment (decision 0212).
    const invoice = await issueInvoice(tx, purchaseOrderId, now, deps.config.timeZone);
    if (!invoice && paymentId !== null) await issueReceipt(tx, paymentId, now, null);
    return invoice;
  });
}

/** The payment is CANCELLED (events.md §4: a voided purchase order voids its payment); seats and coupon use return. */
export async function voidPurchaseOrder(
  deps: AppDeps,
  auth: RequestAuth,
  purchaseOrderId: string,
): Promise<AdminPurchaseOrderRow> {
  return decidePurchaseOrder(deps, auth, purchaseOrderId, 'VOIDED', async (tx, paymentId, now) => {
    if (paymentId === null) {
      await cancelLinkedPayments(tx, purchaseOrderId, now);
      return undefined;
    }
    const released = await releasePayment(tx, paymentId, 'CANCELLED', now);
    if (released.status === 'PAID') throw conflict(purchaseOrderMessages.paidCannotVoid);
    return undefined;
  });
}
