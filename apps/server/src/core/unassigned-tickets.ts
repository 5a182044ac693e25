import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { isVoidedOrCancelled } from '@portal/domain/commerce/payments.ts';
import { allocationBlock, allocationClosedMessage } from '@portal/domain/tickets/allocation.ts';
import { freeTickets } from '@portal/domain/tickets/seat-requests.ts';
import type { Executor } from '../db/client.ts';
import { eventPaymentItems, eventPayments, events, eventSections } from '../db/schema/commerce.ts';
import { eventRegistrationPayments } from '../db/schema/registration-requests.ts';
import { eventTickets } from '../db/schema/tickets.ts';
import { purchaseOrdersOf } from './event-payments.ts';

/**
 * An organization's bought tickets nobody holds yet, and handing one of them to a member: the rules of
 * Allocate Tickets (features/allocation) for one ticket, the payment paid and neither voided nor cancelled,
 * the event's allocation window open (domain allocationBlock / allocationClosedMessage), a line never holding
 * more people than it bought, nobody twice on one line. Used by "Ask my school" (features/seat-requests).
 */

const holderCount = sql<number>`(select count(*) from ${eventTickets}
  where ${eventTickets.paymentItemId} = ${eventPaymentItems.id})`.mapWith(Number);

const lineFields = {
  paymentItemId: eventPaymentItems.id,
  paymentId: eventPayments.id,
  paymentStatus: eventPayments.status,
  organizationId: eventPayments.organizationId,
  title: eventPaymentItems.title,
  numberOfTickets: eventPaymentItems.numberOfTickets,
  holders: holderCount,
  eventId: eventPaymentItems.eventId,
  eventName: events.name,
  eventKind: events.kind,
  startDate: events.startDate,
  endDate: events.endDate,
  daysBeforePurchaseClose: events.daysBeforePurchaseClose,
  eventLocation: events.locationName,
  sectionId: eventPaymentItems.sectionId,
  sectionTitle: eventSections.title,
  sectionDates: eventSections.dates,
  sectionLocation: eventSections.locationName,
};

/** A cart's payment: not an application's seat nor a registration request's seats (those are not allocated). */
const cartPayment = and(
  isNull(eventPayments.applicationId),
  isNull(eventPayments.legacyApplicationId),
  isNull(eventRegistrationPayments.requestId),
);

function lines(db: Executor) {
  return db
    .select(lineFields)
    .from(eventPaymentItems)
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .innerJoin(events, eq(events.id, eventPaymentItems.eventId))
    .leftJoin(eventSections, eq(eventSections.id, eventPaymentItems.sectionId))
    .leftJoin(eventRegistrationPayments, eq(eventRegistrationPayments.paymentId, eventPayments.id));
}

export type UnassignedLine = Awaited<ReturnType<typeof unassignedLinesOf>>[number];

/** Why a line cannot give a ticket now, or null when it can (the allocation screen's own rules). */
async function blockOf(db: Executor, line: UnassignedLine, today: string): Promise<string | null> {
  const orders = await purchaseOrdersOf(db, [line.paymentId]);
  const block = allocationBlock({
    status: line.paymentStatus,
    voided: isVoidedOrCancelled({ status: line.paymentStatus, purchaseOrders: orders }),
    closedMessages: [allocationClosedMessage({ ...line, kind: line.eventKind }, today, false)],
  });
  return block?.message ?? null;
}

/**
 * The organization's lines for the event that still have a free ticket and may be allocated today,
 * oldest payment first. A section given narrows them to that section's.
 */
export async function unassignedLinesOf(db: Executor, organizationId: string, eventId: string, today: string) {
  const rows = await lines(db)
    .where(
      and(
        eq(eventPayments.organizationId, organizationId),
        eq(eventPaymentItems.eventId, eventId),
        eq(eventPayments.status, 'PAID'),
        cartPayment,
        sql`${eventPaymentItems.numberOfTickets} > ${holderCount}`,
      ),
    )
    .orderBy(asc(eventPayments.createdAt), asc(eventPaymentItems.id));
  const open: (typeof rows)[number][] = [];
  for (const row of rows) if ((await blockOf(db, row, today)) === null) open.push(row);
  return open;
}

export type AssignRefusal = 'notAvailable' | 'otherEvent' | 'otherSection' | 'noFreeTicket' | 'alreadyHolds';

/**
 * Hands one free ticket of a line to a person, in the caller's transaction, under the payment's row lock
 * (as an allocation save takes it), so two approvals never give the last ticket twice. Answers the new
 * ticket with its line, or why not (a refusal of its own, or allocation's message when the line is blocked).
 */
export async function assignFreeTicket(
  tx: Executor,
  input: {
    paymentItemId: string;
    organizationId: string;
    eventId: string;
    sectionId: string | null;
    userId: string;
    assignedById: string;
    now: Date;
    today: string;
  },
): Promise<{ refused: AssignRefusal } | { closed: string } | { ticketId: string; line: UnassignedLine }> {
  const [found] = await tx
    .select({ paymentId: eventPaymentItems.paymentId })
    .from(eventPaymentItems)
    .where(eq(eventPaymentItems.id, input.paymentItemId));
  if (!found) return { refused: 'notAvailable' };
  await tx
    .select({ id: eventPayments.id })
    .from(eventPayments)
    .where(eq(eventPayments.id, found.paymentId))
    .for('update');
  const [line] = await lines(tx).where(and(eq(eventPaymentItems.id, input.paymentItemId), cartPayment));
  if (!line || line.organizationId !== input.organizationId) return { refused: 'notAvailable' };
  if (line.eventId !== input.eventId) return { refused: 'otherEvent' };
  if (input.sectionId !== null && line.sectionId !== input.sectionId) return { refused: 'otherSection' };
  const blocked = await blockOf(tx, line, input.today);
  if (blocked) return { closed: blocked };
  if (freeTickets(line.numberOfTickets, line.holders) === 0) return { refused: 'noFreeTicket' };
  const [ticket] = await tx
    .insert(eventTickets)
    .values({
      paymentItemId: line.paymentItemId,
      userId: input.userId,
      eventId: line.eventId,
      sectionId: line.sectionId,
      position: line.holders,
      assignedById: input.assignedById,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: [eventTickets.paymentItemId, eventTickets.userId] })
    .returning({ id: eventTickets.id });
  if (!ticket) return { refused: 'alreadyHolds' };
  return { ticketId: ticket.id, line };
}
