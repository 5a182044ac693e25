import { and, eq, sql } from 'drizzle-orm';
import { legacyApplicationView } from '@portal/domain/applications/rules.ts';
import { combineAccess, noAccess, type ResourceAccess } from '@portal/domain/content/resources.ts';
import type { Database, Executor } from '../../db/client.ts';
import { legacyApplicationsWithPayments } from '../../core/application-reads.ts';
import {
  eventApplicationGroupings,
  eventApplicationPlacements,
  eventApplicationSections,
  eventApplications,
  legacyEventApplications,
} from '../../db/schema/applications.ts';
import { eventPaymentItems, eventPayments, eventSections } from '../../db/schema/commerce.ts';
import {
  eventRegistrationPayments,
  eventRegistrationRequestGroupings,
  eventRegistrationRequests,
  eventRegistrationRequestSections,
  eventRegistrationSeats,
} from '../../db/schema/registration-requests.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { placedInGrouping } from '../../core/placements.ts';

/** Tickets of PAID payments the user holds for the event: a ticket without a section is the whole event. */
async function ticketAccess(db: Executor, userId: string, eventId: string): Promise<ResourceAccess> {
  const rows = await db
    .select({ sectionId: eventTickets.sectionId })
    .from(eventTickets)
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.id, eventTickets.paymentItemId))
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .where(and(eq(eventTickets.userId, userId), eq(eventTickets.eventId, eventId), eq(eventPayments.status, 'PAID')));
  return {
    wholeEvent: rows.some((row) => row.sectionId === null),
    sectionIds: rows.flatMap((row) => (row.sectionId === null ? [] : [row.sectionId])),
  };
}

/**
 * What ACCEPTED applications give: their requested sections (in a grouping they are placed in, the
 * placed section only) and the sections of their requested groupings; an accepted application with
 * no choice at all (an event without paths) is the whole event.
 */
async function applicationAccess(
  db: Executor,
  userId: string,
  eventId: string,
  applicationId?: string,
): Promise<ResourceAccess> {
  const mine = and(
    eq(eventApplications.userId, userId),
    eq(eventApplications.eventId, eventId),
    eq(eventApplications.status, 'ACCEPTED'),
    applicationId ? eq(eventApplications.id, applicationId) : undefined,
  );
  const rows = await db
    .select({ applicationId: eventApplications.id, sectionId: sql<string | null>`chosen.section_id` })
    .from(eventApplications)
    .leftJoin(
      sql`(
        select ${eventApplicationSections.applicationId} as application_id, ${eventApplicationSections.sectionId} as section_id from ${eventApplicationSections}
          where not ${placedInGrouping(eventApplicationSections.applicationId, eventApplicationSections.groupingId)}
        union
        select ${eventApplicationPlacements.applicationId}, ${eventApplicationPlacements.sectionId} from ${eventApplicationPlacements}
        union
        select ${eventApplicationGroupings.applicationId}, ${eventSections.id} from ${eventApplicationGroupings}
          inner join ${eventSections} on ${eventSections.groupingId} = ${eventApplicationGroupings.groupingId}
      ) chosen`,
      sql`chosen.application_id = ${eventApplications.id}`,
    )
    .where(mine);
  const byApplication = new Map<string, string[]>();
  for (const row of rows)
    byApplication.set(row.applicationId, [
      ...(byApplication.get(row.applicationId) ?? []),
      ...(row.sectionId ? [row.sectionId] : []),
    ]);
  return [...byApplication.values()].reduce<ResourceAccess>(
    (access, sectionIds) =>
      combineAccess(
        access,
        sectionIds.length === 0 ? { wholeEvent: true, sectionIds: [] } : { wholeEvent: false, sectionIds },
      ),
    noAccess,
  );
}

/**
 * What seats on paid, open registration requests give their attendees: the request's sections and
 * the sections of its groupings; a request that chose none is the whole event.
 */
async function registrationSeatAccess(db: Executor, userId: string, eventId: string): Promise<ResourceAccess> {
  const rows = await db
    .select({ requestId: eventRegistrationRequests.id, sectionId: sql<string | null>`chosen.section_id` })
    .from(eventRegistrationSeats)
    .innerJoin(eventRegistrationRequests, eq(eventRegistrationRequests.id, eventRegistrationSeats.requestId))
    .leftJoin(
      sql`(
        select ${eventRegistrationRequestSections.requestId} as request_id, ${eventRegistrationRequestSections.sectionId} as section_id from ${eventRegistrationRequestSections}
        union
        select ${eventRegistrationRequestGroupings.requestId}, ${eventSections.id} from ${eventRegistrationRequestGroupings}
          inner join ${eventSections} on ${eventSections.groupingId} = ${eventRegistrationRequestGroupings.groupingId}
      ) chosen`,
      sql`chosen.request_id = ${eventRegistrationRequests.id}`,
    )
    .where(
      and(
        eq(eventRegistrationSeats.userId, userId),
        eq(eventRegistrationRequests.eventId, eventId),
        eq(eventRegistrationRequests.status, 'OPEN'),
        sql`exists (select 1 from ${eventRegistrationPayments}
          inner join ${eventPayments} on ${eventPayments.id} = ${eventRegistrationPayments.paymentId}
          where ${eventRegistrationPayments.requestId} = ${eventRegistrationRequests.id} and ${eventPayments.status} = 'PAID')`,
      ),
    );
  const byRequest = new Map<string, string[]>();
  for (const row of rows)
    byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), ...(row.sectionId ? [row.sectionId] : [])]);
  return [...byRequest.values()].reduce<ResourceAccess>(
    (access, sectionIds) =>
      combineAccess(
        access,
        sectionIds.length === 0 ? { wholeEvent: true, sectionIds: [] } : { wholeEvent: false, sectionIds },
      ),
    noAccess,
  );
}

/**
 * Applications from the previous system that are accepted and paid, there or here (legacyApplicationView
 * offers 'Resources'): the whole event.
 */
async function legacyAccess(
  db: Executor,
  userId: string,
  eventId: string,
  applicationId?: string,
): Promise<ResourceAccess> {
  const rows = await legacyApplicationsWithPayments(db, userId, eventId);
  const wholeEvent = rows.some(
    (row) =>
      (!applicationId || row.id === applicationId) &&
      legacyApplicationView(row.statusId, row.paymentStatusId, row.paymentTypeId, row).actions.some(
        (a) => a.kind === 'resources',
      ),
  );
  return { wholeEvent, sectionIds: [] };
}

/** Whether the application (new or legacy) is the user's, for this event, whatever its status. */
export async function ownsApplication(
  db: Executor,
  userId: string,
  eventId: string,
  applicationId: string,
): Promise<boolean> {
  const [current] = await db
    .select({ id: eventApplications.id })
    .from(eventApplications)
    .where(
      and(
        eq(eventApplications.id, applicationId),
        eq(eventApplications.userId, userId),
        eq(eventApplications.eventId, eventId),
      ),
    );
  if (current) return true;
  const [legacy] = await db
    .select({ id: legacyEventApplications.id })
    .from(legacyEventApplications)
    .where(
      and(
        eq(legacyEventApplications.id, applicationId),
        eq(legacyEventApplications.userId, userId),
        eq(legacyEventApplications.eventId, eventId),
      ),
    );
  return legacy !== undefined;
}

/**
 * What the user attends of the event. With an application id (eaId), that application alone (its
 * sections narrow the list); without, every ticket, accepted application and seat on a paid
 * registration request together.
 */
export async function attendanceOf(
  db: Database,
  userId: string,
  eventId: string,
  applicationId?: string,
): Promise<ResourceAccess> {
  if (applicationId) {
    const [current, legacy] = await Promise.all([
      applicationAccess(db, userId, eventId, applicationId),
      legacyAccess(db, userId, eventId, applicationId),
    ]);
    return combineAccess(current, legacy);
  }
  const [tickets, current, legacy, seats] = await Promise.all([
    ticketAccess(db, userId, eventId),
    applicationAccess(db, userId, eventId),
    legacyAccess(db, userId, eventId),
    registrationSeatAccess(db, userId, eventId),
  ]);
  return [current, legacy, seats].reduce(combineAccess, tickets);
}
