import { attendanceTakers, certificates } from '../../../db/schema/attendance.ts';
import { ticketCode } from '../../../core/ticket-codes.ts';
import { createAttendanceSection } from '../../attendance-factories.ts';
import { createUser } from '../../factories.ts';
import type { World } from '../fixtures.ts';
import { anyone, memberOfA, signedIn, staffOnly, type Rows } from './rows.ts';

/**
 * Attendance and certificates: school A's member takes attendance for one section (and holds a
 * certificate); anyone else is told there is none to manage. Built once per world, on first use.
 */
const worlds = new WeakMap<World, ReturnType<typeof build>>();

async function build(w: World) {
  const db = w.t.deps.db;
  const section = await createAttendanceSection(db, ['2026-11-22']);
  await db
    .insert(attendanceTakers)
    .values({ userId: w.schoolA.member.user.id, eventId: section.event.id, sectionId: section.section.id });
  const [certificate] = await db
    .insert(certificates)
    .values({
      code: 'MATRX-00000-00001',
      userId: w.schoolA.member.user.id,
      eventId: section.event.id,
      minutesAttended: 360,
      dates: ['2026-11-22'],
    })
    .returning();
  if (!certificate) throw new Error('certificate not created');
  return { ...section, certificate };
}

function attendanceOf(w: World) {
  let built = worlds.get(w);
  if (!built) {
    built = build(w);
    worlds.set(w, built);
  }
  return built;
}

const functionsWhy =
  "server-to-server (events.md §7): no caller's session opens it, only the API key; provider-functions.test.ts proves the key's caller";
const noKey = anyone(401);

export const attendanceRows: Rows = {
  'GET /api/attendance/events': { expect: signedIn(200) },
  'GET /api/events/:eventId/attendance': {
    input: async (w) => ({ params: { eventId: (await attendanceOf(w)).event.id } }),
    expect: memberOfA(200),
  },
  'GET /api/events/:eventId/attendance/:sectionId': {
    input: async (w) => {
      const a = await attendanceOf(w);
      return { params: { eventId: a.event.id, sectionId: a.section.id } };
    },
    expect: memberOfA(200),
  },
  'PUT /api/events/:eventId/attendance/:sectionId': {
    input: async (w) => {
      const a = await attendanceOf(w);
      return {
        params: { eventId: a.event.id, sectionId: a.section.id },
        body: { date: '2026-11-22', rows: [{ userId: a.holder.id, attended: true }] },
      };
    },
    expect: memberOfA(200),
  },
  'POST /api/events/:eventId/attendance/:sectionId/scan': {
    input: async (w) => {
      const a = await attendanceOf(w);
      return {
        params: { eventId: a.event.id, sectionId: a.section.id },
        body: { code: ticketCode(w.t.deps.config.encryptionKey, a.holder.id, a.event.id), date: '2026-11-22' },
      };
    },
    expect: memberOfA(200),
  },

  'GET /api/certificates': { expect: signedIn(200) },
  'GET /api/certificates/:certificateId/pdf': {
    input: async (w) => ({ params: { certificateId: (await attendanceOf(w)).certificate.id } }),
    expect: memberOfA(200),
  },
  'GET /api/certificates/transcript.pdf': { expect: signedIn(200) },
  'GET /api/certificates/transcript.csv': { expect: signedIn(200) },
  'GET /api/verify/:code': {
    why: 'the public check of a printed certificate: it shows the name, event, hours and days, never an email or an id',
    input: async (w) => ({ params: { code: (await attendanceOf(w)).certificate.code } }),
    expect: anyone(200),
  },

  'GET /api/functions/event/GetEvent': {
    why: functionsWhy,
    input: async (w) => ({
      query: { EventID: (await attendanceOf(w)).event.id, IncludeSections: 'true', IncludeAssignedSections: 'true' },
    }),
    expect: noKey,
  },
  'GET /api/functions/Section/GetAttendances': {
    why: functionsWhy,
    input: async (w) => ({ query: { sectionId: (await attendanceOf(w)).section.id, onlyToday: 'true' } }),
    expect: noKey,
  },
  'GET /api/functions/Section/GetSection': {
    why: functionsWhy,
    input: async (w) => ({ query: { sectionId: (await attendanceOf(w)).section.id, includeEvent: 'true' } }),
    expect: noKey,
  },
  'POST /api/functions/Certificate/GenerateEventCertificates': {
    why: functionsWhy,
    input: async (w) => {
      const a = await attendanceOf(w);
      return {
        body: {
          EventID: a.event.id,
          SectionID: a.section.id,
          EventDailyAttendances: [{ UserID: a.holder.id, Attended: true }],
        },
      };
    },
    expect: noKey,
  },

  'GET /api/admin/events/:eventId/attendance-takers': {
    input: async (w) => ({ params: { eventId: (await attendanceOf(w)).event.id } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/events/:eventId/attendance-takers': {
    // A fresh person each time: a grant to one of the callers would open the takers' rows to them.
    input: async (w) => ({
      params: { eventId: (await attendanceOf(w)).event.id },
      body: { email: (await createUser(w.t.deps.db)).email, sectionId: null },
    }),
    expect: staffOnly(201),
  },
  'DELETE /api/admin/attendance-takers/:id': {
    input: async (w) => {
      const a = await attendanceOf(w);
      const person = await createUser(w.t.deps.db);
      const [grant] = await w.t.deps.db
        .insert(attendanceTakers)
        .values({ userId: person.id, eventId: a.event.id, sectionId: a.otherSection.id })
        .returning();
      return { params: { id: grant?.id ?? '' } };
    },
    expect: staffOnly(200),
  },
  'GET /api/admin/events/:eventId/attendance': {
    input: async (w) => ({ params: { eventId: (await attendanceOf(w)).event.id } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/events/:eventId/attendance.csv': {
    input: async (w) => ({ params: { eventId: (await attendanceOf(w)).event.id } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/events/:eventId/attendance/export': {
    input: async (w) => ({ params: { eventId: (await attendanceOf(w)).event.id }, query: { format: 'xlsx' } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/sections/:sectionId/attendance-hours': {
    input: async (w) => ({ params: { sectionId: (await attendanceOf(w)).section.id }, body: { minutesPerDay: 300 } }),
    expect: staffOnly(200),
  },
};
