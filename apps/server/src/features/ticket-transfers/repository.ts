import { and, eq, sql } from 'drizzle-orm';
import type { AssignableUser } from '@portal/domain/tickets/allocation.ts';
import type { Executor } from '../../db/client.ts';
import { eventDailyAttendances } from '../../db/schema/attendance.ts';
import { eventPaymentItems, eventPayments, events, eventSections } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The ticket with what passing it on needs to know, when `holderId` holds it; undefined otherwise
 * (someone else's ticket and no ticket at all read the same). Application and registration-request
 * payments have no event_tickets rows, so every row here is an allocated ticket.
 */
export async function heldTicket(db: Executor, ticketId: string, holderId: string) {
  const [row] = await db
    .select({
      ticketId: eventTickets.id,
      holderId: eventTickets.userId,
      itemId: eventTickets.paymentItemId,
      position: eventTickets.position,
      paymentId: eventPayments.id,
      paymentStatus: eventPayments.status,
      buyerId: eventPayments.userId,
      organizationId: eventPayments.organizationId,
      organizationName: organizations.name,
      numberOfTickets: eventPaymentItems.numberOfTickets,
      eventId: events.id,
      eventName: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      eventLocation: events.locationName,
      eventMaxTickets: events.maxTickets,
      sectionId: eventTickets.sectionId,
      sectionTitle: eventSections.title,
      sectionDates: eventSections.dates,
      sectionLocation: eventSections.locationName,
      sectionMaxTickets: eventSections.maxTickets,
    })
    .from(eventTickets)
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.id, eventTickets.paymentItemId))
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .innerJoin(events, eq(events.id, eventTickets.eventId))
    .leftJoin(eventSections, eq(eventSections.id, eventTickets.sectionId))
    .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .where(and(eq(eventTickets.id, ticketId), eq(eventTickets.userId, holderId)));
  return row;
}
export type HeldTicketRow = NonNullable<Awaited<ReturnType<typeof heldTicket>>>;

/**
 * Takes the ticket's payment row lock for the rest of the transaction, the lock an allocation save
 * takes: a pass and a buyer's save of the same payment run one after the other.
 */
export async function lockPaymentOfTicket(tx: Executor, ticketId: string): Promise<void> {
  await tx.execute(sql`select p.id from event_payments p
    join event_payment_items i on i.payment_id = p.id
    join event_tickets t on t.payment_item_id = i.id
    where t.id = ${ticketId}
    for update of p`);
}

/** Everyone holding a ticket of the line. */
export async function lineHolderIds(db: Executor, itemId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: eventTickets.userId })
    .from(eventTickets)
    .where(eq(eventTickets.paymentItemId, itemId));
  return rows.map((row) => row.userId);
}

/** Whether the person was marked present in the ticket's section (a whole-event ticket: in any section of the event). */
export async function attendedWith(
  db: Executor,
  userId: string,
  ticket: { eventId: string; sectionId: string | null },
): Promise<boolean> {
  const [row] = await db
    .select({ id: eventDailyAttendances.id })
    .from(eventDailyAttendances)
    .where(
      and(
        eq(eventDailyAttendances.userId, userId),
        eq(eventDailyAttendances.attended, true),
        ticket.sectionId
          ? eq(eventDailyAttendances.sectionId, ticket.sectionId)
          : eq(eventDailyAttendances.eventId, ticket.eventId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Hands the ticket from one holder to the next, only while `fromUserId` still holds it: of two passes
 * of one ticket at the same moment, the second finds it moved and changes nothing. True when it moved.
 */
export async function moveTicket(
  tx: Executor,
  input: { ticketId: string; fromUserId: string; toUserId: string },
): Promise<boolean> {
  const moved = await tx
    .update(eventTickets)
    .set({ userId: input.toUserId, assignedById: input.fromUserId })
    .where(and(eq(eventTickets.id, input.ticketId), eq(eventTickets.userId, input.fromUserId)))
    .returning({ id: eventTickets.id });
  return moved.length === 1;
}

/** A person as pickers show them; pending while they have no password. */
export async function personOf(db: Executor, userId: string): Promise<AssignableUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isPending: sql<boolean>`${users.passwordHash} is null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
