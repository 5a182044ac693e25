import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { getAttendancesReply } from '@portal/domain/events/provider-functions.ts';
import { attendanceTakers, eventDailyAttendances } from '../../db/schema/attendance.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { productionEnvironment } from '../../test/production-environment.ts';
import { useTestApp } from '../../test/harness.ts';

const key = 'a-functions-key-for-these-tests-only';
const t = useTestApp({ FUNCTIONS_API_KEY: key });
const today = '2026-11-22';
const headers = { 'x-api-key': key, 'request-source': 'pubweb' };

let world: Awaited<ReturnType<typeof createAttendanceSection>>;
beforeAll(async () => {
  world = await createAttendanceSection(t.deps.db, [today]);
});

const get = (url: string, h: Record<string, string> = headers) => t.app.inject({ method: 'GET', url, headers: h });
const post = (body: unknown, h: Record<string, string> = headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/functions/Certificate/GenerateEventCertificates',
    headers: h,
    payload: body as object,
  });

describe('provider functions (events.md §7)', () => {
  it('refuses a missing or wrong key (401) and a missing request-source (400), writing nothing', async () => {
    const body = {
      EventID: world.event.id,
      SectionID: world.section.id,
      EventDailyAttendances: [{ UserID: world.holder.id, Attended: true }],
    };
    const url = `/api/functions/Section/GetSection?sectionId=${world.section.id}&includeEvent=true`;
    expect((await get(url, { 'request-source': 'pubweb' })).statusCode).toBe(401);
    expect((await get(url, { 'x-api-key': 'wrong', 'request-source': 'pubweb' })).statusCode).toBe(401);
    expect((await get(url, { 'x-api-key': key })).statusCode).toBe(400);
    expect((await post(body, { 'request-source': 'pubweb' })).statusCode).toBe(401);
    expect(
      await t.deps.db.select().from(eventDailyAttendances).where(eq(eventDailyAttendances.eventId, world.event.id)),
    ).toEqual([]);
  });

  it('event/GetEvent answers the event, its sections and the assigned ones', async () => {
    const response = await get(
      `/api/functions/event/GetEvent?EventID=${world.event.id}&IncludeSections=true&IncludeAssignedSections=true`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ EventID: world.event.id, Name: world.event.name, ShortName: world.event.name });
    expect(body.Sections).toHaveLength(5);
    expect(body.AssignedSections).toEqual([
      {
        SectionID: world.section.id,
        EventID: world.event.id,
        AdminTitle: world.section.title,
        Level: 'FIRST_YEAR',
        Dates: [today],
      },
    ]);
    const bare = (await get(`/api/functions/event/GetEvent?EventID=${world.event.id}`)).json();
    expect(bare.Sections).toBeUndefined();
  });

  it('Section/GetSection answers the section with its event', async () => {
    const response = await get(`/api/functions/Section/GetSection?sectionId=${world.section.id}&includeEvent=true`);
    expect(response.json()).toMatchObject({
      SectionID: world.section.id,
      AdminTitle: world.section.title,
      Event: { EventID: world.event.id },
    });
  });

  it('Section/GetAttendances?onlyToday=true lists everyone expected today; GenerateEventCertificates saves the changed rows', async () => {
    const before = (
      await get(`/api/functions/Section/GetAttendances?sectionId=${world.section.id}&onlyToday=true`)
    ).json<z.infer<typeof getAttendancesReply>>();
    expect(before.map((r) => [r.User.FullName, r.Attended, r.EventDailyAttendanceID])).toEqual([
      ['Ada Applicant', false, null],
      ['Hal Holder', false, null],
    ]);
    expect(before[0]?.Section).toEqual({
      SectionID: world.section.id,
      EventID: world.event.id,
      AdminTitle: world.section.title,
      Event: { ShortName: world.event.name },
    });

    const generated = await post({
      EventID: world.event.id,
      SectionID: world.section.id,
      EventDailyAttendances: [{ UserID: world.holder.id, Attended: true, EventDailyAttendanceID: null }],
    });
    expect(generated.statusCode).toBe(200);
    expect(generated.json()).toMatchObject({
      Updated: 1,
      Certificates: [{ UserID: world.holder.id, MinutesAttended: 360 }],
    });

    const after = (
      await get(`/api/functions/Section/GetAttendances?sectionId=${world.section.id}&onlyToday=false`)
    ).json();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ Attended: true, Date: today, User: { Email: world.holder.email } });
  });

  it('refuses an attendance id of someone else, and a section of another event', async () => {
    const [mark] = await t.deps.db
      .select()
      .from(eventDailyAttendances)
      .where(eq(eventDailyAttendances.userId, world.holder.id));
    const wrongId = await post({
      EventID: world.event.id,
      SectionID: world.section.id,
      EventDailyAttendances: [{ UserID: world.applicant.id, Attended: true, EventDailyAttendanceID: mark?.id }],
    });
    expect(wrongId.statusCode).toBe(400);
    const other = await createAttendanceSection(t.deps.db, [today]);
    const wrongEvent = await post({
      EventID: other.event.id,
      SectionID: world.section.id,
      EventDailyAttendances: [{ UserID: world.holder.id, Attended: true }],
    });
    expect(wrongEvent.statusCode).toBe(400);
    expect((await post({ EventID: 'x', SectionID: world.section.id, EventDailyAttendances: [] })).statusCode).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/functions/event/GetEvent',
        '/api/functions/Section/GetAttendances',
        '/api/functions/Section/GetSection',
        '/api/functions/Certificate/GenerateEventCertificates',
      ]),
    );
  });

  it('the taker grants stay untouched by the functions', async () => {
    expect(
      await t.deps.db.select().from(attendanceTakers).where(eq(attendanceTakers.eventId, world.event.id)),
    ).toHaveLength(1);
  });
});

describe('provider functions switch', () => {
  it('is off in production unless a key is set, and a set key must be long enough', () => {
    expect(loadConfig(productionEnvironment).functionsApiKey).toBeNull();
    expect(loadConfig({ ...productionEnvironment, FUNCTIONS_API_KEY: key }).functionsApiKey).toBe(key);
    expect(() => loadConfig({ FUNCTIONS_API_KEY: 'short' })).toThrow(/FUNCTIONS_API_KEY/);
  });

  it('registers no function route without a key', async () => {
    const app = await buildApp({ ...t.deps, config: { ...t.deps.config, functionsApiKey: null } });
    const response = await app.inject({
      method: 'GET',
      url: `/api/functions/Section/GetSection?sectionId=${world.section.id}`,
      headers,
    });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});
