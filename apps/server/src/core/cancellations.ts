import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  buyerMayCancel,
  refundFor,
  refundMessages,
  staffRefundAmount,
  type CancellationChoice,
  type CancellationReply,
  type RefundPreview,
  type StaffRefundChoice,
} from '@portal/domain/commerce/refunds.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Executor } from '../db/client.ts';
import { eventPaymentItems, eventPayments, events } from '../db/schema/commerce.ts';
import { cancelledTickets, ticketCancellations } from '../db/schema/refunds.ts';
import { eventTickets } from '../db/schema/tickets.ts';
import { users } from '../db/schema/users.ts';
import { actorOf, audit } from '../platform/audit.ts';
import { badRequest, conflict, notFound } from '../platform/errors.ts';
import { requireSameRequest, writeOncePerKey, type IdempotentRequest } from '../platform/idempotency.ts';
import { queueMail } from '../platform/mail.ts';
import type { RequestAuth } from '../platform/sessions.ts';
import { cancelTicketSeats } from './capacity.ts';
import { eventPolicyColumns, policyOfEvent } from './cancellation-policy.ts';
import { recordRefund, refundReplyOf, sendRefund, type RecordedRefund } from './refunds.ts';
import { emitWebhookEvent } from './webhooks.ts';

/**
 * Cancelling some or all of a PAID payment's tickets (issue 38): by its buyer within each event's
 * policy, or by staff with the refund they choose. One transaction under the payment's row lock: the
 * allocated tickets' rows deleted (their codes stop scanning: the scanner finds no ticket), the lines'
 * cancelled counts raised and their seats freed through capacity.cancelTicketSeats, the refund computed
 * on the server (refunds.ts refundFor) and recorded with its credit note. Two cancellations of the same
 * ticket queue on the row lock; the second finds it gone (409).
 */

export type RefundRule = { by: 'buyer' } | { by: 'staff'; choice: StaffRefundChoice };

export interface TicketCancellation {
  paymentId: string;
  /** ALL: every ticket the payment has left (staff cancelling a payment). */
  choice: CancellationChoice | 'ALL';
  rule: RefundRule;
  /** What the credit note says the refund is for. */
  reason: string;
  idempotency: IdempotentRequest | null;
  /** Staff cancelling from the payment page: the buyer is mailed what was cancelled, refunded and why. */
  mailBuyer?: boolean;
}

const paymentNotFound = () => notFound('No such event payment.');

function paymentRow(tx: Executor, paymentId: string) {
  return tx
    .select({
      userId: eventPayments.userId,
      status: eventPayments.status,
      method: eventPayments.method,
      subtotalCents: eventPayments.subtotalCents,
      discountCents: eventPayments.discountCents,
      totalCents: eventPayments.totalCents,
      refundedCents: eventPayments.refundedCents,
    })
    .from(eventPayments)
    .where(eq(eventPayments.id, paymentId));
}

async function lockedPayment(tx: Executor, paymentId: string) {
  const [payment] = await paymentRow(tx, paymentId).for('update');
  return payment;
}

/** A payment's lines with their events' policies and what is left of each, as the cancellation reads them. */
export async function cancellableLines(tx: Executor, paymentId: string) {
  return tx
    .select({
      id: eventPaymentItems.id,
      eventId: eventPaymentItems.eventId,
      eventName: events.name,
      startDate: events.startDate,
      title: eventPaymentItems.title,
      numberOfTickets: eventPaymentItems.numberOfTickets,
      cancelledTickets: eventPaymentItems.cancelledTickets,
      priceCents: eventPaymentItems.priceCents,
      policy: eventPolicyColumns,
    })
    .from(eventPaymentItems)
    .innerJoin(events, eq(events.id, eventPaymentItems.eventId))
    .where(eq(eventPaymentItems.paymentId, paymentId))
    .orderBy(asc(eventPaymentItems.title), asc(eventPaymentItems.id));
}

type Line = Awaited<ReturnType<typeof cancellableLines>>[number];

interface Chosen {
  line: Line;
  ticketIds: string[];
  unassigned: number;
}

function chosenLines(lines: readonly Line[], choice: CancellationChoice): Chosen[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<string>();
  const chosen: Chosen[] = [];
  for (const item of choice.items) {
    const line = byId.get(item.itemId);
    if (!line || seen.has(item.itemId)) throw badRequest('Not a line of this payment.');
    seen.add(item.itemId);
    const ticketIds = [...new Set(item.ticketIds)];
    if (ticketIds.length + item.unassigned > 0) chosen.push({ line, ticketIds, unassigned: item.unassigned });
  }
  if (chosen.length === 0) throw badRequest(refundMessages.nothingChosen);
  return chosen;
}

/** Every allocated ticket and every ticket not allocated of the payment's lines, as a choice. */
async function everyTicketLeft(tx: Executor, lines: readonly Line[]): Promise<CancellationChoice> {
  const held =
    lines.length === 0
      ? []
      : await tx
          .select({ id: eventTickets.id, itemId: eventTickets.paymentItemId })
          .from(eventTickets)
          .where(
            inArray(
              eventTickets.paymentItemId,
              lines.map((line) => line.id),
            ),
          );
  return {
    items: lines.map((line) => {
      const ticketIds = held.filter((ticket) => ticket.itemId === line.id).map((ticket) => ticket.id);
      return {
        itemId: line.id,
        ticketIds,
        unassigned: Math.max(line.numberOfTickets - line.cancelledTickets - ticketIds.length, 0),
      };
    }),
  };
}

type PaymentRow = NonNullable<Awaited<ReturnType<typeof lockedPayment>>>;

/** Outside an event's policy, or a purchase order its policy refunds only on request: 409. */
function refuseOutsidePolicy(payment: PaymentRow, chosen: readonly Chosen[], today: string) {
  const refused = chosen.some(({ line }) => {
    const policy = policyOfEvent(line.policy);
    if (payment.method === 'PURCHASE_ORDER' && policy.purchaseOrderRefund !== 'CREDIT_NOTE') return true;
    return !buyerMayCancel(policy, line.startDate, today);
  });
  if (refused) throw conflict(refundMessages.outsidePolicy);
}

function breakdownOf(payment: PaymentRow, lines: readonly Line[], chosen: readonly Chosen[], rule: RefundRule) {
  return refundFor({
    subtotalCents: payment.subtotalCents,
    discountCents: payment.discountCents,
    totalCents: payment.totalCents,
    cancelledBeforeCents: lines.reduce((sum, line) => sum + line.priceCents * line.cancelledTickets, 0),
    refundedCents: payment.refundedCents,
    lines: chosen.map(({ line, ticketIds, unassigned }) => ({
      unitPriceCents: line.priceCents,
      quantity: ticketIds.length + unassigned,
      policy: policyOfEvent(line.policy),
    })),
    feeApplies: rule.by === 'buyer',
  });
}

interface Written {
  cancellationId: string;
  cancelledTickets: number;
  refund: RecordedRefund | null;
}

async function cancelInTransaction(
  deps: Pick<AppDeps, 'config'>,
  tx: Executor,
  auth: RequestAuth,
  cancellation: TicketCancellation,
  now: Date,
): Promise<Written> {
  const { paymentId, rule } = cancellation;
  const payment = await lockedPayment(tx, paymentId);
  if (!payment || (rule.by === 'buyer' && payment.userId !== auth.user.id)) throw paymentNotFound();
  const lines = await cancellableLines(tx, paymentId);
  if (payment.status === 'CANCELLED' && lines.some((line) => line.cancelledTickets > 0))
    throw conflict(refundMessages.alreadyCancelled);
  if (payment.status !== 'PAID') throw conflict(refundMessages.notPaid);
  const chosen = chosenLines(
    lines,
    cancellation.choice === 'ALL' ? await everyTicketLeft(tx, lines) : cancellation.choice,
  );
  if (rule.by === 'buyer') refuseOutsidePolicy(payment, chosen, calendarDateIn(now, deps.config.timeZone));

  const [made] = await tx
    .insert(ticketCancellations)
    .values({
      paymentId,
      cancelledById: auth.user.id,
      idempotencyKey: cancellation.idempotency?.key ?? null,
      idempotencyFingerprint: cancellation.idempotency?.fingerprint ?? null,
      ticketCount: chosen.reduce((sum, item) => sum + item.ticketIds.length + item.unassigned, 0),
      createdAt: now,
    })
    .returning({ id: ticketCancellations.id, ticketCount: ticketCancellations.ticketCount });
  if (!made) throw new Error('the cancellation was not written');

  const formerHolders: { userId: string; eventName: string }[] = [];
  for (const { line, ticketIds, unassigned } of chosen) {
    const deleted =
      ticketIds.length === 0
        ? []
        : await tx
            .delete(eventTickets)
            .where(and(eq(eventTickets.paymentItemId, line.id), inArray(eventTickets.id, ticketIds)))
            .returning({ userId: eventTickets.userId });
    if (deleted.length !== ticketIds.length) throw conflict(refundMessages.alreadyCancelled);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(eventTickets)
      .where(eq(eventTickets.paymentItemId, line.id));
    const unallocated = line.numberOfTickets - line.cancelledTickets - ticketIds.length - (held?.count ?? 0);
    if (unassigned > unallocated) throw conflict(refundMessages.alreadyCancelled);
    const rows = [...deleted.map((ticket) => ticket.userId), ...Array.from({ length: unassigned }, () => null)].map(
      (formerHolderId) => ({ cancellationId: made.id, paymentItemId: line.id, formerHolderId, cancelledAt: now }),
    );
    await tx.insert(cancelledTickets).values(rows);
    for (const ticket of deleted) formerHolders.push({ userId: ticket.userId, eventName: line.eventName });
  }
  await cancelTicketSeats(
    tx,
    paymentId,
    chosen.map(({ line, ticketIds, unassigned }) => ({ itemId: line.id, count: ticketIds.length + unassigned })),
    now,
    refundMessages.alreadyCancelled,
  );

  const breakdown = breakdownOf(payment, lines, chosen, rule);
  const left = payment.totalCents - payment.refundedCents;
  const amount =
    rule.by === 'buyer' ? breakdown.refundCents : staffRefundAmount(rule.choice, breakdown.paidCents, left);
  if (amount === 'tooMuch') throw conflict(refundMessages.tooMuch(left));
  const refund =
    amount > 0
      ? await recordRefund(
          tx,
          {
            paymentId,
            amountCents: amount,
            reason: cancellation.reason,
            createdById: auth.user.id,
            idempotencyKey: `cancellation-${made.id}`,
          },
          now,
        )
      : null;
  if (refund)
    await tx.update(ticketCancellations).set({ refundId: refund.id }).where(eq(ticketCancellations.id, made.id));

  await mailFormerHolders(tx, formerHolders, deps.config.publicUrl);
  if (cancellation.mailBuyer)
    await mailBuyer(tx, payment.userId, {
      tickets: made.ticketCount,
      refundCents: refund ? amount : 0,
      reason: cancellation.reason,
      url: deps.config.publicUrl,
    });
  await emitWebhookEvent(
    tx,
    'ticket.cancelled',
    {
      cancellationId: made.id,
      paymentId,
      ticketCount: made.ticketCount,
      items: chosen.map(({ line, ticketIds, unassigned }) => ({
        itemId: line.id,
        eventId: line.eventId,
        cancelled: ticketIds.length + unassigned,
      })),
      refundCents: refund ? amount : 0,
      by: rule.by,
    },
    now,
  );
  await audit(tx, {
    ...actorOf(auth),
    action: 'event-payment.cancel-tickets',
    subjectType: 'event_payment',
    subjectId: paymentId,
    data: {
      by: rule.by,
      cancellationId: made.id,
      tickets: made.ticketCount,
      refundedCents: refund ? amount : 0,
      computed: breakdown,
    },
  });
  return { cancellationId: made.id, cancelledTickets: made.ticketCount, refund };
}

async function mailFormerHolders(tx: Executor, holders: readonly { userId: string; eventName: string }[], url: string) {
  if (holders.length === 0) return;
  const people = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, [...new Set(holders.map((holder) => holder.userId))]));
  for (const holder of holders) {
    const person = people.find((row) => row.id === holder.userId);
    if (!person) continue;
    await queueMail(tx, {
      to: person.email,
      subject: refundMessages.ticketCancelledSubject(holder.eventName),
      text: [
        `Hello ${person.firstName},`,
        '',
        `Your ticket for ${holder.eventName} was cancelled by the person who bought it. Its code no longer admits you.`,
        '',
        `Your tickets: ${url}/members/manage-events`,
      ].join('\n'),
    });
  }
}

async function mailBuyer(
  tx: Executor,
  buyerId: string,
  what: { tickets: number; refundCents: number; reason: string; url: string },
) {
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, buyerId));
  if (!buyer) return;
  await queueMail(tx, {
    to: buyer.email,
    subject: refundMessages.staffCancelledSubject,
    text: [
      `Hello ${buyer.firstName},`,
      '',
      refundMessages.staffCancelledLine(what.tickets, what.refundCents),
      `Reason: ${what.reason}`,
      '',
      `Your event payments: ${what.url}/members/manage-events`,
    ].join('\n'),
  });
}

async function cancellationByKey(db: Executor, userId: string, key: string) {
  const [made] = await db
    .select({
      cancellationId: ticketCancellations.id,
      cancelledTickets: ticketCancellations.ticketCount,
      refundId: ticketCancellations.refundId,
      idempotencyFingerprint: ticketCancellations.idempotencyFingerprint,
    })
    .from(ticketCancellations)
    .where(and(eq(ticketCancellations.cancelledById, userId), eq(ticketCancellations.idempotencyKey, key)));
  return made;
}

async function replyOf(deps: Pick<AppDeps, 'db'>, cancelledCount: number, refundId: string | null) {
  return {
    cancelledTickets: cancelledCount,
    refund: refundId ? ((await refundReplyOf(deps.db, refundId)) ?? null) : null,
  } satisfies CancellationReply;
}

/**
 * Cancels tickets in a transaction of its own, once per Idempotency-Key (a replay answers what the first
 * call did), then sends a card refund to its provider at once (its job retries a failure).
 */
export async function cancelTickets(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'paymentProviderOf'>,
  auth: RequestAuth,
  cancellation: TicketCancellation,
): Promise<CancellationReply> {
  const write = () => deps.db.transaction((tx) => cancelInTransaction(deps, tx, auth, cancellation, deps.clock()));
  const answer = async (written: Written) => {
    await sendAtOnce(deps, written.refund);
    return replyOf(deps, written.cancelledTickets, written.refund?.id ?? null);
  };
  const request = cancellation.idempotency;
  if (!request) return answer(await write());
  return writeOncePerKey({
    request,
    made: () => cancellationByKey(deps.db, auth.user.id, request.key),
    replay: (made) => {
      requireSameRequest(made.idempotencyFingerprint, request);
      return replyOf(deps, made.cancelledTickets, made.refundId);
    },
    write,
    answer,
  });
}

/**
 * A card refund just committed is sent to its provider now, so the buyer sees it refunded; when the
 * provider fails, the job queued with the refund sends it again later.
 */
export async function sendAtOnce(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'paymentProviderOf'>,
  refund: RecordedRefund | null,
): Promise<void> {
  if (refund?.status === 'PENDING') await sendRefund(deps, refund.id).catch(() => undefined);
}

/** Cancels in the caller's transaction (a cancellation request staff approve), without a key. */
export async function cancelTicketsIn(
  deps: Pick<AppDeps, 'config'>,
  tx: Executor,
  auth: RequestAuth,
  cancellation: TicketCancellation,
  now: Date,
) {
  return cancelInTransaction(deps, tx, auth, cancellation, now);
}

/**
 * The refund a cancellation would make, as the cancel and refund dialogs show it before they confirm:
 * the same choice, checks and computation (refundFor) as cancelling, nothing written. A buyer outside
 * the policy is refused as cancelling would be; a ticket already cancelled, 409.
 */
export async function previewCancellation(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  auth: RequestAuth,
  paymentId: string,
  choice: CancellationChoice | 'ALL',
  by: RefundRule['by'],
): Promise<RefundPreview> {
  const db = deps.db;
  const [payment] = await paymentRow(db, paymentId);
  if (!payment || (by === 'buyer' && payment.userId !== auth.user.id)) throw paymentNotFound();
  if (payment.status !== 'PAID') throw conflict(refundMessages.notPaid);
  const lines = await cancellableLines(db, paymentId);
  const chosen = chosenLines(lines, choice === 'ALL' ? await everyTicketLeft(db, lines) : choice);
  for (const { line, ticketIds, unassigned } of chosen) {
    const held = await db
      .select({ id: eventTickets.id })
      .from(eventTickets)
      .where(eq(eventTickets.paymentItemId, line.id));
    const heldIds = new Set(held.map((ticket) => ticket.id));
    const unallocated = line.numberOfTickets - line.cancelledTickets - held.length;
    if (ticketIds.some((id) => !heldIds.has(id)) || unassigned > unallocated)
      throw conflict(refundMessages.alreadyCancelled);
  }
  if (by === 'buyer') refuseOutsidePolicy(payment, chosen, calendarDateIn(deps.clock(), deps.config.timeZone));
  const breakdown = breakdownOf(payment, lines, chosen, by === 'buyer' ? { by } : { by, choice: { refund: 'FULL' } });
  const leftCents = Math.max(payment.totalCents - payment.refundedCents, 0);
  return {
    tickets: chosen.reduce((sum, item) => sum + item.ticketIds.length + item.unassigned, 0),
    ...breakdown,
    refundCents: by === 'buyer' ? breakdown.refundCents : Math.min(breakdown.paidCents, leftCents),
    leftCents,
  };
}
