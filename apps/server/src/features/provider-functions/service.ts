import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { attendanceMessages } from '@portal/domain/events/attendance.ts';
import type { attendanceRecord, generateCertificatesInput } from '@portal/domain/events/provider-functions.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { attendanceTakers, certificates, eventDailyAttendances } from '../../db/schema/attendance.ts';
import { eventSections } from '../../db/schema/commerce.ts';
import { users } from '../../db/schema/users.ts';
import {
  eventSectionsWithLevel,
  findEvent,
  saveMarks,
  sectionRoll,
  type SectionWithLevel,
} from '../../core/attendance.ts';
import { badRequest, notFound } from '../../platform/errors.ts';

type Event = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

const eventOut = (event: Event) => ({
  EventID: event.id,
  Name: event.name,
  ShortName: event.name,
  StartDate: event.startDate,
  EndDate: event.endDate,
});
const sectionOut = (eventId: string, section: SectionWithLevel) => ({
  SectionID: section.id,
  EventID: eventId,
  AdminTitle: section.title,
  Level: section.level,
  Dates: section.dates,
});

const today = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

async function sectionOf(deps: AppDeps, sectionId: string) {
  const [row] = await deps.db
    .select({ eventId: eventSections.eventId })
    .from(eventSections)
    .where(eq(eventSections.id, sectionId));
  const [section] = row ? await eventSectionsWithLevel(deps.db, row.eventId, [sectionId]) : [];
  const event = row ? await findEvent(deps.db, row.eventId) : null;
  if (!section || !event) throw notFound('No such section.');
  return { event, section };
}

/** event/GetEvent: the event, its sections, and the sections attendance takers are assigned to. */
export async function getEvent(
  deps: AppDeps,
  query: { EventID: string; IncludeSections: boolean; IncludeAssignedSections: boolean },
) {
  const event = await findEvent(deps.db, query.EventID);
  if (!event) throw notFound('No such event.');
  const sections =
    query.IncludeSections || query.IncludeAssignedSections ? await eventSectionsWithLevel(deps.db, event.id) : [];
  let assigned: SectionWithLevel[] | undefined;
  if (query.IncludeAssignedSections) {
    const grants = await deps.db
      .select({ sectionId: attendanceTakers.sectionId })
      .from(attendanceTakers)
      .where(eq(attendanceTakers.eventId, event.id));
    const wholeEvent = grants.some((grant) => grant.sectionId === null);
    const granted = new Set(grants.map((grant) => grant.sectionId));
    assigned = sections.filter((section) => wholeEvent || granted.has(section.id));
  }
  return {
    ...eventOut(event),
    ...(query.IncludeSections ? { Sections: sections.map((section) => sectionOut(event.id, section)) } : {}),
    ...(assigned ? { AssignedSections: assigned.map((section) => sectionOut(event.id, section)) } : {}),
  };
}

/** Section/GetSection: the section, with its event when asked. */
export async function getSection(deps: AppDeps, query: { sectionId: string; includeEvent: boolean }) {
  const { event, section } = await sectionOf(deps, query.sectionId);
  return { ...sectionOut(event.id, section), ...(query.includeEvent ? { Event: eventOut(event) } : {}) };
}

type AttendanceRecord = z.infer<typeof attendanceRecord>;

/**
 * Section/GetAttendances: with onlyToday, every person expected today (unmarked people have no id
 * yet); without it, every mark ever saved for the section, by day.
 */
export async function getAttendances(
  deps: AppDeps,
  query: { sectionId: string; onlyToday: boolean },
): Promise<AttendanceRecord[]> {
  const { event, section } = await sectionOf(deps, query.sectionId);
  const sectionPart = {
    SectionID: section.id,
    EventID: event.id,
    AdminTitle: section.title,
    Event: { ShortName: event.name },
  };
  const record = (row: {
    id: string | null;
    attended: boolean;
    date: string;
    userId: string;
    firstName: string;
    lastName: string;
    email: string;
  }) => ({
    EventDailyAttendanceID: row.id,
    Attended: row.attended,
    Date: row.date,
    User: {
      UserID: row.userId,
      FirstName: row.firstName,
      FullName: `${row.firstName} ${row.lastName}`.trim(),
      Email: row.email,
    },
    Section: sectionPart,
  });
  if (query.onlyToday) {
    const date = today(deps);
    const roll = await sectionRoll(deps.db, event.id, section.id, date);
    return roll.map((person) => record({ ...person, id: person.attendanceId, date }));
  }
  const rows = await deps.db
    .select({
      id: eventDailyAttendances.id,
      attended: eventDailyAttendances.attended,
      date: eventDailyAttendances.date,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(eventDailyAttendances)
    .innerJoin(users, eq(users.id, eventDailyAttendances.userId))
    .where(eq(eventDailyAttendances.sectionId, section.id))
    .orderBy(asc(eventDailyAttendances.date), asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map(record);
}

/**
 * Certificate/GenerateEventCertificates: saves the changed marks, exactly as a taker's Save does, and
 * answers the certificates of the people marked (a person with no attended day has none).
 */
export async function generateEventCertificates(deps: AppDeps, input: z.infer<typeof generateCertificatesInput>) {
  const { event, section } = await sectionOf(deps, input.SectionID);
  if (event.id !== input.EventID)
    throw badRequest(attendanceMessages.sectionNotInEvent, { SectionID: attendanceMessages.sectionNotInEvent });
  const date = input.Date ?? today(deps);
  const rows = input.EventDailyAttendances.map((row) => ({ userId: row.UserID, attended: row.Attended }));
  const named = input.EventDailyAttendances.filter((row) => row.EventDailyAttendanceID);
  return deps.db.transaction(async (tx) => {
    if (named.length > 0) {
      // An id sent with a row must be that person's mark of this section and day.
      const known = await tx
        .select({ id: eventDailyAttendances.id, userId: eventDailyAttendances.userId })
        .from(eventDailyAttendances)
        .where(
          and(
            eq(eventDailyAttendances.sectionId, section.id),
            eq(eventDailyAttendances.date, date),
            inArray(
              eventDailyAttendances.id,
              named.map((row) => row.EventDailyAttendanceID ?? ''),
            ),
          ),
        );
      const owner = new Map(known.map((row) => [row.id, row.userId]));
      if (named.some((row) => owner.get(row.EventDailyAttendanceID ?? '') !== row.UserID)) {
        throw badRequest('An EventDailyAttendanceID does not belong to that person, section and day.');
      }
    }
    const updated = await saveMarks(tx, {
      eventId: event.id,
      section,
      date,
      today: today(deps),
      now: deps.clock(),
      rows,
      actor: { actorId: null },
      source: 'FUNCTIONS',
    });
    const issued = await tx
      .select({ UserID: certificates.userId, Code: certificates.code, MinutesAttended: certificates.minutesAttended })
      .from(certificates)
      .where(
        and(
          eq(certificates.eventId, event.id),
          inArray(
            certificates.userId,
            rows.map((row) => row.userId),
          ),
        ),
      )
      .orderBy(asc(certificates.userId));
    return { Updated: updated, Certificates: issued };
  });
}
