import { and, asc, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import { attendanceMessages, type AttendanceMark } from '@portal/domain/events/attendance.ts';
import { defaultMinutesPerDay } from '@portal/domain/events/certificates.ts';
import type { Executor, Transaction } from '../db/client.ts';
import {
  eventApplicationGroupings,
  eventApplicationPlacements,
  eventApplications,
  eventApplicationSections,
} from '../db/schema/applications.ts';
import { attendanceTakers, eventDailyAttendances, sectionAttendanceHours } from '../db/schema/attendance.ts';
import {
  eventGroupings,
  eventPaths,
  eventPaymentItems,
  eventPayments,
  events,
  eventSections,
} from '../db/schema/commerce.ts';
import { eventTickets } from '../db/schema/tickets.ts';
import { users } from '../db/schema/users.ts';
import { audit } from '../platform/audit.ts';
import { badRequest } from '../platform/errors.ts';
import { recomputeCertificates } from './certificates.ts';
import { askForEvaluations } from './evaluations.ts';
import { placedInGrouping } from './placements.ts';
import { emitWebhookEvent } from './webhooks.ts';

/**
 * Daily attendance, shared by the takers' pages, the provider's REST functions and the staff console:
 * who is expected in a section, what was marked, and the one way marks are saved (with certificates).
 */

/** The sections of an event with their level (from the path) and the hours one attended day counts. */
export async function eventSectionsWithLevel(db: Executor, eventId: string, sectionIds?: readonly string[]) {
  if (sectionIds && sectionIds.length === 0) return [];
  return db
    .select({
      id: eventSections.id,
      title: eventSections.title,
      dates: eventSections.dates,
      level: eventPaths.level,
      minutesPerDay: sql<number>`coalesce(${sectionAttendanceHours.minutesPerDay}, ${defaultMinutesPerDay})`.mapWith(
        Number,
      ),
    })
    .from(eventSections)
    .innerJoin(eventGroupings, eq(eventGroupings.id, eventSections.groupingId))
    .innerJoin(eventPaths, eq(eventPaths.id, eventGroupings.pathId))
    .leftJoin(sectionAttendanceHours, eq(sectionAttendanceHours.sectionId, eventSections.id))
    .where(and(eq(eventSections.eventId, eventId), sectionIds ? inArray(eventSections.id, [...sectionIds]) : undefined))
    .orderBy(
      asc(eventPaths.position),
      asc(eventGroupings.position),
      asc(eventSections.position),
      asc(eventSections.title),
      asc(eventSections.id),
    );
}
export type SectionWithLevel = Awaited<ReturnType<typeof eventSectionsWithLevel>>[number];

export async function findEvent(db: Executor, eventId: string) {
  const [event] = await db
    .select({ id: events.id, name: events.name, startDate: events.startDate, endDate: events.endDate })
    .from(events)
    .where(eq(events.id, eventId));
  return event ?? null;
}

/**
 * The sections a person takes attendance for in an event: all of them with an event-wide grant,
 * else the granted ones. Null when the person is no taker of the event.
 */
export async function takerSectionIds(db: Executor, userId: string, eventId: string): Promise<string[] | 'ALL' | null> {
  const grants = await db
    .select({ sectionId: attendanceTakers.sectionId })
    .from(attendanceTakers)
    .where(and(eq(attendanceTakers.userId, userId), eq(attendanceTakers.eventId, eventId)));
  if (grants.length === 0) return null;
  if (grants.some((grant) => grant.sectionId === null)) return 'ALL';
  return grants.map((grant) => grant.sectionId).filter((id): id is string => id !== null);
}

/**
 * Who is expected in the event's sections (or one section): holders of a paid ticket for the section
 * (or for the whole event), accepted applicants placed in the section, and accepted applicants not
 * placed yet who chose the section or its grouping.
 */
export function expectedPeople(db: Executor, eventId: string, sectionId?: string) {
  const inSection = (
    column:
      typeof eventSections.id | typeof eventApplicationSections.sectionId | typeof eventApplicationPlacements.sectionId,
  ) => (sectionId ? eq(column, sectionId) : undefined);
  const ticketHolders = db
    .select({
      sectionId: sql<string>`${eventSections.id}`.as('expected_section_id'),
      userId: sql<string>`${eventTickets.userId}`.as('expected_user_id'),
    })
    .from(eventTickets)
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.id, eventTickets.paymentItemId))
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .innerJoin(
      eventSections,
      or(
        eq(eventSections.id, eventTickets.sectionId),
        and(isNull(eventTickets.sectionId), eq(eventSections.eventId, eventTickets.eventId)),
      ),
    )
    .where(and(eq(eventTickets.eventId, eventId), eq(eventPayments.status, 'PAID'), inSection(eventSections.id)));
  // Once placed in a grouping, an applicant is expected in their placed section only.
  const bySection = db
    .select({ sectionId: eventApplicationSections.sectionId, userId: eventApplications.userId })
    .from(eventApplicationSections)
    .innerJoin(eventApplications, eq(eventApplications.id, eventApplicationSections.applicationId))
    .where(
      and(
        eq(eventApplications.eventId, eventId),
        eq(eventApplications.status, 'ACCEPTED'),
        inSection(eventApplicationSections.sectionId),
        not(placedInGrouping(eventApplicationSections.applicationId, eventApplicationSections.groupingId)),
      ),
    );
  const byPlace = db
    .select({ sectionId: eventApplicationPlacements.sectionId, userId: eventApplications.userId })
    .from(eventApplicationPlacements)
    .innerJoin(eventApplications, eq(eventApplications.id, eventApplicationPlacements.applicationId))
    .where(
      and(
        eq(eventApplications.eventId, eventId),
        eq(eventApplications.status, 'ACCEPTED'),
        inSection(eventApplicationPlacements.sectionId),
      ),
    );
  const byGrouping = db
    .select({ sectionId: eventSections.id, userId: eventApplications.userId })
    .from(eventApplicationGroupings)
    .innerJoin(eventApplications, eq(eventApplications.id, eventApplicationGroupings.applicationId))
    .innerJoin(eventSections, eq(eventSections.groupingId, eventApplicationGroupings.groupingId))
    .where(
      and(
        eq(eventApplications.eventId, eventId),
        eq(eventApplications.status, 'ACCEPTED'),
        inSection(eventSections.id),
      ),
    );
  // The union's columns take the first query's names, unlike any table's, so they never need qualifying.
  return ticketHolders.union(bySection).union(byPlace).union(byGrouping).as('expected');
}

/** The people expected in one section, by last and first name, with their mark on `date` and whether they wait for placement. */
export async function sectionRoll(db: Executor, eventId: string, sectionId: string, date: string) {
  const expected = expectedPeople(db, eventId, sectionId);
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      attendanceId: eventDailyAttendances.id,
      attended: sql<boolean>`coalesce(${eventDailyAttendances.attended}, false)`,
      notPlacedYet: sql<boolean>`exists (select 1 from ${eventApplicationSections}
        inner join ${eventApplications} on ${eventApplications.id} = ${eventApplicationSections.applicationId}
        inner join ${eventPaths} on ${eventPaths.id} = ${eventApplications.pathId}
        where ${eventApplications.userId} = ${users.id} and ${eventApplications.eventId} = ${eventId}
          and ${eventApplications.status} = 'ACCEPTED' and ${eventPaths.requireRankedSelection}
          and ${eventApplicationSections.sectionId} = ${sectionId}
          and not ${placedInGrouping(eventApplicationSections.applicationId, eventApplicationSections.groupingId)})`,
    })
    .from(expected)
    .innerJoin(users, eq(users.id, expected.userId))
    .leftJoin(
      eventDailyAttendances,
      and(
        eq(eventDailyAttendances.sectionId, sectionId),
        eq(eventDailyAttendances.userId, users.id),
        eq(eventDailyAttendances.date, date),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Marks are taken for a day the section meets, today or (a save kept offline) earlier; never for a day to come. */
export function checkMarkDay(date: string, today: string, sectionDates: readonly string[]): void {
  if (date > today) throw badRequest(attendanceMessages.futureDay, { date: attendanceMessages.futureDay });
  if (!sectionDates.includes(date))
    throw badRequest(attendanceMessages.notSectionDay, { date: attendanceMessages.notSectionDay });
}

/** One expected person of a section with their mark on `date`, or null when they are not expected there. */
export async function expectedPerson(db: Executor, eventId: string, sectionId: string, userId: string, date: string) {
  const expected = expectedPeople(db, eventId, sectionId);
  const [person] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      attended: sql<boolean>`coalesce(${eventDailyAttendances.attended}, false)`,
    })
    .from(expected)
    .innerJoin(users, eq(users.id, expected.userId))
    .leftJoin(
      eventDailyAttendances,
      and(
        eq(eventDailyAttendances.sectionId, sectionId),
        eq(eventDailyAttendances.userId, users.id),
        eq(eventDailyAttendances.date, date),
      ),
    )
    .where(eq(users.id, userId))
    .limit(1);
  return person ?? null;
}

export interface MarksToSave {
  eventId: string;
  section: { id: string; dates: readonly string[] };
  date: string;
  today: string;
  now: Date;
  rows: readonly AttendanceMark[];
  actor: { actorId: string | null; impersonatorId?: string | null };
  source: 'TAKER' | 'FUNCTIONS';
}

/**
 * Saves marks for one section day and brings the marked people's certificates up to date, in the
 * caller's transaction. A day the section does not meet, a day still to come, or a person not expected
 * in the section is refused whole: nothing is written.
 */
export async function saveMarks(tx: Transaction, input: MarksToSave): Promise<number> {
  checkMarkDay(input.date, input.today, input.section.dates);
  const expected = expectedPeople(tx, input.eventId, input.section.id);
  const userIds = input.rows.map((row) => row.userId);
  const found = await tx.select({ userId: expected.userId }).from(expected).where(inArray(expected.userId, userIds));
  if (new Set(found.map((row) => row.userId)).size !== new Set(userIds).size)
    throw badRequest(attendanceMessages.notExpected);

  await tx
    .insert(eventDailyAttendances)
    .values(
      input.rows.map((row) => ({
        eventId: input.eventId,
        sectionId: input.section.id,
        userId: row.userId,
        date: input.date,
        attended: row.attended,
        updatedById: input.actor.actorId,
      })),
    )
    .onConflictDoUpdate({
      target: [eventDailyAttendances.sectionId, eventDailyAttendances.userId, eventDailyAttendances.date],
      set: { attended: sql`excluded.attended`, updatedById: sql`excluded.updated_by_id`, updatedAt: sql`now()` },
    });
  await recomputeCertificates(tx, input.eventId, userIds, input.now);
  await askForEvaluations(tx, {
    eventId: input.eventId,
    sectionId: input.section.id,
    date: input.date,
    marks: input.rows,
  });
  await emitWebhookEvent(
    tx,
    'attendance.saved',
    {
      eventId: input.eventId,
      sectionId: input.section.id,
      date: input.date,
      marks: input.rows.map((row) => ({ userId: row.userId, attended: row.attended })),
    },
    input.now,
  );
  await audit(tx, {
    ...input.actor,
    action: 'attendance.saved',
    subjectType: 'event_section',
    subjectId: input.section.id,
    data: {
      date: input.date,
      source: input.source,
      marks: input.rows.map((row) => ({ userId: row.userId, attended: row.attended })),
    },
  });
  return input.rows.length;
}
