import { allocationBlock, allocationClosedMessage } from '@portal/domain/tickets/allocation.ts';
import {
  isVoidedOrCancelled,
  paymentMessages,
  type EventPaymentPage,
  type EventPaymentReply,
} from '@portal/domain/commerce/payments.ts';
import { receiptMessages } from '@portal/domain/commerce/receipts.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { expireHolds } from '../../core/capacity.ts';
import { notFound } from '../../platform/errors.ts';
import { purchaseOrdersOf, readEventPayment } from '../../core/event-payments.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { readReceipt, receiptFile } from '../../core/receipts.ts';
import { eventsOfPayments, isPaymentVisible, pageOfPayments } from './repository.ts';

function byPayment<Row extends { paymentId: string | null }>(rows: readonly Row[]): Map<string | null, Row[]> {
  const grouped = new Map<string | null, Row[]>();
  for (const row of rows) {
    const group = grouped.get(row.paymentId);
    if (group) group.push(row);
    else grouped.set(row.paymentId, [row]);
  }
  return grouped;
}

/**
 * 'Manage Events': the member's own payments (their institute seats and registration requests among
 * them) and those of organizations they are an active OWNER or ADMIN of, each saying whether its tickets can be
 * allocated now by the rule the allocation screen and its save apply. Three queries per page: the
 * page, its events, its purchase orders.
 */
export async function listEventPayments(
  deps: AppDeps,
  auth: RequestAuth,
  query: { page: number; pageSize: number },
): Promise<EventPaymentPage> {
  await expireHolds(deps.db, deps.clock());
  const { rows, total } = await pageOfPayments(deps.db, auth.user.id, query);
  const ids = rows.map((row) => row.id);
  const [eventRows, orders] = await Promise.all([eventsOfPayments(deps.db, ids), purchaseOrdersOf(deps.db, ids)]);
  const today = calendarDateIn(deps.clock(), deps.config.timeZone);
  const impersonated = auth.impersonator !== null;
  // Each payment's events and purchase orders, grouped once rather than searched for every row.
  const eventsOf = byPayment(eventRows);
  const ordersOf = byPayment(orders);
  const items = rows.map((row) => {
    const own = eventsOf.get(row.id) ?? [];
    const purchaseOrders = (ordersOf.get(row.id) ?? []).map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      totalCents: order.totalCents,
      createdAt: order.createdAt,
    }));
    const block = allocationBlock({
      status: row.status,
      voided: isVoidedOrCancelled({ status: row.status, purchaseOrders }),
      closedMessages: own.map((event) => allocationClosedMessage(event, today, impersonated)),
    });
    return {
      id: row.id,
      status: row.status,
      method: row.method,
      organizationName: row.organizationName,
      buyerName: `${row.buyerFirstName} ${row.buyerLastName}`,
      events: own.map(({ id, name, startDate, endDate }) => ({ id, name, startDate, endDate })),
      numberOfTickets: own.reduce((sum, event) => sum + event.numberOfTickets, 0),
      allocatedTickets: own.reduce((sum, event) => sum + event.allocatedTickets, 0),
      total: row.total,
      purchaseOrders,
      createdAt: row.createdAt,
      applicationId: row.applicationId,
      registrationRequestId: row.registrationRequestId,
      attendeesNamed: row.attendeesNamed,
      canAllocate: row.applicationId === null && row.registrationRequestId === null && block === null,
      receiptNumber: row.receiptNumber,
    };
  });
  return { items, page: query.page, pageSize: query.pageSize, total };
}

/** One payment; anyone who may not see it is told it does not exist (404). */
export async function getEventPayment(deps: AppDeps, auth: RequestAuth, paymentId: string): Promise<EventPaymentReply> {
  await expireHolds(deps.db, deps.clock());
  const payment = await readEventPayment(deps.db, paymentId, auth.user.id);
  if (!payment) throw notFound(paymentMessages.notFound);
  return payment;
}

/**
 * GET /api/event-payments/:id/receipt: the receipt as PDF, for its buyer, an OWNER or ADMIN of its
 * organization, or staff (on their own session); anyone else, and a payment without a receipt, 404.
 * A payment refunded or cancelled since says so on it.
 */
export async function receiptDownload(deps: AppDeps, auth: RequestAuth, paymentId: string) {
  const staff = auth.user.role === 'STAFF' && auth.impersonator === null;
  if (!staff && !(await isPaymentVisible(deps.db, paymentId, auth.user.id))) throw notFound(receiptMessages.notFound);
  const receipt = await readReceipt(deps.db, paymentId);
  if (!receipt) throw notFound(receiptMessages.notFound);
  return receiptFile(receipt, deps.config.timeZone);
}
