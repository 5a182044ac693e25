import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { events, eventSections } from './commerce.ts';
import { users } from './users.ts';

/**
 * Who may take attendance: staff grant it for a whole event (section null) or for one section. A
 * grant is unique per person and scope, so a double click on Grant makes one row.
 */
export const attendanceTakers = pgTable(
  'attendance_takers',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').references(() => eventSections.id, { onDelete: 'cascade' }),
    grantedById: uuid('granted_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('attendance_takers_once').on(
      t.userId,
      t.eventId,
      sql`coalesce(${t.sectionId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('attendance_takers_event').on(t.eventId),
  ],
);

/**
 * One person's attendance on one day of one section (events.md §3 'Attendance record': its id is the
 * EventDailyAttendanceID). One row per section, person and day, so a replayed save updates it.
 */
export const eventDailyAttendances = pgTable(
  'event_daily_attendances',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => eventSections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    attended: boolean('attended').notNull(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_daily_attendances_once').on(t.sectionId, t.userId, t.date),
    index('event_daily_attendances_event_user').on(t.eventId, t.userId),
  ],
);

/** The hours one attended day of a section counts for on a certificate; a section without a row counts the default. */
export const sectionAttendanceHours = pgTable(
  'section_attendance_hours',
  {
    sectionId: uuid('section_id')
      .primaryKey()
      .references(() => eventSections.id, { onDelete: 'cascade' }),
    minutesPerDay: integer('minutes_per_day').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('section_attendance_hours_range', sql`${t.minutesPerDay} between 15 and 1440`)],
);

/**
 * A certificate of attendance: one per person and event, its totals recomputed from the daily rows in
 * the transaction that changes them. The code is what the public verify page looks up.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    code: text('code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    minutesAttended: integer('minutes_attended').notNull(),
    /** The calendar days attended, in order. */
    dates: date('dates', { mode: 'string' }).array().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('certificates_user_event').on(t.userId, t.eventId),
    check('certificates_minutes', sql`${t.minutesAttended} > 0`),
  ],
);
