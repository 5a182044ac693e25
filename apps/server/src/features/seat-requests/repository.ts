import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SeatRequestStatus } from '@portal/domain/tickets/seat-requests.ts';
import type { Executor } from '../../db/client.ts';
import { events, eventSections, eventTicketTypes } from '../../db/schema/commerce.ts';
import { organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { seatRequests } from '../../db/schema/seat-requests.ts';
import { users } from '../../db/schema/users.ts';

/** The event a member asks for, with the section she chose when it is one of the event's. */
export async function findRequestableEvent(db: Executor, eventId: string, sectionId: string | null) {
  const [event] = await db
    .select({
      id: events.id,
      name: events.name,
      published: events.published,
      startDate: events.startDate,
      maxTickets: events.maxTickets,
      ticketsTaken: events.ticketsTaken,
      acceptsApplications: events.acceptsApplications,
      waitingListEnabled: events.waitingListEnabled,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return undefined;
  const [first] = await db
    .select({ id: eventSections.id })
    .from(eventSections)
    .where(eq(eventSections.eventId, eventId))
    .limit(1);
  const hasSections = first !== undefined;
  if (sectionId === null) return { ...event, hasSections, section: null };
  const [section] = await db
    .select({
      id: eventSections.id,
      title: eventSections.title,
      maxTickets: eventSections.maxTickets,
      ticketsTaken: eventSections.ticketsTaken,
    })
    .from(eventSections)
    .where(and(eq(eventSections.id, sectionId), eq(eventSections.eventId, eventId)));
  return { ...event, hasSections, section: section ?? undefined };
}

/** Records a request; undefined when she already has one open for the event with this organization. */
export async function insertSeatRequest(db: Executor, row: typeof seatRequests.$inferInsert) {
  const [created] = await db
    .insert(seatRequests)
    .values(row)
    .onConflictDoNothing({
      target: [seatRequests.userId, seatRequests.organizationId, seatRequests.eventId],
      where: sql`${seatRequests.status} = 'REQUESTED'`,
    })
    .returning({ id: seatRequests.id });
  return created?.id;
}

/** The open request, locked for the decision: the second of two decisions waits, then finds it decided. */
export async function lockSeatRequest(db: Executor, requestId: string) {
  const [row] = await db.select().from(seatRequests).where(eq(seatRequests.id, requestId)).for('update');
  return row;
}

export async function findSeatRequestById(db: Executor, requestId: string) {
  const [row] = await db
    .select({ id: seatRequests.id, organizationId: seatRequests.organizationId })
    .from(seatRequests)
    .where(eq(seatRequests.id, requestId));
  return row;
}

/** The decision, written only while the request is open; answers whether it was. */
export async function updateSeatRequestDecision(
  db: Executor,
  requestId: string,
  decision: {
    status: Exclude<SeatRequestStatus, 'REQUESTED'>;
    declineReason: string | null;
    paymentItemId: string | null;
    ticketId: string | null;
    decidedById: string;
    decidedAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(seatRequests)
    .set(decision)
    .where(and(eq(seatRequests.id, requestId), eq(seatRequests.status, 'REQUESTED')))
    .returning({ id: seatRequests.id });
  return rows.length === 1;
}

const requester = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

const rowFields = {
  id: seatRequests.id,
  eventId: seatRequests.eventId,
  eventName: events.name,
  startDate: events.startDate,
  sectionId: seatRequests.sectionId,
  sectionTitle: eventSections.title,
  organizationId: seatRequests.organizationId,
  organizationName: organizations.name,
  requesterId: users.id,
  requesterName: requester,
  requesterEmail: users.email,
  note: seatRequests.note,
  status: seatRequests.status,
  declineReason: seatRequests.declineReason,
  createdAt: seatRequests.createdAt,
  decidedAt: seatRequests.decidedAt,
};

function requestRows(db: Executor) {
  return db
    .select(rowFields)
    .from(seatRequests)
    .innerJoin(events, eq(events.id, seatRequests.eventId))
    .innerJoin(organizations, eq(organizations.id, seatRequests.organizationId))
    .innerJoin(users, eq(users.id, seatRequests.userId))
    .leftJoin(eventSections, eq(eventSections.id, seatRequests.sectionId));
}

export type SeatRequestRecord = Awaited<ReturnType<typeof requestRow>>;

export async function requestRow(db: Executor, requestId: string) {
  const [row] = await requestRows(db).where(eq(seatRequests.id, requestId));
  return row;
}

/** A page of the organization's requests of one status, oldest first (first asked, first answered). */
export async function organizationRequestPage(
  db: Executor,
  organizationId: string,
  status: SeatRequestStatus,
  page: { limit: number; offset: number },
) {
  const where = and(eq(seatRequests.organizationId, organizationId), eq(seatRequests.status, status));
  const rows = await requestRows(db)
    .where(where)
    .orderBy(status === 'REQUESTED' ? seatRequests.createdAt : desc(seatRequests.decidedAt), seatRequests.id)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ total: count() }).from(seatRequests).where(where);
  return { rows, total: total?.total ?? 0 };
}

/** How many requests wait for the organization's decision: the count on its page. */
export async function countWaitingRequests(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(seatRequests)
    .where(and(eq(seatRequests.organizationId, organizationId), eq(seatRequests.status, 'REQUESTED')));
  return row?.total ?? 0;
}

/** The member's own requests, newest first (Manage Events). */
export async function requestsOfUser(db: Executor, userId: string) {
  return requestRows(db).where(eq(seatRequests.userId, userId)).orderBy(desc(seatRequests.createdAt)).limit(100);
}

/** The organization's owners and admins, who are mailed a new request. */
export async function managersOf(db: Executor, organizationId: string) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        inArray(organizationMemberships.role, ['OWNER', 'ADMIN']),
        isNull(organizationMemberships.archivedAt),
      ),
    )
    .orderBy(users.email);
}

/** The ticket type a manager buys for a request: the event's cheapest. */
export async function ticketTypeFor(db: Executor, eventId: string) {
  const [row] = await db
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(eventTicketTypes.priceCents, eventTicketTypes.createdAt)
    .limit(1);
  return row?.id;
}
