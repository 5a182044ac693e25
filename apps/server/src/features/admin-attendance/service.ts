import { and, asc, count, eq, sql } from 'drizzle-orm';
import { attendanceMessages, type TakerGrantInput } from '@portal/domain/events/attendance.ts';
import { defaultMinutesPerDay, formatHours } from '@portal/domain/events/certificates.ts';
import { calendarDateIn, formatMoment, formatUsDate } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import {
  attendanceTakers,
  certificates,
  eventDailyAttendances,
  sectionAttendanceHours,
} from '../../db/schema/attendance.ts';
import { eventSections } from '../../db/schema/commerce.ts';
import { users } from '../../db/schema/users.ts';
import { eventSectionsWithLevel, expectedPeople, findEvent } from '../../core/attendance.ts';
import { recomputeEventCertificates } from '../../core/certificates.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { keysetRows, type Export } from '../../platform/exports.ts';

async function eventOrNotFound(db: Executor, eventId: string) {
  const event = await findEvent(db, eventId);
  if (!event) throw notFound('No such event.');
  return event;
}

/** GET /api/admin/events/:eventId/attendance-takers */
export async function listTakers(deps: AppDeps, eventId: string) {
  await eventOrNotFound(deps.db, eventId);
  const items = await deps.db
    .select({
      id: attendanceTakers.id,
      userId: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      sectionId: attendanceTakers.sectionId,
      sectionTitle: eventSections.title,
    })
    .from(attendanceTakers)
    .innerJoin(users, eq(users.id, attendanceTakers.userId))
    .leftJoin(eventSections, eq(eventSections.id, attendanceTakers.sectionId))
    .where(eq(attendanceTakers.eventId, eventId))
    .orderBy(
      asc(users.lastName),
      asc(users.firstName),
      sql`${eventSections.title} asc nulls first`,
      asc(attendanceTakers.id),
    );
  return { items };
}

/** POST /api/admin/events/:eventId/attendance-takers: grants the role for the event, or one of its sections. */
export async function grantTaker(deps: AppDeps, auth: RequestAuth, eventId: string, input: TakerGrantInput) {
  await eventOrNotFound(deps.db, eventId);
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (!user) throw badRequest(attendanceMessages.takerUnknownUser, { email: attendanceMessages.takerUnknownUser });
  if (input.sectionId) {
    const [section] = await deps.db
      .select({ id: eventSections.id })
      .from(eventSections)
      .where(and(eq(eventSections.id, input.sectionId), eq(eventSections.eventId, eventId)));
    if (!section)
      throw badRequest(attendanceMessages.sectionNotInEvent, { sectionId: attendanceMessages.sectionNotInEvent });
  }
  try {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(attendanceTakers)
        .values({ userId: user.id, eventId, sectionId: input.sectionId, grantedById: auth.user.id })
        .returning();
      await audit(tx, {
        ...actorOf(auth),
        action: 'attendance.taker_granted',
        subjectType: 'event',
        subjectId: eventId,
        data: { takerId: row?.id, userId: user.id, sectionId: input.sectionId },
      });
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'attendance_takers_once')
      throw conflict(attendanceMessages.takerExists, { email: attendanceMessages.takerExists });
    throw error;
  }
  return listTakers(deps, eventId);
}

/** DELETE /api/admin/attendance-takers/:id */
export async function revokeTaker(deps: AppDeps, auth: RequestAuth, takerId: string) {
  const eventId = await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(attendanceTakers).where(eq(attendanceTakers.id, takerId)).returning();
    if (!row) throw notFound('No such attendance taker.');
    await audit(tx, {
      ...actorOf(auth),
      action: 'attendance.taker_revoked',
      subjectType: 'event',
      subjectId: row.eventId,
      data: { userId: row.userId, sectionId: row.sectionId },
    });
    return row.eventId;
  });
  return listTakers(deps, eventId);
}

/** Everyone expected in the event's sections, one row per person and section, with the days attended. */
function overviewRows(db: Executor, eventId: string) {
  const expected = expectedPeople(db, eventId);
  const days = db
    .select({
      sectionId: eventDailyAttendances.sectionId,
      userId: eventDailyAttendances.userId,
      dates: sql<string[]>`array_agg(${eventDailyAttendances.date}::text order by ${eventDailyAttendances.date})`.as(
        'days_attended',
      ),
    })
    .from(eventDailyAttendances)
    .where(and(eq(eventDailyAttendances.eventId, eventId), eq(eventDailyAttendances.attended, true)))
    .groupBy(eventDailyAttendances.sectionId, eventDailyAttendances.userId)
    .as('days');
  const rows = db
    .select({
      userId: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      sectionId: eventSections.id,
      sectionTitle: eventSections.title,
      minutesPerDay: sql<number>`coalesce(${sectionAttendanceHours.minutesPerDay}, ${defaultMinutesPerDay})`.mapWith(
        Number,
      ),
      daysAttended: sql<string[]>`coalesce(${days.dates}, '{}')`,
    })
    .from(expected)
    .innerJoin(users, eq(users.id, expected.userId))
    .innerJoin(eventSections, eq(eventSections.id, expected.sectionId))
    .leftJoin(sectionAttendanceHours, eq(sectionAttendanceHours.sectionId, eventSections.id))
    .leftJoin(days, and(eq(days.sectionId, expected.sectionId), eq(days.userId, expected.userId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id), asc(eventSections.title), asc(eventSections.id))
    .$dynamic();
  return { rows, expected };
}

const withMinutes = <T extends { minutesPerDay: number; daysAttended: string[] }>({ minutesPerDay, ...row }: T) => ({
  ...row,
  minutesAttended: row.daysAttended.length * minutesPerDay,
});

/** GET /api/admin/events/:eventId/attendance: one page of the overview, and each section's hours per day. */
export async function overview(deps: AppDeps, eventId: string, query: { page: number; pageSize: number }) {
  const event = await eventOrNotFound(deps.db, eventId);
  const { rows, expected } = overviewRows(deps.db, eventId);
  const [page, [counted], sections] = await Promise.all([
    rows.limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(expected),
    eventSectionsWithLevel(deps.db, eventId),
  ]);
  return {
    event: { id: event.id, name: event.name },
    sections: sections.map((section) => ({
      sectionId: section.id,
      title: section.title,
      minutesPerDay: section.minutesPerDay,
    })),
    rows: page.map(withMinutes),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.total ?? 0,
  };
}

type OverviewRow = ReturnType<typeof withMinutes<Awaited<ReturnType<typeof overviewRows>['rows']>[number]>>;

/**
 * GET /api/admin/events/:eventId/attendance.csv and /attendance/export?format=: the whole overview,
 * read in keyset pages in the overview's order (name, person, section) and written as it is read.
 */
export async function overviewExport(
  deps: AppDeps,
  eventId: string,
  format: ExportFormat,
): Promise<Export<OverviewRow>> {
  const event = await eventOrNotFound(deps.db, eventId);
  const rows = keysetRows<OverviewRow>(async (after, limit) => {
    const { rows: query } = overviewRows(deps.db, eventId);
    // The last row's name and section title read back by id, so the keyset compares what the order sorts.
    const page = after
      ? query.where(
          sql`(${users.lastName}, ${users.firstName}, ${users.id}, ${eventSections.title}, ${eventSections.id}) >
            ((select last_name from users where id = ${after.userId}), (select first_name from users where id = ${after.userId}),
             ${after.userId}, (select title from event_sections where id = ${after.sectionId}), ${after.sectionId})`,
        )
      : query;
    return (await page.limit(limit)).map(withMinutes);
  });
  const slug =
    event.name
      .replace(/[^\w -]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase() || 'event';
  return {
    baseName: `attendance-${slug}`,
    title: 'Attendance',
    format,
    rows,
    columns: [
      { header: 'Name', value: (row) => row.name },
      { header: 'Email', value: (row) => row.email },
      { header: 'Section', value: (row) => row.sectionTitle },
      { header: 'Days attended', value: (row) => row.daysAttended.length },
      { header: 'Dates attended', value: (row) => row.daysAttended.map(formatUsDate).join(' ') },
      { header: 'Hours', value: (row) => formatHours(row.minutesAttended) },
    ],
  };
}

/** PUT /api/admin/sections/:sectionId/attendance-hours: the hours a day counts, and the event's certificates recomputed. */
export async function setSectionHours(deps: AppDeps, auth: RequestAuth, sectionId: string, minutesPerDay: number) {
  const [section] = await deps.db
    .select({ id: eventSections.id, eventId: eventSections.eventId, title: eventSections.title })
    .from(eventSections)
    .where(eq(eventSections.id, sectionId));
  if (!section) throw notFound('No such section.');
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(sectionAttendanceHours)
      .values({ sectionId, minutesPerDay })
      .onConflictDoUpdate({ target: sectionAttendanceHours.sectionId, set: { minutesPerDay, updatedAt: sql`now()` } });
    await recomputeEventCertificates(tx, section.eventId, deps.clock());
    await audit(tx, {
      ...actorOf(auth),
      action: 'attendance.hours_set',
      subjectType: 'event_section',
      subjectId: sectionId,
      data: { minutesPerDay },
    });
  });
  return { sectionId, title: section.title, minutesPerDay };
}

/** Certificates with their holders, by last and first name (the caller narrows them to one event). */
function certificateRows(db: Executor) {
  return db
    .select({
      id: certificates.id,
      code: certificates.code,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      minutesAttended: certificates.minutesAttended,
      dates: certificates.dates,
      issuedAt: certificates.issuedAt,
    })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(certificates.id))
    .$dynamic();
}

type CertificateRow = Awaited<ReturnType<typeof certificateRows>>[number];

/**
 * GET /api/admin/events/:eventId/certificates/export: every certificate of attendance issued for the
 * event, with its code, hours and days; staff have no certificate list of their own, so the event's
 * attendance page exports them (docs/decisions/0118-certificates-export-from-attendance.md).
 */
export async function certificatesExport(
  deps: AppDeps,
  eventId: string,
  format: ExportFormat,
): Promise<Export<CertificateRow>> {
  const event = await eventOrNotFound(deps.db, eventId);
  const rows = keysetRows<CertificateRow>((after, limit) =>
    certificateRows(deps.db)
      .where(
        and(
          eq(certificates.eventId, eventId),
          after
            ? sql`(${users.lastName}, ${users.firstName}, ${certificates.id}) > (${after.lastName}, ${after.firstName}, ${after.id})`
            : undefined,
        ),
      )
      .limit(limit),
  );
  const slug =
    event.name
      .replace(/[^\w -]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase() || 'event';
  return {
    baseName: `certificates-${slug}-${calendarDateIn(deps.clock(), deps.config.timeZone)}`,
    title: 'Certificates',
    format,
    rows,
    columns: [
      { header: 'Certificate code', value: (row) => row.code },
      { header: 'Name', value: (row) => `${row.firstName} ${row.lastName}` },
      { header: 'Email', value: (row) => row.email },
      { header: 'Event', value: () => event.name },
      { header: 'Dates attended', value: (row) => row.dates.map(formatUsDate).join(' ') },
      { header: 'Hours', value: (row) => formatHours(row.minutesAttended) },
      { header: 'Issued', value: (row) => formatMoment(row.issuedAt, deps.config.timeZone) },
    ],
  };
}
