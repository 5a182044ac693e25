import {
  refundMessages,
  type CancellationChoice,
  type CancellationRequestInput,
  type CancellationRequestReply,
  type CancellationView,
} from '@portal/domain/commerce/refunds.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { cancellableLines, cancelTickets, previewCancellation } from '../../core/cancellations.ts';
import { cancellationViewOf } from '../../core/cancellation-views.ts';
import { creditNoteFile, readCreditNote } from '../../core/credit-notes.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { insertCancellationRequest, isPaymentVisible, paymentOfBuyer, refundOfPayment } from './repository.ts';

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

/**
 * What Manage Events offers Cancel tickets on, kept here too: the buyer herself (not staff viewing as
 * her), a cart order (an application's or a registration request's seats go through a request).
 */
async function selfCancellable(deps: Pick<AppDeps, 'db'>, auth: RequestAuth, paymentId: string) {
  const payment = await buyersPayment(deps, auth, paymentId);
  if (auth.impersonator) throw forbidden(refundMessages.viewAs);
  if (payment.ofApplicationOrRequest) throw conflict(refundMessages.notCartOrder);
}

/** GET /api/event-payments/:id/cancellation. */
export async function cancellationView(deps: AppDeps, auth: RequestAuth, paymentId: string): Promise<CancellationView> {
  const payment = await buyersPayment(deps, auth, paymentId);
  return cancellationViewOf(deps.db, { ...payment, id: paymentId }, calendarDateIn(deps.clock(), deps.config.timeZone));
}

/** POST /api/event-payments/:id/cancellation/preview: the refund the dialog shows before she confirms. */
export async function previewBuyerCancellation(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
  choice: CancellationChoice,
) {
  await selfCancellable(deps, auth, paymentId);
  return previewCancellation(deps, auth, paymentId, choice, 'buyer');
}

/** POST /api/event-payments/:id/cancellation: the buyer cancels within the policy. */
export async function cancelByBuyer(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
  choice: CancellationChoice,
  idempotency: IdempotentRequest,
) {
  await selfCancellable(deps, auth, paymentId);
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
  if (auth.impersonator) throw forbidden(refundMessages.viewAs);
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
