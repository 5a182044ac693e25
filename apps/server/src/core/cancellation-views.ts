import { and, eq } from 'drizzle-orm';
import { buyerMayCancel, cancellationPolicyText, type CancellationView } from '@portal/domain/commerce/refunds.ts';
import type { Executor } from '../db/client.ts';
import { eventPaymentItems } from '../db/schema/commerce.ts';
import { cancellationRequests, refunds } from '../db/schema/refunds.ts';
import { eventTickets } from '../db/schema/tickets.ts';
import { users } from '../db/schema/users.ts';
import { cancellableLines } from './cancellations.ts';
import { policyOfEvent } from './cancellation-policy.ts';
import { refundReplyOf } from './refunds.ts';

/**
 * What a payment has left to cancel, as the buyer's cancel dialog and staff's refund dialog read it
 * (issue 38): each line with its allocated tickets and holders, what is not allocated, whether the
 * buyer may cancel it herself today, its policy in words, the refunds made and a request waiting.
 */

/** The allocated tickets of a payment's lines, with their holders. */
async function ticketsOfPayment(db: Executor, paymentId: string) {
  return db
    .select({
      id: eventTickets.id,
      itemId: eventTickets.paymentItemId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(eventTickets)
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.id, eventTickets.paymentItemId))
    .innerJoin(users, eq(users.id, eventTickets.userId))
    .where(eq(eventPaymentItems.paymentId, paymentId))
    .orderBy(eventTickets.position, eventTickets.id);
}

/** The payment's refunds, oldest first. */
async function refundIdsOfPayment(db: Executor, paymentId: string) {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(refunds.createdAt, refunds.id);
  return rows.map((row) => row.id);
}

async function openCancellationRequest(db: Executor, paymentId: string) {
  const [open] = await db
    .select({
      id: cancellationRequests.id,
      reason: cancellationRequests.reason,
      createdAt: cancellationRequests.createdAt,
    })
    .from(cancellationRequests)
    .where(and(eq(cancellationRequests.paymentId, paymentId), eq(cancellationRequests.status, 'OPEN')));
  return open;
}

export interface ViewedPayment {
  id: string;
  status: string;
  method: string;
  totalCents: number;
  refundedCents: number;
}

/** The view of a payment the caller has already been allowed to see; `today` is the provider's calendar day. */
export async function cancellationViewOf(
  db: Executor,
  payment: ViewedPayment,
  today: string,
): Promise<CancellationView> {
  const lines = await cancellableLines(db, payment.id);
  const tickets = await ticketsOfPayment(db, payment.id);
  const refundIds = await refundIdsOfPayment(db, payment.id);
  const made = [];
  for (const id of refundIds) {
    const refund = await refundReplyOf(db, id);
    if (refund) made.push(refund);
  }
  const open = await openCancellationRequest(db, payment.id);
  return {
    paymentId: payment.id,
    status: payment.status,
    method: payment.method,
    totalCents: payment.totalCents,
    refundedCents: payment.refundedCents,
    lines: lines.map((line) => {
      const policy = policyOfEvent(line.policy);
      const held = tickets.filter((ticket) => ticket.itemId === line.id);
      const active = line.numberOfTickets - line.cancelledTickets;
      const byPurchaseOrder = payment.method === 'PURCHASE_ORDER' && policy.purchaseOrderRefund !== 'CREDIT_NOTE';
      return {
        itemId: line.id,
        title: line.title,
        eventName: line.eventName,
        startDate: line.startDate,
        priceCents: line.priceCents,
        activeTickets: active,
        cancelledTickets: line.cancelledTickets,
        tickets: held.map((ticket) => ({
          id: ticket.id,
          holderName: `${ticket.firstName} ${ticket.lastName}`,
          holderEmail: ticket.email,
        })),
        unassigned: Math.max(active - held.length, 0),
        cancellable:
          payment.status === 'PAID' && active > 0 && !byPurchaseOrder && buyerMayCancel(policy, line.startDate, today),
        policyText: cancellationPolicyText(policy),
      };
    }),
    refunds: made,
    openRequest: open ? { id: open.id, reason: open.reason, createdAt: open.createdAt.toISOString() } : null,
  };
}
