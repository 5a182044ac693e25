import { and, eq } from 'drizzle-orm';
import { memberPurchaseOrderMessages } from '@portal/domain/commerce/member-purchase-orders.ts';
import type { Executor } from '../db/client.ts';
import { eventPayments, purchaseOrders } from '../db/schema/commerce.ts';
import { purchaseOrderApplications } from '../db/schema/purchase-order-links.ts';
import { conflict } from '../platform/errors.ts';
import { markPaid, releasePayment } from './capacity.ts';
import { emitWebhookEvent } from './webhooks.ts';

/**
 * An institute purchase order pays several applications, each through its own event payment
 * (purchase_order_applications). Staff decide the purchase order once; these settle its payments
 * in the decision's transaction, through the same capacity service as any other purchase order.
 */

async function linkedPayments(tx: Executor, purchaseOrderId: string) {
  return tx
    .select({ id: eventPayments.id, status: eventPayments.status })
    .from(purchaseOrderApplications)
    .innerJoin(eventPayments, eq(eventPayments.id, purchaseOrderApplications.paymentId))
    .where(eq(purchaseOrderApplications.purchaseOrderId, purchaseOrderId))
    .orderBy(eventPayments.id);
}

/**
 * Every linked payment becomes PAID (a hold that ran out is taken again, or 409). A payment cancelled
 * or refunded meanwhile (staff cancelled its application) is not revived: the approval is refused.
 */
export async function payLinkedPayments(tx: Executor, purchaseOrderId: string, now: Date): Promise<void> {
  const payments = await linkedPayments(tx, purchaseOrderId);
  if (payments.some((payment) => payment.status === 'CANCELLED' || payment.status === 'REFUND_NEEDED')) {
    throw conflict(memberPurchaseOrderMessages.linkedPaymentCancelled);
  }
  for (const payment of payments) await markPaid(tx, payment.id, 'purchase-order', now);
}

/** Voiding the purchase order cancels its linked payments, giving their seats (and coupon use) back. */
export async function cancelLinkedPayments(tx: Executor, purchaseOrderId: string, now: Date): Promise<void> {
  for (const payment of await linkedPayments(tx, purchaseOrderId))
    await releasePayment(tx, payment.id, 'CANCELLED', now);
}

/**
 * A payment no longer due (its application closed, its registration request cancelled): its purchase orders still
 * under review are voided, by `decidedById` when staff decided it, and each is posted as purchase_order.voided.
 */
export async function voidSubmittedPurchaseOrders(
  tx: Executor,
  paymentId: string,
  now: Date,
  decidedById: string | null,
): Promise<void> {
  const voided = await tx
    .update(purchaseOrders)
    .set({ status: 'VOIDED', decidedById, decidedAt: now })
    .where(and(eq(purchaseOrders.paymentId, paymentId), eq(purchaseOrders.status, 'SUBMITTED')))
    .returning({
      purchaseOrderId: purchaseOrders.id,
      number: purchaseOrders.number,
      paymentId: purchaseOrders.paymentId,
    });
  for (const purchaseOrder of voided) await emitWebhookEvent(tx, 'purchase_order.voided', purchaseOrder, now);
}
