import { z } from 'zod';
import { pathLevelLabels, pathLevels, type PathLevel } from '../applications/rules.ts';

/**
 * Daily attendance (events.md §2 'Attendance', §3 'Attendance record', §6, §8): attendance takers mark,
 * for today in the provider's time zone, who of a section's ticket holders and accepted applicants came.
 */
export const attendanceMessages = {
  updated: 'Attendance updated',
  somethingWentWrong: 'Something went wrong',
  noAttendance: 'No attendance to manage',
  noSections: 'No sections found',
  noPeople: 'Nobody holds a ticket or an accepted application for this section yet.',
  notToday: 'This section does not meet today.',
  offline: 'You are offline. Your changes are saved on this device and will be sent when the connection returns.',
  pendingSent: 'Attendance saved while offline was sent',
  futureDay: 'Attendance cannot be taken for a day that has not come yet.',
  notSectionDay: 'This section does not meet on that day.',
  notExpected: 'Everyone marked must hold a ticket or an accepted application for this section.',
  duplicatePerson: 'A person is listed twice in one save.',
  nothingChanged: 'There are no changes to save.',
  takerExists: 'This person already takes attendance for that event or section.',
  takerUnknownUser: 'No user has this email address.',
  sectionNotInEvent: 'This section is not part of the event.',
} as const;

export const levelBadge = (level: PathLevel): string => pathLevelLabels[level];

/** The section page's link, with the `advanced` flag events.md §2 names. */
export function attendanceSectionPath(eventId: string, sectionId: string, level: PathLevel): string {
  return `/members/events/${eventId}/attendance/${sectionId}?advanced=${level === 'ADVANCED'}`;
}

/** Where a save waits in the browser while offline: one entry per event, section and day. */
export function pendingAttendanceKey(eventId: string, sectionId: string, date: string): string {
  return `attendance:${eventId}:${sectionId}:${date}`;
}

export interface AttendanceMark {
  userId: string;
  attended: boolean;
}

/** The rows whose box differs from what was loaded: only these are sent (events.md §7 'changed rows only'). */
export function changedMarks(loaded: readonly AttendanceMark[], current: readonly AttendanceMark[]): AttendanceMark[] {
  const before = new Map(loaded.map((row) => [row.userId, row.attended]));
  return current.filter((row) => before.get(row.userId) !== row.attended);
}

/** A later offline edit of the same person wins; people only in the earlier save are kept. */
export function mergeMarks(earlier: readonly AttendanceMark[], later: readonly AttendanceMark[]): AttendanceMark[] {
  const merged = new Map(earlier.map((row) => [row.userId, row.attended]));
  for (const row of later) merged.set(row.userId, row.attended);
  return [...merged].map(([userId, attended]) => ({ userId, attended }));
}

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD');

export const attendanceMark = z.object({ userId: z.uuid('Not a user id'), attended: z.boolean() });

export const attendanceSaveInput = z.object({
  /** The day the marks are for: today when taken, an earlier day when a save made offline arrives late. */
  date: isoDate,
  rows: z
    .array(attendanceMark)
    .min(1, attendanceMessages.nothingChanged)
    .max(1000)
    .refine((rows) => new Set(rows.map((row) => row.userId)).size === rows.length, attendanceMessages.duplicatePerson),
});
export type AttendanceSaveInput = z.infer<typeof attendanceSaveInput>;

export const attendanceSaveReply = z.object({ updated: z.number().int(), message: z.string() });

export const takerEvent = z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() });
export const takerEvents = z.object({ items: z.array(takerEvent) });
export type TakerEvent = z.infer<typeof takerEvent>;

export const attendanceSection = z.object({
  id: z.string(),
  title: z.string(),
  level: z.enum(pathLevels),
  dates: z.array(z.string()),
});
export type AttendanceSection = z.infer<typeof attendanceSection>;

export const attendanceSections = z.object({
  event: z.object({ id: z.string(), name: z.string() }),
  sections: z.array(attendanceSection),
});
export type AttendanceSections = z.infer<typeof attendanceSections>;

export const attendancePerson = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  attended: z.boolean(),
  /** An accepted applicant who ranked this section and is not placed yet (applications/placement.ts). */
  notPlacedYet: z.boolean(),
});
export type AttendancePerson = z.infer<typeof attendancePerson>;

export const attendanceList = z.object({
  event: z.object({ id: z.string(), name: z.string() }),
  section: attendanceSection,
  /** Today in the provider's time zone. */
  date: z.string(),
  meetsToday: z.boolean(),
  people: z.array(attendancePerson),
});
export type AttendanceList = z.infer<typeof attendanceList>;

/** Staff console: granting the taker role for an event, or one of its sections. */
export const takerGrantInput = z.object({
  email: z.email('Invalid email').trim().toLowerCase().max(320),
  sectionId: z.uuid('Not a section id').nullable(),
});
export type TakerGrantInput = z.infer<typeof takerGrantInput>;

export const takerRow = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  sectionId: z.string().nullable(),
  sectionTitle: z.string().nullable(),
});
export type TakerRow = z.infer<typeof takerRow>;
export const takerList = z.object({ items: z.array(takerRow) });

/** Staff console: one line per person and section of the event, with the days attended. */
export const overviewRow = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  sectionId: z.string(),
  sectionTitle: z.string(),
  daysAttended: z.array(z.string()),
  minutesAttended: z.number().int(),
});
export type OverviewRow = z.infer<typeof overviewRow>;

export const sectionHours = z.object({ sectionId: z.string(), title: z.string(), minutesPerDay: z.number().int() });
export const attendanceOverview = z.object({
  event: z.object({ id: z.string(), name: z.string() }),
  sections: z.array(sectionHours),
  rows: z.array(overviewRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AttendanceOverview = z.infer<typeof attendanceOverview>;

export const sectionHoursInput = z.object({
  minutesPerDay: z
    .number()
    .int('Enter whole minutes')
    .min(15, 'Enter from 15 minutes to 24 hours')
    .max(1440, 'Enter from 15 minutes to 24 hours'),
});

/** One CSV cell: quoted when it holds a comma, quote or line break; a leading formula character is neutralised. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
