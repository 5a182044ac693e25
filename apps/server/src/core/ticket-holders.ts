import { and, eq, exists, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { TicketHolderKind } from '@portal/domain/tickets/ticket-holders.ts';
import type { Executor } from '../db/client.ts';
import { eventPaymentItems, eventPayments, eventSections } from '../db/schema/commerce.ts';
import { organizations } from '../db/schema/organizations.ts';
import { packageAssignments } from '../db/schema/package-assignments.ts';
import { packageEvents, packageInstitutes, packageRequests } from '../db/schema/packages.ts';
import {
  eventRegistrationPayments,
  eventRegistrationRequests,
  eventRegistrationSeats,
} from '../db/schema/registration-requests.ts';
import { eventTickets } from '../db/schema/tickets.ts';

/**
 * Who holds a place at an event, whatever it comes from: the staff's ticket holders of an event and an
 * organization's managers' export of their organization's ticket holders read the same places.
 */

/** One place at an event, whatever it comes from; the union takes the first query's column names. */
function place(kind: TicketHolderKind, id: SQL, userId: SQL, eventId: SQL, section: SQL, organizationId: SQL) {
  return {
    kind: sql<TicketHolderKind>`${kind}::text`.as('holder_kind'),
    id: sql<string>`${id}::text`.as('holder_id'),
    userId: sql<string>`${userId}`.as('holder_user_id'),
    eventId: sql<string>`${eventId}`.as('holder_event_id'),
    sectionTitle: sql<string | null>`${section}`.as('holder_section'),
    organizationId: sql<string | null>`${organizationId}`.as('holder_organization_id'),
    organizationName: sql<string | null>`${organizations.name}`.as('holder_organization'),
  };
}

/** Whose places: one event's (the staff list), or one organization's across its events (its managers' export). */
export type HolderScope = { eventId: string } | { organizationId: string };

/** The scope as a condition on one kind of place's event and organization. */
const inScope = (scope: HolderScope, eventId: SQL, organizationId: SQL) =>
  'eventId' in scope ? sql`${eventId} = ${scope.eventId}` : sql`${organizationId} = ${scope.organizationId}`;

/**
 * Everyone holding a place in the scope: allocated tickets of PAID payments, institute applicants'
 * PAID seats, accepted packages' assignments, and attendees named on OPEN, paid registration requests
 * (the places My tickets shows each of them). A place's organization is the one its payment, package
 * request or registration request was made for.
 */
export function holdersOf(db: Executor, scope: HolderScope) {
  const tickets = db
    .select(
      place(
        'TICKET',
        sql`${eventTickets.id}`,
        sql`${eventTickets.userId}`,
        sql`${eventTickets.eventId}`,
        sql`${eventSections.title}`,
        sql`${eventPayments.organizationId}`,
      ),
    )
    .from(eventTickets)
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.id, eventTickets.paymentItemId))
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .leftJoin(eventSections, eq(eventSections.id, eventTickets.sectionId))
    .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .where(
      and(
        inScope(scope, sql`${eventTickets.eventId}`, sql`${eventPayments.organizationId}`),
        eq(eventPayments.status, 'PAID'),
      ),
    );
  const instituteSeats = db
    .select(
      place(
        'INSTITUTE_SEAT',
        sql`${eventPayments.id}`,
        sql`${eventPayments.userId}`,
        sql`${eventPaymentItems.eventId}`,
        sql`null::text`,
        sql`${eventPayments.organizationId}`,
      ),
    )
    .from(eventPayments)
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.paymentId, eventPayments.id))
    .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .where(
      and(
        inScope(scope, sql`${eventPaymentItems.eventId}`, sql`${eventPayments.organizationId}`),
        eq(eventPayments.status, 'PAID'),
        isNotNull(eventPayments.applicationId),
      ),
    );
  const packageEventId = sql`coalesce(${packageEvents.eventId}, ${packageInstitutes.eventId})`;
  const packageTickets = db
    .select(
      place(
        'PACKAGE',
        sql`${packageAssignments.id}`,
        sql`${packageAssignments.userId}`,
        packageEventId,
        sql`null::text`,
        sql`${packageRequests.organizationId}`,
      ),
    )
    .from(packageAssignments)
    .innerJoin(packageRequests, eq(packageRequests.id, packageAssignments.packageRequestId))
    .innerJoin(organizations, eq(organizations.id, packageRequests.organizationId))
    .leftJoin(packageEvents, eq(packageEvents.id, packageAssignments.packageEventId))
    .leftJoin(packageInstitutes, eq(packageInstitutes.id, packageAssignments.packageInstituteId))
    .where(
      and(
        inScope(scope, packageEventId, sql`${packageRequests.organizationId}`),
        eq(packageRequests.status, 'ACCEPTED'),
      ),
    );
  const registrationSeats = db
    .select(
      place(
        'REGISTRATION_SEAT',
        sql`${eventRegistrationRequests.id}`,
        sql`${eventRegistrationSeats.userId}`,
        sql`${eventRegistrationRequests.eventId}`,
        sql`null::text`,
        sql`${eventRegistrationRequests.organizationId}`,
      ),
    )
    .from(eventRegistrationSeats)
    .innerJoin(eventRegistrationRequests, eq(eventRegistrationRequests.id, eventRegistrationSeats.requestId))
    .leftJoin(organizations, eq(organizations.id, eventRegistrationRequests.organizationId))
    .where(
      and(
        inScope(scope, sql`${eventRegistrationRequests.eventId}`, sql`${eventRegistrationRequests.organizationId}`),
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
    );
  return tickets.unionAll(instituteSeats).unionAll(packageTickets).unionAll(registrationSeats).as('holders');
}

export type Holders = ReturnType<typeof holdersOf>;
