import {
  refundMessages,
  refundMethodLabels,
  refundStatusLabels,
  type AdminRefundQuery,
  type AdminRefundRow,
  type CancellationDecisionInput,
  type RefundReply,
} from '@portal/domain/commerce/refunds.ts';
import { creditNoteNumberLabel } from '@portal/domain/commerce/refunds.ts';
import { calendarDateIn, formatMoment } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { AppDeps } from '../../app-deps.ts';
import { cancelTicketsIn, sendAtOnce } from '../../core/cancellations.ts';
import { refundReplyOf, settleRefund } from '../../core/refunds.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Export } from '../../platform/exports.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  buyerOf,
  decideRequest,
  exportRefundRows,
  linkRequestCancellation,
  refundStatusOf,
  requestExists,
} from './repository.ts';

/** What the buyer's mail says of the decision: the tickets cancelled and the refund, or the decline. */
function decisionLine(
  cancelledTickets: number | null,
  refunded: RefundReply | undefined,
  declineReason: string | null,
): string {
  if (cancelledTickets === null)
    return `Your cancellation request was declined: your tickets stand as they are.\nReason: ${declineReason ?? ''}`;
  const refund = refunded
    ? `, ${formatCents(refunded.amountCents)} refunded (credit note ${creditNoteNumberLabel(refunded.creditNoteNumber ?? 0)})`
    : ', without a refund';
  return (
    `Your cancellation request was approved: ${refundMessages.cancelled(cancelledTickets)}`.replace(/\.$/, '') +
    `${refund}.`
  );
}

/** Staff's refunds (issue 38): the list and its export, settling a refund owed, deciding cancellation requests. */

export function exportRefunds(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  query: Omit<AdminRefundQuery, 'page' | 'pageSize'> & { format: ExportFormat },
): Export<AdminRefundRow> {
  const { timeZone } = deps.config;
  return {
    baseName: `refunds-${calendarDateIn(deps.clock(), timeZone)}`,
    title: 'Refunds',
    format: query.format,
    rows: exportRefundRows(deps.db, query),
    columns: [
      { header: 'Refund', value: (row) => row.id },
      { header: 'Payment', value: (row) => row.paymentId },
      { header: 'Buyer', value: (row) => row.buyerName },
      { header: 'Buyer email', value: (row) => row.buyerEmail },
      { header: 'Events', value: (row) => row.events.join('; ') },
      { header: 'Amount', value: (row) => row.amountCents, cents: true },
      { header: 'Method', value: (row) => refundMethodLabels[row.method] },
      { header: 'Status', value: (row) => refundStatusLabels[row.status] },
      {
        header: 'Credit note',
        value: (row) => (row.creditNoteNumber === null ? '' : creditNoteNumberLabel(row.creditNoteNumber)),
      },
      { header: 'Created', value: (row) => formatMoment(row.createdAt, timeZone) },
      { header: 'Settled', value: (row) => (row.settledAt ? formatMoment(row.settledAt, timeZone) : '') },
    ],
  };
}

/** POST /api/admin/refunds/:id/settle: a refund OWED is marked settled (the finance office paid it), once. */
export async function settleOwedRefund(deps: AppDeps, auth: RequestAuth, refundId: string) {
  await deps.db.transaction(async (tx) => {
    const settled = await settleRefund(tx, refundId, 'OWED', deps.clock(), auth.user.id);
    if (!settled) {
      const status = await refundStatusOf(tx, refundId);
      if (!status) throw notFound('No such refund.');
      if (status === 'SETTLED') return;
      throw conflict(refundMessages.notOwed);
    }
    await audit(tx, { ...actorOf(auth), action: 'refund.settle', subjectType: 'refund', subjectId: refundId });
  });
  const reply = await refundReplyOf(deps.db, refundId);
  if (!reply) throw notFound('No such refund.');
  return reply;
}

/**
 * POST /api/admin/refunds/cancellation-requests/:id/decision: approved, the request's tickets are
 * cancelled with the refund staff chose (core/cancellations.ts, the same rules as staff cancelling);
 * declined, nothing changes. Decided once; the buyer is mailed either way.
 */
export async function decideCancellationRequest(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  input: CancellationDecisionInput,
) {
  const now = deps.clock();
  const declineReason = input.decision === 'DECLINE' ? input.reason : null;
  const outcome = await deps.db.transaction(async (tx) => {
    const decided = await decideRequest(tx, requestId, {
      status: input.decision === 'APPROVE' ? 'APPROVED' : 'DECLINED',
      decidedById: auth.user.id,
      decidedAt: now,
    });
    if (!decided) {
      if (!(await requestExists(tx, requestId))) throw notFound('No such cancellation request.');
      throw conflict(refundMessages.requestDecided);
    }
    const cancelled =
      input.decision === 'APPROVE'
        ? await cancelTicketsIn(
            deps,
            tx,
            auth,
            {
              paymentId: decided.paymentId,
              choice: decided.choice,
              rule: { by: 'staff', choice: input.refund },
              reason: 'Cancellation request approved',
              idempotency: null,
            },
            now,
          )
        : null;
    if (cancelled) await linkRequestCancellation(tx, requestId, cancelled.cancellationId);
    const buyer = await buyerOf(tx, decided.requestedById);
    if (buyer) {
      const refunded = cancelled?.refund ? await refundReplyOf(tx, cancelled.refund.id) : undefined;
      await queueMail(tx, {
        to: buyer.email,
        subject: refundMessages.requestDecidedSubject,
        text: [
          `Hello ${buyer.firstName},`,
          '',
          decisionLine(cancelled?.cancelledTickets ?? null, refunded, declineReason),
          '',
          `Your event payments: ${deps.config.publicUrl}/members/manage-events`,
        ].join('\n'),
      });
    }
    await audit(tx, {
      ...actorOf(auth),
      action: 'cancellation-request.decide',
      subjectType: 'cancellation_request',
      subjectId: requestId,
      data: { decision: input.decision, ...(declineReason === null ? {} : { reason: declineReason }) },
    });
    return cancelled;
  });
  await sendAtOnce(deps, outcome?.refund ?? null);
  return { id: requestId, status: input.decision === 'APPROVE' ? ('APPROVED' as const) : ('DECLINED' as const) };
}
