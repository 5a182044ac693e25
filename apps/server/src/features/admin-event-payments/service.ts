import type { EventPaymentStatus } from '@portal/domain/commerce/enums.ts';
import {
  eventPaymentMethodLabels,
  eventPaymentStatusLabels,
  type AdminEventPaymentRow,
} from '@portal/domain/commerce/payments.ts';
import { calendarDateIn, formatMoment } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import { receiptMessages } from '@portal/domain/commerce/receipts.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { mailReceipt } from '../../core/receipts.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import type { Export } from '../../platform/exports.ts';
import { exportRows, paymentAmounts } from './repository.ts';
import type { StaffCancelInput, StaffRefundPreviewInput } from '@portal/domain/commerce/refunds.ts';
import { cancelTickets, previewCancellation } from '../../core/cancellations.ts';
import { cancellationViewOf } from '../../core/cancellation-views.ts';
import type { IdempotentRequest } from '../../platform/idempotency.ts';

export interface EventPaymentExportQuery {
  status?: EventPaymentStatus;
  search?: string;
  format: ExportFormat;
}

/** GET /api/admin/event-payments/export: the list under its filters, every page, as CSV or XLSX. */
export function exportEventPayments(
  deps: { db: Database; clock: () => Date; config: { timeZone: string } },
  query: EventPaymentExportQuery,
): Export<AdminEventPaymentRow> {
  const { timeZone } = deps.config;
  return {
    baseName: `event-payments-${calendarDateIn(deps.clock(), timeZone)}`,
    title: 'Event payments',
    format: query.format,
    rows: exportRows(deps.db, query),
    columns: [
      { header: 'Payment', value: (row) => row.id },
      { header: 'Buyer', value: (row) => row.buyerName },
      { header: 'Buyer email', value: (row) => row.buyerEmail },
      { header: 'Organization', value: (row) => row.organizationName ?? '' },
      { header: 'Events', value: (row) => row.events.join('; ') },
      { header: 'Tickets', value: (row) => row.numberOfTickets },
      { header: 'Allocated', value: (row) => row.allocatedTickets },
      { header: 'Total', value: (row) => row.total, cents: true },
      { header: 'Method', value: (row) => eventPaymentMethodLabels[row.method] },
      { header: 'Status', value: (row) => eventPaymentStatusLabels[row.status] },
      { header: 'Created', value: (row) => formatMoment(row.createdAt, timeZone) },
    ],
  };
}

/**
 * POST /api/admin/event-payments/:id/receipt/resend: the receipt mailed to the buyer again, with its
 * number unchanged, audited; 404 when the payment has no receipt. Answers where it went.
 */
export async function resendReceipt(deps: AppDeps, auth: RequestAuth, paymentId: string): Promise<{ sentTo: string }> {
  return deps.db.transaction(async (tx) => {
    const sentTo = await mailReceipt(tx, deps.config, paymentId);
    if (!sentTo) throw notFound(receiptMessages.notFound);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-payment.receipt-resent',
      subjectType: 'event_payment',
      subjectId: paymentId,
      data: { sentTo },
    });
    return { sentTo };
  });
}

/**
 * POST /api/admin/event-payments/:id/refund: staff cancel every ticket left of a PAID payment, with a
 * full, partial or no refund (core/cancellations.ts: seats back, refund and credit note recorded).
 */
export async function refundAndCancel(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
  input: StaffCancelInput,
  idempotency: IdempotentRequest,
) {
  const { reason, items, ...choice } = input;
  return cancelTickets(deps, auth, {
    paymentId,
    choice: items ? { items } : 'ALL',
    rule: { by: 'staff', choice },
    reason,
    idempotency,
    mailBuyer: true,
  });
}

/** POST /api/admin/event-payments/:id/refund/preview: what a FULL refund of those tickets gives back. */
export async function previewStaffRefund(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
  input: StaffRefundPreviewInput,
) {
  return previewCancellation(deps, auth, paymentId, input.items ? { items: input.items } : 'ALL', 'staff');
}

/** GET /api/admin/event-payments/:id/cancellation: its lines and tickets, as the refund dialog chooses them. */
export async function staffCancellationView(deps: AppDeps, paymentId: string) {
  const payment = await paymentAmounts(deps.db, paymentId);
  if (!payment) throw notFound('No such event payment.');
  return cancellationViewOf(deps.db, payment, calendarDateIn(deps.clock(), deps.config.timeZone));
}
