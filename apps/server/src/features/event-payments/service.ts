import { allocationBlock, allocationClosedMessage } from '@portal/domain/tickets/allocation.ts';
import {
  cardHoldMinutes,
  isVoidedOrCancelled,
  paymentMessages,
  type EventPaymentPage,
  type EventPaymentReply,
  type WithdrawFundRequestReply,
} from '@portal/domain/commerce/payments.ts';
import { districtFundMessages, mayWithdrawFundRequest } from '@portal/domain/organizations/district-funds.ts';
import {
  heldLinesText,
  unfinishedOrderMessages,
  unfinishedOrderRefusal,
  type DiscardOrderReply,
  type PayNowReply,
  type UnfinishedOrderFacts,
  type UnfinishedOrderPage,
} from '@portal/domain/commerce/unfinished-orders.ts';
import { receiptMessages } from '@portal/domain/commerce/receipts.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { expireHolds, renewCardHold } from '../../core/capacity.ts';
import { requireCardProvider, startCardPayment } from '../../core/card-checkout.ts';
import { restoreCart } from '../../core/carts.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { withdrawFundRequest } from '../../core/district-funds.ts';
import { invoicesOfPayments } from '../../core/invoices.ts';
import { cancelPayment, lockOwnPayment, purchaseOrdersOf, readEventPayment } from '../../core/event-payments.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { readReceipt, receiptFile } from '../../core/receipts.ts';
import {
  creditNotesOfPayments,
  eventsOfPayments,
  isPaymentVisible,
  linesOfPayments,
  pageOfPayments,
  pageOfUnfinishedOrders,
} from './repository.ts';

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
 * allocated now by the rule the allocation screen and its save apply. Five queries per page: the
 * page, its events, its purchase orders, its credit notes and the invoices the member may download.
 */
export async function listEventPayments(
  deps: AppDeps,
  auth: RequestAuth,
  query: { page: number; pageSize: number },
): Promise<EventPaymentPage> {
  await expireHolds(deps.db, deps.clock());
  const { rows, total } = await pageOfPayments(deps.db, auth.user.id, query);
  const ids = rows.map((row) => row.id);
  const [eventRows, orders, notes, invoices] = await Promise.all([
    eventsOfPayments(deps.db, ids),
    purchaseOrdersOf(deps.db, ids),
    creditNotesOfPayments(deps.db, ids),
    invoicesOfPayments(deps.db, ids, auth.user.id),
  ]);
  const notesOf = byPayment(notes);
  const invoiceOf = new Map(invoices.map(({ paymentId, ...invoice }) => [paymentId, invoice]));
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
      refundedCents: row.refundedCents,
      mayCancel:
        row.isBuyer &&
        row.status === 'PAID' &&
        row.applicationId === null &&
        row.registrationRequestId === null &&
        !impersonated,
      creditNotes: (notesOf.get(row.id) ?? []).map(({ refundId, number }) => ({ refundId, number })),
      invoice: invoiceOf.get(row.id) ?? null,
      mayWithdraw: mayWithdrawFundRequest({ isBuyer: row.isBuyer, status: row.status, impersonated }),
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
  return receiptFile(receipt, deps.config);
}

/**
 * GET /api/event-payments/unfinished: the member's own unfinished orders (decision 0160), each with its
 * lines, coupon and purchase orders; the screens ask packages/domain which actions each offers. Holds
 * that ran out are released first, so nothing listed has already let its seats go. Three queries a page.
 */
export async function listUnfinishedOrders(
  deps: AppDeps,
  auth: RequestAuth,
  query: { page: number; pageSize: number },
): Promise<UnfinishedOrderPage> {
  await expireHolds(deps.db, deps.clock());
  const { rows, total } = await pageOfUnfinishedOrders(deps.db, auth.user.id, query);
  const ids = rows.map((row) => row.id);
  const [lines, orders] = await Promise.all([linesOfPayments(deps.db, ids), purchaseOrdersOf(deps.db, ids)]);
  const linesOf = byPayment(lines);
  const ordersOf = byPayment(orders);
  const items = rows.map((row) => {
    const own = (linesOf.get(row.id) ?? []).map(({ title, numberOfTickets }) => ({ title, numberOfTickets }));
    return {
      ...row,
      isBuyer: true,
      registrationRequestId: null,
      lines: own,
      numberOfTickets: own.reduce((sum, line) => sum + line.numberOfTickets, 0),
      purchaseOrders: (ordersOf.get(row.id) ?? []).map(({ paymentId: _payment, ...order }) => order),
    };
  });
  return { items, page: query.page, pageSize: query.pageSize, total };
}

type OwnPayment = NonNullable<Awaited<ReturnType<typeof lockOwnPayment>>>;

function factsOf(payment: OwnPayment): UnfinishedOrderFacts {
  const application = payment.applicationId ?? payment.legacyApplicationId;
  return {
    status: payment.status,
    method: payment.method,
    isBuyer: true,
    origin: payment.forRegistration ? 'registration' : application !== null ? 'application' : 'cart',
  };
}

function refuse(payment: OwnPayment, action: 'discard' | 'payNow'): void {
  const refusal = unfinishedOrderRefusal(factsOf(payment), action);
  if (refusal) throw conflict(unfinishedOrderMessages.refusals[refusal]);
}

/**
 * POST /api/event-payments/:id/discard: the buyer ends an unfinished cart order. Under the payment's
 * row lock it becomes CANCELLED, its seats and coupon use are given back (capacity.releasePayment, once
 * however many race) and its tickets and coupon return to the cart. Asking again answers the same
 * (a double click, a replay); a paid order, a purchase order already uploaded, a hold that ran out and
 * an application's or a request's payment are refused (409); someone else's payment is not found (404).
 */
export async function discardOrder(deps: AppDeps, auth: RequestAuth, paymentId: string): Promise<DiscardOrderReply> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const payment = await lockOwnPayment(tx, paymentId, auth.user.id);
    if (!payment) throw notFound(paymentMessages.notFound);
    if (payment.status === 'CANCELLED' && factsOf(payment).origin === 'cart') return { status: 'CANCELLED' };
    refuse(payment, 'discard');
    const released = await cancelPayment(tx, auth, { id: paymentId, status: payment.status }, now, {
      by: 'buyer',
      discarded: true,
    });
    if (released.seatsReleased) await restoreCart(tx, paymentId, auth.user.id, payment.couponId);
    return { status: 'CANCELLED' };
  });
}

/**
 * POST /api/event-payments/:id/withdraw: the buyer withdraws an order waiting for the district
 * administrator's approval (decision 0224). Under the payment's row lock the approval is marked
 * withdrawn (the administrators' list drops it, they are mailed), the payment becomes CANCELLED with
 * its seats and coupon use given back, and its lines return to the cart, as on a decline. Someone
 * else's payment is not found (404); an order no longer waiting, or decided already, is a 409.
 */
export async function withdrawRequest(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
): Promise<WithdrawFundRequestReply> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const payment = await lockOwnPayment(tx, paymentId, auth.user.id);
    if (!payment) throw notFound(paymentMessages.notFound);
    if (auth.impersonator) throw forbidden(districtFundMessages.withdrawViewAs);
    if (!mayWithdrawFundRequest({ isBuyer: true, status: payment.status, impersonated: false })) {
      throw conflict(districtFundMessages.notWaiting);
    }
    if (!(await withdrawFundRequest(tx, paymentId, auth.user.id, now))) throw conflict(districtFundMessages.notWaiting);
    const released = await cancelPayment(tx, auth, { id: paymentId, status: payment.status }, now, {
      by: 'buyer',
      withdrawn: true,
    });
    if (released.seatsReleased) await restoreCart(tx, paymentId, auth.user.id, payment.couponId);
    return { status: 'CANCELLED' as const, message: districtFundMessages.withdrawn };
  });
}

/**
 * POST /api/event-payments/:id/pay-now: a fresh checkout of an unfinished card order, the same payment
 * (never a second one): its hold runs again for the card's time under the row lock, then the provider
 * is sent it after the commit (core/card-checkout.ts). A paid order is a 409, and so is one whose hold
 * ran out or that is not a card order of the cart or an application.
 */
export async function payNow(deps: AppDeps, auth: RequestAuth, paymentId: string): Promise<PayNowReply> {
  requireCardProvider(deps);
  const holdExpiresAt = new Date(deps.clock().getTime() + cardHoldMinutes * 60_000);
  const payment = await deps.db.transaction(async (tx) => {
    const own = await lockOwnPayment(tx, paymentId, auth.user.id);
    if (!own) throw notFound(paymentMessages.notFound);
    refuse(own, 'payNow');
    if (!(await renewCardHold(tx, paymentId, holdExpiresAt))) throw conflict(unfinishedOrderMessages.refusals.ended);
    return own;
  });
  const lines = await linesOfPayments(deps.db, [paymentId]);
  const redirectUrl = await startCardPayment(
    deps,
    auth,
    {
      id: paymentId,
      totalCents: payment.totalCents,
      holdExpiresAt,
      applicationId: payment.applicationId,
      legacyApplicationId: payment.legacyApplicationId,
    },
    heldLinesText(lines),
  );
  return { eventPaymentId: paymentId, redirectUrl };
}
