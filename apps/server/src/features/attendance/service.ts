import { asc, eq } from 'drizzle-orm';
import {
  attendanceMessages,
  type AttendanceList,
  type AttendanceSaveInput,
  type AttendanceSections,
} from '@portal/domain/events/attendance.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { ticketScanMessages, type TicketScanInput, type TicketScanReply } from '@portal/domain/tickets/ticket-codes.ts';
import type { AppDeps } from '../../app-deps.ts';
import { attendanceTakers } from '../../db/schema/attendance.ts';
import { events } from '../../db/schema/commerce.ts';
import {
  checkMarkDay,
  eventSectionsWithLevel,
  expectedPerson,
  findEvent,
  saveMarks,
  sectionRoll,
  takerSectionIds,
} from '../../core/attendance.ts';
import { verifyTicketCode } from '../../core/ticket-codes.ts';
import { actorOf } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

/** A person who takes no attendance in the event (or the section) is told there is none to manage: nothing is named. */
const noAttendance = () => notFound(attendanceMessages.noAttendance);

/** GET /api/attendance/events: the events the caller takes attendance for, soonest first. */
export async function listTakerEvents(deps: AppDeps, auth: RequestAuth) {
  const items = await deps.db
    .selectDistinct({ id: events.id, name: events.name, startDate: events.startDate, endDate: events.endDate })
    .from(attendanceTakers)
    .innerJoin(events, eq(events.id, attendanceTakers.eventId))
    .where(eq(attendanceTakers.userId, auth.user.id))
    .orderBy(asc(events.startDate), asc(events.name), asc(events.id));
  return { items };
}

async function takerSections(deps: AppDeps, auth: RequestAuth, eventId: string) {
  const scope = await takerSectionIds(deps.db, auth.user.id, eventId);
  const event = scope === null ? null : await findEvent(deps.db, eventId);
  if (scope === null || !event) throw noAttendance();
  const sections = await eventSectionsWithLevel(deps.db, eventId, scope === 'ALL' ? undefined : scope);
  return { event, sections };
}

/** GET /api/events/:eventId/attendance: the sections the caller takes attendance for. */
export async function listSections(deps: AppDeps, auth: RequestAuth, eventId: string): Promise<AttendanceSections> {
  const { event, sections } = await takerSections(deps, auth, eventId);
  return {
    event: { id: event.id, name: event.name },
    sections: sections.map((section) => ({
      id: section.id,
      title: section.title,
      level: section.level,
      dates: section.dates,
    })),
  };
}

async function takerSection(deps: AppDeps, auth: RequestAuth, eventId: string, sectionId: string) {
  const scope = await takerSectionIds(deps.db, auth.user.id, eventId);
  if (scope === null || (scope !== 'ALL' && !scope.includes(sectionId))) throw noAttendance();
  const [section] = await eventSectionsWithLevel(deps.db, eventId, [sectionId]);
  const event = await findEvent(deps.db, eventId);
  if (!section || !event) throw noAttendance();
  return { event, section };
}

/** "Today" is the provider's calendar day (config TIME_ZONE), wherever the taker's phone thinks it is. */
const today = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

/** GET /api/events/:eventId/attendance/:sectionId: today's list, one line per expected person. */
export async function readRoll(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  sectionId: string,
): Promise<AttendanceList> {
  const { event, section } = await takerSection(deps, auth, eventId, sectionId);
  const date = today(deps);
  const people = await sectionRoll(deps.db, eventId, sectionId, date);
  return {
    event: { id: event.id, name: event.name },
    section: { id: section.id, title: section.title, level: section.level, dates: section.dates },
    date,
    meetsToday: section.dates.includes(date),
    people: people.map(({ attendanceId: _attendanceId, ...person }) => person),
  };
}

/** PUT /api/events/:eventId/attendance/:sectionId: the changed marks of one day, with certificates. */
export async function saveRoll(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  sectionId: string,
  input: AttendanceSaveInput,
) {
  const { section } = await takerSection(deps, auth, eventId, sectionId);
  const updated = await deps.db.transaction((tx) =>
    saveMarks(tx, {
      eventId,
      section,
      date: input.date,
      today: today(deps),
      now: deps.clock(),
      rows: input.rows,
      actor: actorOf(auth),
      source: 'TAKER',
    }),
  );
  return { updated, message: attendanceMessages.updated };
}

/**
 * POST /api/events/:eventId/attendance/:sectionId/scan: a ticket's QR code marks its holder present
 * for the day, with the same access and day rules as a save by hand. A second scan writes nothing and
 * says so; a code the server did not sign, another event's, or a person not expected here is refused.
 */
export async function scanTicket(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  sectionId: string,
  input: TicketScanInput,
): Promise<TicketScanReply> {
  const { section } = await takerSection(deps, auth, eventId, sectionId);
  const holder = verifyTicketCode(deps.config.encryptionKey, input.code);
  if (!holder) throw badRequest(ticketScanMessages.invalidCode, { code: ticketScanMessages.invalidCode });
  if (holder.eventId !== eventId)
    throw badRequest(ticketScanMessages.otherEvent, { code: ticketScanMessages.otherEvent });
  const date = today(deps);
  checkMarkDay(input.date, date, section.dates);
  return deps.db.transaction(async (tx) => {
    const person = await expectedPerson(tx, eventId, sectionId, holder.userId, input.date);
    if (!person) throw badRequest(ticketScanMessages.notHolder, { code: ticketScanMessages.notHolder });
    const reply = {
      person: { userId: person.userId, firstName: person.firstName, lastName: person.lastName },
      section: { id: section.id, title: section.title },
      date: input.date,
    };
    if (person.attended)
      return { ...reply, outcome: 'ALREADY_MARKED' as const, message: ticketScanMessages.alreadyMarked };
    await saveMarks(tx, {
      eventId,
      section,
      date: input.date,
      today: date,
      now: deps.clock(),
      rows: [{ userId: person.userId, attended: true }],
      actor: actorOf(auth),
      source: 'TAKER',
    });
    return { ...reply, outcome: 'MARKED' as const, message: ticketScanMessages.marked };
  });
}
