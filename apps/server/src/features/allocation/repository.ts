import { and, asc, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AssignableUser } from '@portal/domain/tickets/allocation.ts';
import type { Executor } from '../../db/client.ts';
import { eventGroupings, eventPaymentItems, eventPayments, events, eventSections } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { packageAssignments } from '../../db/schema/package-assignments.ts';
import { packageEvents, packageInstitutes, packageRequests } from '../../db/schema/packages.ts';
import {
  eventRegistrationPayments,
  eventRegistrationRequests,
  eventRegistrationSeats,
} from '../../db/schema/registration-requests.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { paymentVisibleTo } from '../../core/event-payments.ts';

export interface Viewer {
  userId: string;
  /** Staff (in their own session) see every payment. */
  staff: boolean;
}

/**
 * The payment if the viewer may see it (buyer, active OWNER/ADMIN of its organization, staff). An
 * event application's payment (applicationId set) is its applicant's seat, and a registration
 * request's payment its attendees' seats: only their buyer and staff see them. A previous-system
 * application's payment (no items) counts as an application's (its id answered as applicationId).
 */
const applicationOf = sql<
  string | null
>`coalesce(${eventPayments.applicationId}, ${eventPayments.legacyApplicationId})`;

export async function findPayment(db: Executor, paymentId: string, viewer: Viewer) {
  const [row] = await db
    .select({
      id: eventPayments.id,
      status: eventPayments.status,
      userId: eventPayments.userId,
      organizationId: eventPayments.organizationId,
      organizationName: organizations.name,
      seatsHeld: eventPayments.seatsHeld,
      applicationId: applicationOf,
      registrationRequestId: eventRegistrationPayments.requestId,
    })
    .from(eventPayments)
    .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .leftJoin(eventRegistrationPayments, eq(eventRegistrationPayments.paymentId, eventPayments.id))
    .where(
      and(
        eq(eventPayments.id, paymentId),
        viewer.staff
          ? undefined
          : and(
              paymentVisibleTo(viewer.userId),
              or(
                and(isNull(applicationOf), isNull(eventRegistrationPayments.requestId)),
                eq(eventPayments.userId, viewer.userId),
              ),
            ),
      ),
    );
  return row;
}
export type FoundPayment = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

/** Takes the payment's row lock for the rest of the transaction: saves of one allocation run one at a time. */
export async function lockPayment(tx: Executor, paymentId: string): Promise<void> {
  await tx.select({ id: eventPayments.id }).from(eventPayments).where(eq(eventPayments.id, paymentId)).for('update');
}

/** The payment's bought lines with their event and section, in event date, then section order. */
export async function itemsOf(db: Executor, paymentId: string) {
  return db
    .select({
      itemId: eventPaymentItems.id,
      itemTitle: eventPaymentItems.title,
      // Cancelled tickets (issue 38) are no longer there to hand out.
      numberOfTickets: sql<number>`(${eventPaymentItems.numberOfTickets} - ${eventPaymentItems.cancelledTickets})::int`,
      eventId: events.id,
      eventName: events.name,
      eventKind: events.kind,
      startDate: events.startDate,
      endDate: events.endDate,
      daysBeforePurchaseClose: events.daysBeforePurchaseClose,
      eventLocation: events.locationName,
      eventMaxTickets: events.maxTickets,
      sectionId: eventPaymentItems.sectionId,
      sectionTitle: eventSections.title,
      sectionDates: eventSections.dates,
      sectionLocation: eventSections.locationName,
      sectionMaxTickets: eventSections.maxTickets,
      groupingId: eventGroupings.id,
      groupingName: eventGroupings.name,
      groupingMaxTickets: eventGroupings.maxTickets,
    })
    .from(eventPaymentItems)
    .innerJoin(events, eq(events.id, eventPaymentItems.eventId))
    .leftJoin(eventSections, eq(eventSections.id, eventPaymentItems.sectionId))
    .leftJoin(eventGroupings, eq(eventGroupings.id, eventSections.groupingId))
    .where(eq(eventPaymentItems.paymentId, paymentId))
    .orderBy(
      asc(events.startDate),
      asc(events.name),
      asc(events.id),
      asc(eventSections.position),
      asc(eventSections.title),
      asc(eventPaymentItems.id),
    );
}
export type PaymentItem = Awaited<ReturnType<typeof itemsOf>>[number];

/**
 * The holders of the given lines, in the order they were assigned. A holder is pending while they
 * are not an active member of the payment's organization (without one: while they have no password).
 */
export async function holdersOf(db: Executor, itemIds: readonly string[], organizationId: string | null) {
  if (itemIds.length === 0) return [];
  const pending = organizationId
    ? sql<boolean>`not exists (select 1 from organization_memberships m
        where m.organization_id = ${organizationId} and m.user_id = ${users.id} and m.archived_at is null)`
    : sql<boolean>`${users.passwordHash} is null`;
  return db
    .select({
      itemId: eventTickets.paymentItemId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isPending: pending,
    })
    .from(eventTickets)
    .innerJoin(users, eq(users.id, eventTickets.userId))
    .where(inArray(eventTickets.paymentItemId, [...itemIds]))
    .orderBy(
      asc(eventTickets.paymentItemId),
      asc(eventTickets.position),
      asc(eventTickets.createdAt),
      asc(eventTickets.id),
    );
}

export async function removeHolders(tx: Executor, itemId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .delete(eventTickets)
    .where(and(eq(eventTickets.paymentItemId, itemId), inArray(eventTickets.userId, [...userIds])));
}

export async function addHolders(
  tx: Executor,
  item: { itemId: string; eventId: string; sectionId: string | null },
  userIds: readonly string[],
  assignedById: string,
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insert(eventTickets).values(
    userIds.map((userId) => ({
      paymentItemId: item.itemId,
      userId,
      eventId: item.eventId,
      sectionId: item.sectionId,
      assignedById,
      createdAt: now,
    })),
  );
}

/** Stores the saved order of a line's holders (one statement). */
export async function orderHolders(tx: Executor, itemId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const positions = sql.join(
    userIds.map((userId, index) => sql`(${userId}::uuid, ${index}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update event_tickets t set position = v.position
    from (values ${positions}) as v(user_id, position)
    where t.payment_item_id = ${itemId} and t.user_id = v.user_id and t.position <> v.position`);
}

/** The member's own tickets of PAID payments, soonest event first. */
export async function ticketsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: eventTickets.id,
      eventId: events.id,
      eventName: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      eventLocation: events.locationName,
      sectionId: eventSections.id,
      sectionTitle: eventSections.title,
      sectionDates: eventSections.dates,
      sectionLocation: eventSections.locationName,
      organizationName: organizations.name,
    })
    .from(eventTickets)
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.id, eventTickets.paymentItemId))
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .innerJoin(events, eq(events.id, eventTickets.eventId))
    .leftJoin(eventSections, eq(eventSections.id, eventTickets.sectionId))
    .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .where(and(eq(eventTickets.userId, userId), eq(eventPayments.status, 'PAID')))
    .orderBy(asc(events.startDate), asc(events.name), asc(eventSections.title), asc(eventTickets.id));
}

/**
 * The member's institute seats: their PAID application payments (one item each, for the institute),
 * soonest first. Read beside the tickets: an applicant's seat is theirs without being allocated.
 */
export async function seatsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: eventPayments.id,
      applicationId: eventPayments.applicationId,
      eventId: events.id,
      eventName: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      eventLocation: events.locationName,
      organizationName: organizations.name,
    })
    .from(eventPayments)
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.paymentId, eventPayments.id))
    .innerJoin(events, eq(events.id, eventPaymentItems.eventId))
    .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .where(
      and(eq(eventPayments.userId, userId), eq(eventPayments.status, 'PAID'), isNotNull(eventPayments.applicationId)),
    )
    .orderBy(asc(events.startDate), asc(events.name), asc(eventPayments.id));
}

/**
 * The member's seats on registration requests (theirs or anyone's) that are paid and not cancelled,
 * soonest first: named as an attendee, the seat is theirs without being allocated.
 */
export async function registrationSeatsOfUser(db: Executor, userId: string) {
  return db
    .select({
      requestId: eventRegistrationRequests.id,
      eventId: events.id,
      eventName: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      eventLocation: events.locationName,
      organizationName: organizations.name,
    })
    .from(eventRegistrationSeats)
    .innerJoin(eventRegistrationRequests, eq(eventRegistrationRequests.id, eventRegistrationSeats.requestId))
    .innerJoin(events, eq(events.id, eventRegistrationRequests.eventId))
    .leftJoin(organizations, eq(organizations.id, eventRegistrationRequests.organizationId))
    .where(
      and(
        eq(eventRegistrationSeats.userId, userId),
        eq(eventRegistrationRequests.status, 'OPEN'),
        exists(
          db
            .select({ paymentId: eventRegistrationPayments.paymentId })
            .from(eventRegistrationPayments)
            .innerJoin(eventPayments, eq(eventPayments.id, eventRegistrationPayments.paymentId))
            .where(
              and(
                eq(eventRegistrationPayments.requestId, eventRegistrationRequests.id),
                eq(eventPayments.status, 'PAID'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(events.startDate), asc(events.name), asc(eventRegistrationRequests.id));
}

export async function setPaymentCancelled(tx: Executor, paymentId: string, now: Date): Promise<void> {
  await tx.update(eventPayments).set({ status: 'CANCELLED', cancelledAt: now }).where(eq(eventPayments.id, paymentId));
}

export type Holder = AssignableUser & { itemId: string };

export async function userSummary(db: Executor, userId: string): Promise<AssignableUser | undefined> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { ...row, isPending: false } : undefined;
}

export async function organizationName(db: Executor, organizationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name;
}

/**
 * The member's conference-day tickets and institute places of ACCEPTED package requests (package
 * ticket assignment; a reopened request's are not shown until staff accept it again), soonest first.
 */
export async function packageTicketsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: packageAssignments.id,
      eventId: events.id,
      eventName: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      eventLocation: events.locationName,
      organizationName: organizations.name,
    })
    .from(packageAssignments)
    .innerJoin(packageRequests, eq(packageRequests.id, packageAssignments.packageRequestId))
    .innerJoin(organizations, eq(organizations.id, packageRequests.organizationId))
    .leftJoin(packageEvents, eq(packageEvents.id, packageAssignments.packageEventId))
    .leftJoin(packageInstitutes, eq(packageInstitutes.id, packageAssignments.packageInstituteId))
    .innerJoin(events, eq(events.id, sql`coalesce(${packageEvents.eventId}, ${packageInstitutes.eventId})`))
    .where(and(eq(packageAssignments.userId, userId), eq(packageRequests.status, 'ACCEPTED')))
    .orderBy(asc(events.startDate), asc(events.name), asc(packageAssignments.id));
}
