import {
  buyerMayCancel,
  cancellationPolicyText,
  refundMessages,
  type CancellationChoice,
  type CancellationRequestInput,
  type CancellationRequestReply,
  type CancellationView,
} from '@portal/domain/commerce/refunds.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { cancellableLines, cancelTickets } from '../../core/cancellations.ts';
import { policyOfEvent } from '../../core/cancellation-policy.ts';
import { creditNoteFile, readCreditNote } from '../../core/credit-notes.ts';
import { refundReplyOf } from '../../core/refunds.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  insertCancellationRequest,
  isPaymentVisible,
  paymentOfBuyer,
  openCancellationRequest,
  refundIdsOfPayment,
  refundOfPayment,
  ticketsOfPayment,
} from './repository.ts';

/**
 * The buyer's side of issue 38: what she may cancel of a payment, cancelling within the policy, asking
 * to cancel outside it, and the credit notes of her refunds. Only the buyer cancels or asks: anyone
 * else is told the payment does not exist.
 */

const paymentNotFound = () => notFound('No such event payment.');

async function buyersPayment(deps: Pick<AppDeps, 'db'>, auth: RequestAuth, paymentId: string) {
  const payment = await paymentOfBuyer(deps.db, paymentId);
  if (!payment || payment.userId !== auth.user.id) throw paymentNotFound();
  return payment;
}

/** GET /api/event-payments/:id/cancellation. */
export async function cancellationView(deps: AppDeps, auth: RequestAuth, paymentId: string): Promise<CancellationView> {
  const payment = await buyersPayment(deps, auth, paymentId);
  const today = calendarDateIn(deps.clock(), deps.config.timeZone);
  const lines = await cancellableLines(deps.db, paymentId);
  const tickets = await ticketsOfPayment(deps.db, paymentId);
  const refundIds = await refundIdsOfPayment(deps.db, paymentId);
  const refunds = [];
  for (const id of refundIds) {
    const refund = await refundReplyOf(deps.db, id);
    if (refund) refunds.push(refund);
  }
  const open = await openCancellationRequest(deps.db, paymentId);
  return {
    paymentId,
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
    refunds,
    openRequest: open ? { id: open.id, reason: open.reason, createdAt: open.createdAt.toISOString() } : null,
  };
}

/** POST /api/event-payments/:id/cancellation: the buyer cancels within the policy. */
export async function cancelByBuyer(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
  choice: CancellationChoice,
  idempotency: IdempotentRequest,
) {
  return cancelTickets(deps, auth, {
    paymentId,
    choice,
    rule: { by: 'buyer' },
    reason: 'Tickets cancelled by the buyer',
    idempotency,
  });
}

/** POST /api/event-payments/:id/cancellation-requests: outside the policy, the buyer asks staff. */
export async function requestCancellation(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
  input: CancellationRequestInput,
): Promise<CancellationRequestReply> {
  const payment = await buyersPayment(deps, auth, paymentId);
  if (payment.status !== 'PAID') throw conflict(refundMessages.notPaid);
  const lines = await cancellableLines(deps.db, paymentId);
  if (input.items.some((item) => !lines.some((line) => line.id === item.itemId)))
    throw badRequest('Not a line of this payment.');
  const { reason, ...choice } = input;
  return deps.db.transaction(async (tx) => {
    const made = await insertCancellationRequest(tx, {
      paymentId,
      requestedById: auth.user.id,
      choice,
      reason,
      createdAt: deps.clock(),
    });
    if (!made) throw conflict(refundMessages.requestOpen);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-payment.cancellation-request',
      subjectType: 'event_payment',
      subjectId: paymentId,
      data: { requestId: made.id },
    });
    return made;
  });
}

/** GET /api/event-payments/:id/credit-notes/:refundId: its buyer, her organization's managers, or staff. */
export async function creditNoteDownload(deps: AppDeps, auth: RequestAuth, paymentId: string, refundId: string) {
  const staff = auth.user.role === 'STAFF' && !auth.impersonator;
  if (!staff && !(await isPaymentVisible(deps.db, paymentId, auth.user.id))) throw notFound('No such credit note.');
  if (!(await refundOfPayment(deps.db, paymentId, refundId))) throw notFound('No such credit note.');
  const note = await readCreditNote(deps.db, refundId);
  if (!note) throw notFound('No such credit note.');
  return creditNoteFile(note, deps.config);
}
