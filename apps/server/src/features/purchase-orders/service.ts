import { randomUUID } from 'node:crypto';
import { paymentMessages, purchaseOrderHoldDays } from '@portal/domain/commerce/payments.ts';
import {
  purchaseOrderFields,
  purchaseOrderMessages,
  purchaseOrderKind,
  purchaseOrderTypeOf,
  myPurchaseOrderMessages,
  type MyPurchaseOrderPage,
  type PurchaseOrderSubmitted,
} from '@portal/domain/commerce/purchase-orders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { expireHolds } from '../../core/capacity.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { isActiveMember } from '../../core/memberships.ts';
import { notifyStaff, purchaseOrderWork } from '../../core/staff-notifications.ts';
import { linkPurchaseOrderQuote, quoteNamedOnPurchaseOrder } from '../../core/quotes.ts';
import {
  findMyPurchaseOrderFile,
  markPurchaseOrderSubmitted,
  pageOfMyPurchaseOrders,
  paymentTerms,
} from './repository.ts';
import {
  attachmentName,
  checkUpload,
  insertPurchaseOrder,
  purchaseOrderFileKey,
  recordWithFile,
  type Upload,
} from '../../core/purchase-order-upload.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The buyer uploads the purchase order of a payment waiting for one. In one transaction: the
 * payment moves AWAITING_PO → PO_SUBMITTED (a conditional update) with its seats held for another
 * purchaseOrderHoldDays, the purchase order is recorded and the file stored. The file is written
 * last and removed again when the transaction fails, so a refused upload leaves nothing behind.
 * Its type and total are the payment's (purchaseOrderTypeOf, totalCents); the total the buyer typed
 * is kept beside them for staff, who cannot approve a purchase order whose typed total differs.
 */
export async function submitPurchaseOrder(
  deps: AppDeps,
  auth: RequestAuth,
  upload: Upload,
): Promise<PurchaseOrderSubmitted> {
  const { fields, bytes } = checkUpload(purchaseOrderFields, upload);
  const now = deps.clock();
  // A hold that ran out is released first, so it is refused below rather than extended after the fact.
  await expireHolds(deps.db, now);
  const purchaseOrderId = randomUUID();
  await recordWithFile(deps, purchaseOrderId, bytes, async (tx) => {
    const payment = await paymentTerms(tx, fields.eventPaymentId);
    if (!payment || payment.userId !== auth.user.id) throw notFound(paymentMessages.notFound);
    const type = purchaseOrderTypeOf(payment);
    if (fields.type !== undefined && fields.type !== type)
      throw badRequest(purchaseOrderMessages.typeMismatch, { type: purchaseOrderMessages.typeMismatch });
    if (!(await isActiveMember(tx, fields.organizationId, auth.user.id))) {
      throw badRequest(purchaseOrderMessages.organizationRequired, {
        organizationId: purchaseOrderMessages.organizationRequired,
      });
    }
    const quoteId = await quoteNamedOnPurchaseOrder(tx, fields.quoteNumber, fields.organizationId, now);
    const holdExpiresAt = new Date(now.getTime() + purchaseOrderHoldDays * dayMs);
    if (
      !(await markPurchaseOrderSubmitted(tx, fields.eventPaymentId, auth.user.id, fields.organizationId, holdExpiresAt))
    ) {
      throw conflict(purchaseOrderMessages.notAwaiting);
    }
    await insertPurchaseOrder(tx, {
      id: purchaseOrderId,
      paymentId: fields.eventPaymentId,
      type,
      number: fields.number,
      filename: fields.filename,
      fileKey: purchaseOrderFileKey(purchaseOrderId),
      fileSize: bytes.length,
      contactEmail: fields.contactEmail,
      contactName: fields.contactName,
      contactPhone: fields.contactPhone,
      organizationId: fields.organizationId,
      totalCents: payment.totalCents,
      submittedTotalCents: fields.total,
      couponCode: fields.couponCode || null,
      submittedById: auth.user.id,
    });
    if (quoteId) await linkPurchaseOrderQuote(tx, purchaseOrderId, quoteId);
    await notifyStaff(
      tx,
      deps.config.publicUrl,
      purchaseOrderWork({ id: purchaseOrderId, number: fields.number, totalCents: payment.totalCents, at: now }),
    );
    await audit(tx, {
      ...actorOf(auth),
      action: 'purchaseOrder.submit',
      subjectType: 'purchase_order',
      subjectId: purchaseOrderId,
      data: {
        eventPaymentId: fields.eventPaymentId,
        number: fields.number,
        totalCents: payment.totalCents,
        submittedTotalCents: fields.total,
        quoteId: quoteId ?? null,
        fileSize: bytes.length,
      },
    });
  });
  return { purchaseOrderId };
}

/** GET /api/purchase-orders: what the member sent, and what was sent for the organizations they manage. */
export async function listMyPurchaseOrders(
  deps: AppDeps,
  auth: RequestAuth,
  query: { page: number; pageSize: number },
): Promise<MyPurchaseOrderPage> {
  const { rows, total } = await pageOfMyPurchaseOrders(deps.db, auth.user.id, query.page, query.pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: purchaseOrderKind({ type: row.type, paysOnePayment: row.paymentId !== null }),
      status: row.status,
      organizationName: row.organizationName,
      totalCents: row.totalCents,
      buyerName: `${row.buyerFirstName} ${row.buyerLastName}`.trim(),
      sentByMe: row.submittedById === auth.user.id,
      filename: row.filename,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** GET /api/purchase-orders/:id/file: the uploaded PDF, for whoever may see the purchase order (else 404). */
export async function myPurchaseOrderFile(
  deps: AppDeps,
  auth: RequestAuth,
  purchaseOrderId: string,
): Promise<{ bytes: Buffer; filename: string }> {
  const file = await findMyPurchaseOrderFile(deps.db, auth.user.id, purchaseOrderId);
  if (!file) throw notFound(myPurchaseOrderMessages.notFound);
  const bytes = await deps.storage.get(file.fileKey);
  if (!bytes) throw notFound(purchaseOrderMessages.fileMissing);
  return { bytes, filename: attachmentName(file.filename) };
}
