import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceMessages, type TakerRow } from '@portal/domain/events/attendance.ts';
import { attendanceTakers, certificates } from '../../db/schema/attendance.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { createUser } from '../../test/factories.ts';
import { readCsv, readXlsx } from '../../test/exports.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();
const today = '2026-11-22';

let world: Awaited<ReturnType<typeof createAttendanceSection>>;
let staff: Caller;
let member: Caller;
beforeAll(async () => {
  world = await createAttendanceSection(t.deps.db, [today]);
  staff = (await signedInUser(t, 'STAFF')).caller;
  member = (await signedInUser(t)).caller;
});

const takersUrl = () => `/api/admin/events/${world.event.id}/attendance-takers`;

describe('staff console: attendance', () => {
  it('grants the taker role for the event and for a section, refusing a second identical grant', async () => {
    const person = await createUser(t.deps.db, { firstName: 'Gus', lastName: 'Granted' });
    const wholeEvent = await call(t.app, 'POST', takersUrl(), {
      caller: staff,
      body: { email: person.email.toUpperCase(), sectionId: null },
    });
    expect(wholeEvent.statusCode).toBe(201);
    const forSection = await call(t.app, 'POST', takersUrl(), {
      caller: staff,
      body: { email: person.email, sectionId: world.otherSection.id },
    });
    expect(forSection.statusCode).toBe(201);
    expect(forSection.json<{ items: TakerRow[] }>().items.map((row) => [row.name, row.sectionTitle])).toEqual([
      ['Gus Granted', null],
      ['Gus Granted', world.otherSection.title],
      ['Tess Taker', world.section.title],
    ]);
    const again = await call(t.app, 'POST', takersUrl(), {
      caller: staff,
      body: { email: person.email, sectionId: null },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(attendanceMessages.takerExists);

    // The new whole-event taker sees every section.
    const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId: person.id });
    const sections = await call(t.app, 'GET', `/api/events/${world.event.id}/attendance`, {
      caller: { cookie: `${sessionCookie}=${secret}` },
    });
    expect(sections.json().sections).toHaveLength(5);
  });

  it('refuses an unknown email, a section of another event, and a member', async () => {
    const unknown = await call(t.app, 'POST', takersUrl(), {
      caller: staff,
      body: { email: 'nobody@example.test', sectionId: null },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ email: attendanceMessages.takerUnknownUser });
    const other = await createAttendanceSection(t.deps.db, [today]);
    const foreign = await call(t.app, 'POST', takersUrl(), {
      caller: staff,
      body: { email: world.holder.email, sectionId: other.section.id },
    });
    expect(foreign.statusCode).toBe(400);
    const before = await t.deps.db.select().from(attendanceTakers).where(eq(attendanceTakers.eventId, world.event.id));
    expect(
      (await call(t.app, 'POST', takersUrl(), { caller: member, body: { email: world.holder.email, sectionId: null } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', takersUrl(), { caller: member })).statusCode).toBe(403);
    expect(await t.deps.db.select().from(attendanceTakers).where(eq(attendanceTakers.eventId, world.event.id))).toEqual(
      before,
    );
  });

  it('revokes a grant', async () => {
    const [grant] = await t.deps.db.select().from(attendanceTakers).where(eq(attendanceTakers.userId, world.taker.id));
    const response = await call(t.app, 'DELETE', `/api/admin/attendance-takers/${grant?.id}`, { caller: staff });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ items: TakerRow[] }>().items.some((row) => row.userId === world.taker.id)).toBe(false);
    expect(
      (await call(t.app, 'DELETE', `/api/admin/attendance-takers/${grant?.id}`, { caller: staff })).statusCode,
    ).toBe(404);
    await t.deps.db
      .insert(attendanceTakers)
      .values({ userId: world.taker.id, eventId: world.event.id, sectionId: world.section.id });
  });

  it('shows the overview, pages it, exports it as CSV, and recomputes certificates when a section’s hours change', async () => {
    const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, {
      userId: world.taker.id,
    });
    const saved = await call(t.app, 'PUT', `/api/events/${world.event.id}/attendance/${world.section.id}`, {
      caller: { cookie: `${sessionCookie}=${secret}` },
      body: { date: today, rows: [{ userId: world.holder.id, attended: true }] },
    });
    expect(saved.statusCode).toBe(200);

    const overview = await call(t.app, 'GET', `/api/admin/events/${world.event.id}/attendance?pageSize=2`, {
      caller: staff,
    });
    expect(overview.statusCode).toBe(200);
    const body = overview.json();
    // The applicant chose two sections, the holder one: three rows, two on the first page.
    expect(body.total).toBe(3);
    expect(body.rows).toHaveLength(2);
    const csv = await call(t.app, 'GET', `/api/admin/events/${world.event.id}/attendance.csv`, { caller: staff });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(`Hal Holder,${world.holder.email},${world.section.title},1,11/22/2026,6\r\n`);
    expect(csv.body.split('\r\n')).toHaveLength(5);
    const sheet = await call(t.app, 'GET', `/api/admin/events/${world.event.id}/attendance/export?format=xlsx`, {
      caller: staff,
    });
    const [sheetHeader, ...sheetRows] = await readXlsx(sheet.rawPayload);
    expect(sheetHeader).toEqual(['Name', 'Email', 'Section', 'Days attended', 'Dates attended', 'Hours']);
    expect(sheetRows.map((row) => row.slice(0, 3))).toEqual(
      readCsv(csv.body)
        .slice(1)
        .map((row) => row.slice(0, 3)),
    );
    expect(
      (await call(t.app, 'GET', `/api/admin/events/${world.event.id}/attendance/export?format=ods`, { caller: staff }))
        .statusCode,
    ).toBe(400);

    const hours = await call(t.app, 'PUT', `/api/admin/sections/${world.section.id}/attendance-hours`, {
      caller: staff,
      body: { minutesPerDay: 90 },
    });
    expect(hours.statusCode).toBe(200);
    const [certificate] = await t.deps.db.select().from(certificates).where(eq(certificates.userId, world.holder.id));
    expect(certificate?.minutesAttended).toBe(90);
    const bad = await call(t.app, 'PUT', `/api/admin/sections/${world.section.id}/attendance-hours`, {
      caller: staff,
      body: { minutesPerDay: 14 },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(t.app, 'GET', `/api/admin/events/${world.event.id}/attendance.csv`, { caller: member })).statusCode,
    ).toBe(403);
  });

  it('exports the event’s certificates with code, hours and days; refuses a member, a bad format and an unknown event', async () => {
    // The test above marked the holder present and set the section to 90 minutes a day: one certificate.
    const url = `/api/admin/events/${world.event.id}/certificates/export`;
    const file = await call(t.app, 'GET', `${url}?format=csv`, { caller: staff });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="certificates-.+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [certificate] = await t.deps.db.select().from(certificates).where(eq(certificates.eventId, world.event.id));
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual(['Certificate code', 'Name', 'Email', 'Event', 'Dates attended', 'Hours', 'Issued']);
    expect(rows).toEqual([
      [
        certificate?.code,
        'Hal Holder',
        world.holder.email,
        world.event.name,
        '11/22/2026',
        '1.5',
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/),
      ],
    ]);
    const sheet = await call(t.app, 'GET', `${url}?format=xlsx`, { caller: staff });
    expect((await readXlsx(sheet.rawPayload)).slice(1).map((row) => row[0])).toEqual([certificate?.code]);
    expect((await call(t.app, 'GET', `${url}?format=csv`, { caller: member })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${url}?format=pdf`, { caller: staff })).statusCode).toBe(400);
    const unknown = '/api/admin/events/00000000-0000-4000-8000-000000000000/certificates/export?format=csv';
    expect((await call(t.app, 'GET', unknown, { caller: staff })).statusCode).toBe(404);
  });
});
