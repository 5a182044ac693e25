import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  eventApplicationGroupings,
  eventApplications,
  eventApplicationSections,
} from '../../db/schema/applications.ts';
import { eventGroupings, eventPaths, events, eventSections, eventTicketTypes } from '../../db/schema/commerce.ts';
import {
  eventGroupRegistrations,
  eventRegistrationPayments,
  eventRegistrationRequestGroupings,
  eventRegistrationRequests,
  eventRegistrationRequestSections,
  eventRegistrationSeats,
} from '../../db/schema/registration-requests.ts';
import { users } from '../../db/schema/users.ts';

/** An event's group registration settings with the event's name (null: staff never set it up). */
export async function groupSettings(db: Executor, eventId: string) {
  const [row] = await db
    .select({
      eventId: events.id,
      eventName: events.name,
      startDate: events.startDate,
      daysBeforePurchaseClose: events.daysBeforePurchaseClose,
      open: eventGroupRegistrations.open,
      attendeeCostCents: eventGroupRegistrations.attendeeCostCents,
      paidSeatsRequiredForOffer: eventGroupRegistrations.paidSeatsRequiredForOffer,
      freeSeatsInOffer: eventGroupRegistrations.freeSeatsInOffer,
    })
    .from(eventGroupRegistrations)
    .innerJoin(events, eq(events.id, eventGroupRegistrations.eventId))
    .where(and(eq(eventGroupRegistrations.eventId, eventId), eq(events.published, true)));
  return row;
}

/** Whether the catalogue shows the event (published): its page may ask for its group registration offer. */
export async function isPublishedEvent(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.published, true)));
  return row !== undefined;
}

/** The event's paths chosen by grouping: 'Request seats' offers their groupings. */
export async function groupingPathIds(db: Executor, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ id: eventPaths.id })
    .from(eventPaths)
    .where(and(eq(eventPaths.eventId, eventId), eq(eventPaths.applicationSelectionLevel, 'GROUPINGS')))
    .orderBy(asc(eventPaths.position));
  return rows.map((row) => row.id);
}

/** Which of these sections and groupings belong to the event: the ids that do, with each one's path level (and a section's grouping). */
export async function partsOfEvent(
  db: Executor,
  eventId: string,
  sectionIds: readonly string[],
  groupingIds: readonly string[],
) {
  const sections =
    sectionIds.length === 0
      ? []
      : await db
          .select({
            id: eventSections.id,
            groupingId: eventSections.groupingId,
            pathLevel: eventPaths.applicationSelectionLevel,
          })
          .from(eventSections)
          .innerJoin(eventGroupings, eq(eventGroupings.id, eventSections.groupingId))
          .innerJoin(eventPaths, eq(eventPaths.id, eventGroupings.pathId))
          .where(and(eq(eventSections.eventId, eventId), inArray(eventSections.id, [...sectionIds])));
  const groupings =
    groupingIds.length === 0
      ? []
      : await db
          .select({ id: eventGroupings.id, pathLevel: eventPaths.applicationSelectionLevel })
          .from(eventGroupings)
          .innerJoin(eventPaths, eq(eventPaths.id, eventGroupings.pathId))
          .where(and(eq(eventPaths.eventId, eventId), inArray(eventGroupings.id, [...groupingIds])));
  return { sections, groupings };
}

export async function insertRequest(
  db: Executor,
  request: {
    userId: string;
    eventId: string;
    seatsRequested: number;
    organizationId: string | null;
    idempotencyKey: string;
    idempotencyFingerprint: string;
  },
  sections: readonly { id: string }[],
  groupings: readonly { id: string }[],
) {
  const [created] = await db
    .insert(eventRegistrationRequests)
    .values(request)
    .returning({ id: eventRegistrationRequests.id });
  if (!created) throw new Error('registration request was not written');
  if (sections.length > 0)
    await db
      .insert(eventRegistrationRequestSections)
      .values(sections.map((section) => ({ requestId: created.id, sectionId: section.id })));
  if (groupings.length > 0) {
    await db
      .insert(eventRegistrationRequestGroupings)
      .values(groupings.map((grouping) => ({ requestId: created.id, groupingId: grouping.id })));
  }
  return created;
}

/** The member's own request, locked for the rest of the transaction (every change to a request goes through here). */
export async function lockOwnRequest(db: Executor, requestId: string, userId: string) {
  const [row] = await db
    .select({
      id: eventRegistrationRequests.id,
      eventId: eventRegistrationRequests.eventId,
      status: eventRegistrationRequests.status,
      seatsRequested: eventRegistrationRequests.seatsRequested,
      organizationId: eventRegistrationRequests.organizationId,
      couponId: eventRegistrationRequests.couponId,
    })
    .from(eventRegistrationRequests)
    .where(and(eq(eventRegistrationRequests.id, requestId), eq(eventRegistrationRequests.userId, userId)))
    .for('update');
  return row;
}
export type LockedRequest = NonNullable<Awaited<ReturnType<typeof lockOwnRequest>>>;

export async function updateRequest(
  db: Executor,
  requestId: string,
  fields: Partial<typeof eventRegistrationRequests.$inferInsert>,
) {
  await db.update(eventRegistrationRequests).set(fields).where(eq(eventRegistrationRequests.id, requestId));
}

/** The ticket type a request's payment items name: the event's application ticket type, else its first. */
export async function requestTicketType(db: Executor, eventId: string) {
  const [row] = await db
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .innerJoin(events, eq(events.id, eventTicketTypes.eventId))
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(
      sql`${eventTicketTypes.id} = ${events.applicationTicketTypeId} desc nulls last`,
      asc(eventTicketTypes.createdAt),
      asc(eventTicketTypes.id),
    )
    .limit(1);
  return row?.id;
}

export async function linkPayment(db: Executor, requestId: string, paymentId: string) {
  await db.insert(eventRegistrationPayments).values({ requestId, paymentId });
}

/** The request the member made with this Idempotency-Key (a double click or a replay of the create call). */
export async function requestByIdempotencyKey(db: Executor, userId: string, idempotencyKey: string) {
  const [row] = await db
    .select({
      id: eventRegistrationRequests.id,
      eventId: eventRegistrationRequests.eventId,
      idempotencyFingerprint: eventRegistrationRequests.idempotencyFingerprint,
    })
    .from(eventRegistrationRequests)
    .where(
      and(eq(eventRegistrationRequests.userId, userId), eq(eventRegistrationRequests.idempotencyKey, idempotencyKey)),
    );
  return row;
}

/** Whether a payment belongs to a request (the success page's lookup names both). */
export async function isRequestPayment(db: Executor, requestId: string, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ paymentId: eventRegistrationPayments.paymentId })
    .from(eventRegistrationPayments)
    .where(and(eq(eventRegistrationPayments.requestId, requestId), eq(eventRegistrationPayments.paymentId, paymentId)));
  return row !== undefined;
}

export async function seatsOf(db: Executor, requestId: string) {
  return db
    .select({
      position: eventRegistrationSeats.position,
      userId: eventRegistrationSeats.userId,
      email: eventRegistrationSeats.email,
      applicationId: eventRegistrationSeats.applicationId,
    })
    .from(eventRegistrationSeats)
    .where(eq(eventRegistrationSeats.requestId, requestId))
    .orderBy(asc(eventRegistrationSeats.position));
}

export async function replaceSeats(
  db: Executor,
  requestId: string,
  seats: readonly { position: number; userId: string; email: string; applicationId: string | null }[],
) {
  await db.delete(eventRegistrationSeats).where(eq(eventRegistrationSeats.requestId, requestId));
  if (seats.length > 0) await db.insert(eventRegistrationSeats).values(seats.map((seat) => ({ ...seat, requestId })));
}

export async function usersByEmail(db: Executor, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...emails]));
}

/** Users among these who already have an application for the event that is not voided. */
export async function usersWithApplication(db: Executor, eventId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ userId: eventApplications.userId })
    .from(eventApplications)
    .where(
      and(
        eq(eventApplications.eventId, eventId),
        inArray(eventApplications.userId, [...userIds]),
        ne(eventApplications.status, 'VOIDED'),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

export async function requestedParts(db: Executor, requestId: string) {
  const sections = await db
    .select({ sectionId: eventSections.id, groupingId: eventSections.groupingId })
    .from(eventRegistrationRequestSections)
    .innerJoin(eventSections, eq(eventSections.id, eventRegistrationRequestSections.sectionId))
    .where(eq(eventRegistrationRequestSections.requestId, requestId));
  const groupings = await db
    .select({ groupingId: eventRegistrationRequestGroupings.groupingId })
    .from(eventRegistrationRequestGroupings)
    .where(eq(eventRegistrationRequestGroupings.requestId, requestId));
  return { sections, groupings };
}

/** The simplified application of an attendee (§7 'simplified variant'): the requested sections and groupings, sent to the profile. */
export async function insertSimplifiedApplication(
  db: Executor,
  application: { userId: string; eventId: string },
  parts: Awaited<ReturnType<typeof requestedParts>>,
) {
  const [created] = await db
    .insert(eventApplications)
    .values({ ...application, isSimplified: true, status: 'STARTED' })
    .returning({ id: eventApplications.id });
  if (!created) throw new Error('application was not written');
  if (parts.sections.length > 0) {
    await db.insert(eventApplicationSections).values(
      parts.sections.map((section) => ({
        applicationId: created.id,
        sectionId: section.sectionId,
        groupingId: section.groupingId,
        ranking: null,
      })),
    );
  }
  if (parts.groupings.length > 0) {
    await db.insert(eventApplicationGroupings).values(
      parts.groupings.map((grouping) => ({
        applicationId: created.id,
        groupingId: grouping.groupingId,
        ranking: null,
      })),
    );
  }
  return created.id;
}

/** Voids the simplified applications of attendees who lost their seat; an application they went on with (submitted) is left. */
export async function voidSimplifiedApplications(db: Executor, applicationIds: readonly string[], now: Date) {
  if (applicationIds.length === 0) return;
  await db
    .update(eventApplications)
    .set({ status: 'VOIDED', decidedAt: now })
    .where(
      and(
        inArray(eventApplications.id, [...applicationIds]),
        eq(eventApplications.isSimplified, true),
        eq(eventApplications.status, 'STARTED'),
      ),
    );
}

/** An attendee's seat on a request, with who made the request (the simplified application lookup's key). */
export async function seatOfAttendee(db: Executor, requestId: string, userId: string) {
  const [row] = await db
    .select({ applicationId: eventRegistrationSeats.applicationId, requesterId: eventRegistrationRequests.userId })
    .from(eventRegistrationSeats)
    .innerJoin(eventRegistrationRequests, eq(eventRegistrationRequests.id, eventRegistrationSeats.requestId))
    .where(and(eq(eventRegistrationSeats.requestId, requestId), eq(eventRegistrationSeats.userId, userId)));
  return row;
}

/** The requester's name, which the attendees' mails give. */
export async function nameOfUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
