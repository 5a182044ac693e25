import { z } from 'zod';
import { pathLevels } from '../applications/rules.ts';

/**
 * The REST functions the provider's other systems call (events.md §7), with the spec's names and
 * PascalCase fields: an API key and `request-source: pubweb` stand in for a session.
 */
export const functionsPrefix = '/api/functions';

const flag = z
  .enum(['true', 'false'], 'Send true or false')
  .default('false')
  .transform((value) => value === 'true');

export const getEventQuery = z.object({
  EventID: z.uuid('Not an event id'),
  IncludeSections: flag,
  IncludeAssignedSections: flag,
});
export const getAttendancesQuery = z.object({ sectionId: z.uuid('Not a section id'), onlyToday: flag });
export const getSectionQuery = z.object({ sectionId: z.uuid('Not a section id'), includeEvent: flag });

const functionEvent = z.object({
  EventID: z.string(),
  Name: z.string(),
  ShortName: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
});

export const functionSection = z.object({
  SectionID: z.string(),
  EventID: z.string(),
  AdminTitle: z.string(),
  Level: z.enum(pathLevels),
  Dates: z.array(z.string()),
});

export const getEventReply = functionEvent.extend({
  Sections: z.array(functionSection).optional(),
  /** Sections an attendance taker is assigned to (directly, or through the whole event). */
  AssignedSections: z.array(functionSection).optional(),
});

export const getSectionReply = functionSection.extend({ Event: functionEvent.optional() });

/** events.md §3 'Attendance record'; the id is null for a person not marked yet that day. */
export const attendanceRecord = z.object({
  EventDailyAttendanceID: z.string().nullable(),
  Attended: z.boolean(),
  Date: z.string(),
  User: z.object({ UserID: z.string(), FirstName: z.string(), FullName: z.string(), Email: z.string() }),
  Section: z.object({
    SectionID: z.string(),
    EventID: z.string(),
    AdminTitle: z.string(),
    Event: z.object({ ShortName: z.string() }),
  }),
});
export const getAttendancesReply = z.array(attendanceRecord);

export const generateCertificatesInput = z.object({
  EventID: z.uuid('Not an event id'),
  SectionID: z.uuid('Not a section id'),
  /** The day the marks are for; today in the provider's time zone when left out. */
  Date: z.iso.date('Enter a date as YYYY-MM-DD').optional(),
  EventDailyAttendances: z
    .array(
      z.object({
        EventDailyAttendanceID: z.uuid().nullable().optional(),
        UserID: z.uuid('Not a user id'),
        Attended: z.boolean(),
      }),
    )
    .min(1, 'Send at least one changed attendance')
    .max(1000)
    .refine(
      (rows) => new Set(rows.map((row) => row.UserID)).size === rows.length,
      'A person is listed twice in one call.',
    ),
});

export const generateCertificatesReply = z.object({
  Updated: z.number().int(),
  Certificates: z.array(z.object({ UserID: z.string(), Code: z.string(), MinutesAttended: z.number().int() })),
});
