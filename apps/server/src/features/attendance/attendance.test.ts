import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceMessages, type AttendanceList } from '@portal/domain/events/attendance.ts';
import { certificates, eventDailyAttendances } from '../../db/schema/attendance.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

// The test clock starts at 2026-11-22T15:00Z: the 22nd in New York, the provider's zone.
const t = useTestApp();
const today = '2026-11-22';

async function sessionFor(userId: string): Promise<Caller> {
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId });
  return { cookie: `${sessionCookie}=${secret}` };
}

let world: Awaited<ReturnType<typeof createAttendanceSection>>;
let taker: Caller;
let stranger: Caller;
const rollUrl = () => `/api/events/${world.event.id}/attendance/${world.section.id}`;

beforeAll(async () => {
  world = await createAttendanceSection(t.deps.db, ['2026-11-21', today, '2026-11-23']);
  taker = await sessionFor(world.taker.id);
  stranger = (await signedInUser(t)).caller;
});

describe('attendance takers', () => {
  it('lists the events and only the granted sections, with their level', async () => {
    const events = await call(t.app, 'GET', '/api/attendance/events', { caller: taker });
    expect(events.json<{ items: { id: string }[] }>().items.map((e) => e.id)).toEqual([world.event.id]);
    const sections = await call(t.app, 'GET', `/api/events/${world.event.id}/attendance`, { caller: taker });
    expect(sections.statusCode).toBe(200);
    expect(sections.json().sections).toEqual([
      { id: world.section.id, title: world.section.title, level: 'FIRST_YEAR', dates: world.section.dates },
    ]);
  });

  it("reads today's list: the paid ticket holder and the accepted applicant, unmarked", async () => {
    const response = await call(t.app, 'GET', rollUrl(), { caller: taker });
    expect(response.statusCode).toBe(200);
    const body = response.json<AttendanceList>();
    expect(body.date).toBe(today);
    expect(body.meetsToday).toBe(true);
    expect(body.people.map((p) => [p.lastName, p.attended])).toEqual([
      ['Applicant', false],
      ['Holder', false],
    ]);
  });

  it('refuses a non-taker, and a taker of another section, reading or writing (nothing written)', async () => {
    const body = { date: today, rows: [{ userId: world.holder.id, attended: true }] };
    for (const url of [`/api/events/${world.event.id}/attendance`, rollUrl()]) {
      const response = await call(t.app, 'GET', url, { caller: stranger });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(attendanceMessages.noAttendance);
    }
    expect((await call(t.app, 'PUT', rollUrl(), { caller: stranger, body })).statusCode).toBe(404);
    const otherSection = `/api/events/${world.event.id}/attendance/${world.otherSection.id}`;
    expect((await call(t.app, 'GET', otherSection, { caller: taker })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', otherSection, { caller: taker, body })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', rollUrl(), { body })).statusCode).toBe(401);
    expect(
      await t.deps.db.select().from(eventDailyAttendances).where(eq(eventDailyAttendances.eventId, world.event.id)),
    ).toEqual([]);
  });

  it('refuses bad input with a clear 400: no rows, a duplicate, a day to come, a day the section does not meet, a stranger', async () => {
    const cases: [unknown, string][] = [
      [{ date: today, rows: [] }, 'Please correct the highlighted fields.'],
      [
        {
          date: today,
          rows: [
            { userId: world.holder.id, attended: true },
            { userId: world.holder.id, attended: false },
          ],
        },
        'Please correct the highlighted fields.',
      ],
      [{ date: '2026-11-23', rows: [{ userId: world.holder.id, attended: true }] }, attendanceMessages.futureDay],
      [{ date: '2026-11-20', rows: [{ userId: world.holder.id, attended: true }] }, attendanceMessages.notSectionDay],
      [{ date: today, rows: [{ userId: world.buyer.id, attended: true }] }, attendanceMessages.notExpected],
    ];
    for (const [body, detail] of cases) {
      const response = await call(t.app, 'PUT', rollUrl(), { caller: taker, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    expect(
      await t.deps.db.select().from(eventDailyAttendances).where(eq(eventDailyAttendances.eventId, world.event.id)),
    ).toEqual([]);
  });

  it('saves changed rows, issues certificates, and a replay changes nothing', async () => {
    const body = {
      date: today,
      rows: [
        { userId: world.holder.id, attended: true },
        { userId: world.applicant.id, attended: true },
      ],
    };
    const saved = await call(t.app, 'PUT', rollUrl(), { caller: taker, body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ updated: 2, message: 'Attendance updated' });
    const replay = await call(t.app, 'PUT', rollUrl(), { caller: taker, body });
    expect(replay.statusCode).toBe(200);
    expect(
      await t.deps.db.select().from(eventDailyAttendances).where(eq(eventDailyAttendances.eventId, world.event.id)),
    ).toHaveLength(2);

    const issued = await t.deps.db.select().from(certificates).where(eq(certificates.eventId, world.event.id));
    expect(issued.map((c) => [c.minutesAttended, c.dates])).toEqual([
      [360, [today]],
      [360, [today]],
    ]);
    const list = await call(t.app, 'GET', rollUrl(), { caller: taker });
    expect(list.json<AttendanceList>().people.every((p) => p.attended)).toBe(true);
  });

  it('takes a save made offline yesterday, and withdraws a certificate whose last day is unmarked', async () => {
    const late = await call(t.app, 'PUT', rollUrl(), {
      caller: taker,
      body: { date: '2026-11-21', rows: [{ userId: world.holder.id, attended: true }] },
    });
    expect(late.statusCode).toBe(200);
    const [holderCertificate] = await t.deps.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.eventId, world.event.id), eq(certificates.userId, world.holder.id)));
    expect(holderCertificate?.minutesAttended).toBe(720);
    expect(holderCertificate?.dates).toEqual(['2026-11-21', today]);

    await call(t.app, 'PUT', rollUrl(), {
      caller: taker,
      body: { date: today, rows: [{ userId: world.applicant.id, attended: false }] },
    });
    const left = await t.deps.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.eventId, world.event.id), eq(certificates.userId, world.applicant.id)));
    expect(left).toEqual([]);
  });

  it('keeps every mark when two takers save the same person at once', async () => {
    const second = await sessionFor(world.taker.id);
    const [a, b] = await Promise.all([
      call(t.app, 'PUT', rollUrl(), {
        caller: taker,
        body: { date: '2026-11-21', rows: [{ userId: world.applicant.id, attended: true }] },
      }),
      call(t.app, 'PUT', rollUrl(), {
        caller: second,
        body: { date: today, rows: [{ userId: world.applicant.id, attended: true }] },
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [certificate] = await t.deps.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.eventId, world.event.id), eq(certificates.userId, world.applicant.id)));
    expect(certificate?.minutesAttended).toBe(720);
  });
});
