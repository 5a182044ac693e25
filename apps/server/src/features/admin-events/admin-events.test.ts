import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffEventMessages, type StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { gradeBandMessages } from '@portal/domain/events/grade-bands.ts';
import { eventSections, events } from '../../db/schema/commerce.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { createConferenceDay, createEvent, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { staffEventForm, staffPathForm, staffSectionForm } from '../../test/valid-inputs.ts';

const t = useTestApp();

const staff = async () => (await signedInUser(t, 'STAFF')).caller;
const member = async () => signedInUser(t);

const eventForm = staffEventForm;

const sectionForm = staffSectionForm;

const pathForm = staffPathForm;

type ConferenceDay = Awaited<ReturnType<typeof createConferenceDay>>;

async function ticketsSold(day: ConferenceDay, userId: string, numberOfTickets: number) {
  return createPayment(t.deps.db, {
    userId,
    status: 'PAID',
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets }],
  });
}

describe('GET /api/admin/events', () => {
  it('lists every event, published or not, latest first, searched by name', async () => {
    const caller = await staff();
    await createEvent(t.deps.db, {
      name: 'Listing Alpha Series',
      startDate: '2027-01-05',
      endDate: '2027-01-05',
      maxTickets: 60,
    });
    await createEvent(t.deps.db, {
      name: 'Listing Beta Series',
      startDate: '2027-02-05',
      endDate: '2027-02-06',
      published: false,
    });
    const response = await call(t.app, 'GET', '/api/admin/events?search=listing&pageSize=1', { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(response.json().items).toEqual([
      expect.objectContaining({
        name: 'Listing Beta Series',
        kind: 'SERIES',
        startDate: '2027-02-05',
        endDate: '2027-02-06',
        published: false,
      }),
    ]);
    const second = await call(t.app, 'GET', '/api/admin/events?search=LISTING&pageSize=1&page=2', { caller });
    expect(second.json().items).toEqual([
      expect.objectContaining({ name: 'Listing Alpha Series', maxTickets: 60, ticketsTaken: 0 }),
    ]);
  });

  it('refuses members (403) and signed-out callers (401); refuses a page size over 100', async () => {
    expect((await call(t.app, 'GET', '/api/admin/events', { caller: (await member()).caller })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/events')).statusCode).toBe(401);
    const bad = await call(t.app, 'GET', '/api/admin/events?pageSize=101', { caller: await staff() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('pageSize');
  });
});

describe('building a conference day', () => {
  it('creates an event, its ticket type, a path, a grouping and sections, answering the whole event each time', async () => {
    const caller = await staff();
    const created = await call(t.app, 'POST', '/api/admin/events', { caller, body: eventForm() });
    expect(created.statusCode).toBe(201);
    const event = created.json<StaffEventDetail>();
    expect(event).toMatchObject({
      name: 'Spring Conference Day',
      kind: 'CONFERENCE_DAY',
      ticketsTaken: 0,
      ticketTypes: [],
      paths: [],
    });

    const priced = await call(t.app, 'POST', `/api/admin/events/${event.id}/ticket-types`, {
      caller,
      body: { name: 'Conference day', priceCents: 14_900 },
    });
    expect(priced.statusCode).toBe(201);
    expect(priced.json().ticketTypes).toEqual([{ id: expect.any(String), name: 'Conference day', priceCents: 14_900 }]);

    const withPath = await call(t.app, 'POST', `/api/admin/events/${event.id}/paths`, { caller, body: pathForm });
    expect(withPath.statusCode).toBe(201);
    const pathId = withPath.json<StaffEventDetail>().paths[0]?.id;
    expect(withPath.json<StaffEventDetail>().paths[0]?.level).toBe('FIRST_YEAR');
    const withGroupings = await call(t.app, 'POST', `/api/admin/paths/${pathId}/groupings`, {
      caller,
      body: { name: 'Afternoon', maxTickets: null, position: 1 },
    });
    await call(t.app, 'POST', `/api/admin/paths/${pathId}/groupings`, {
      caller,
      body: { name: 'Morning', maxTickets: 80, position: 0 },
    });
    expect(withGroupings.statusCode).toBe(201);
    const detail = await call(t.app, 'GET', `/api/admin/events/${event.id}`, { caller });
    const [morning, afternoon] = detail.json<StaffEventDetail>().paths[0]?.groupings ?? [];
    expect([morning?.name, afternoon?.name]).toEqual(['Morning', 'Afternoon']);

    await call(t.app, 'POST', `/api/admin/groupings/${morning?.id}/sections`, {
      caller,
      body: sectionForm({ title: 'Coaching Reading', position: 1 }),
    });
    const withSection = await call(t.app, 'POST', `/api/admin/groupings/${morning?.id}/sections`, {
      caller,
      body: sectionForm(),
    });
    expect(withSection.statusCode).toBe(201);
    const sections = withSection.json<StaffEventDetail>().paths[0]?.groupings[0]?.sections;
    expect(sections).toEqual([
      {
        id: expect.any(String),
        title: 'Coaching Writing',
        dates: ['2027-03-10'],
        locationName: 'Room 101',
        audienceType: ['Teachers'],
        description: '',
        isFree: false,
        maxTickets: 40,
        position: 0,
        ticketsTaken: 0,
      },
      expect.objectContaining({ title: 'Coaching Reading', position: 1 }),
    ]);
    const [section] = await t.deps.db
      .select()
      .from(eventSections)
      .where(eq(eventSections.id, sections?.[0]?.id ?? ''));
    expect(section?.eventId).toBe(event.id);

    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'event.section.create'));
    expect(audits.map((a) => a.subjectId)).toContain(sections?.[0]?.id);
  });

  it('refuses an end date before the start date, a negative price and a capacity of 0, field by field', async () => {
    const caller = await staff();
    const dates = await call(t.app, 'POST', '/api/admin/events', {
      caller,
      body: eventForm({ startDate: '2027-03-10', endDate: '2027-03-09' }),
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().errors).toEqual({ endDate: staffEventMessages.endBeforeStart });
    const capacity = await call(t.app, 'POST', '/api/admin/events', { caller, body: eventForm({ maxTickets: 0 }) });
    expect(capacity.json().errors).toEqual({ maxTickets: staffEventMessages.capacityInvalid });
    const { event } = await createEvent(t.deps.db);
    const price = await call(t.app, 'POST', `/api/admin/events/${event.id}/ticket-types`, {
      caller,
      body: { name: 'Free', priceCents: -1 },
    });
    expect(price.statusCode).toBe(400);
    expect(price.json().errors).toEqual({ priceCents: staffEventMessages.priceInvalid });
  });

  it('saves the grade bands staff pick, each once and youngest first; refuses an unknown band and a member', async () => {
    const caller = await staff();
    const created = await call(t.app, 'POST', '/api/admin/events', {
      caller,
      body: eventForm({ gradeBands: ['9-12', 'PK-2'] }),
    });
    expect(created.statusCode).toBe(201);
    const event = created.json<StaffEventDetail>();
    expect(event.gradeBands).toEqual(['PK-2', '9-12']);

    const edited = await call(t.app, 'PUT', `/api/admin/events/${event.id}`, {
      caller,
      body: eventForm({ gradeBands: ['LEADERS', '6-8'] }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<StaffEventDetail>().gradeBands).toEqual(['6-8', 'LEADERS']);
    const shown = await call(t.app, 'GET', `/api/admin/events/${event.id}`, { caller });
    expect(shown.json<StaffEventDetail>().gradeBands).toEqual(['6-8', 'LEADERS']);
    const cleared = await call(t.app, 'PUT', `/api/admin/events/${event.id}`, { caller, body: eventForm() });
    expect(cleared.json<StaffEventDetail>().gradeBands).toEqual([]);

    const unknown = await call(t.app, 'PUT', `/api/admin/events/${event.id}`, {
      caller,
      body: { ...eventForm(), gradeBands: ['6-8', 'Grade 7'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'gradeBands.1': gradeBandMessages.unknown });
    const notAList = await call(t.app, 'POST', '/api/admin/events', {
      caller,
      body: { ...eventForm(), gradeBands: '6-8' },
    });
    expect(notAList.statusCode).toBe(400);

    const { caller: memberCaller } = await member();
    const refused = await call(t.app, 'PUT', `/api/admin/events/${event.id}`, {
      caller: memberCaller,
      body: eventForm({ gradeBands: ['PK-2'] }),
    });
    expect(refused.statusCode).toBe(403);
    const [stored] = await t.deps.db
      .select({ gradeBands: events.gradeBands })
      .from(events)
      .where(eq(events.id, event.id));
    expect(stored?.gradeBands).toEqual([]);
  });

  it('refuses members and signed-out callers on every change', async () => {
    const { caller } = await member();
    const { event, section, ticketType } = await createConferenceDay(t.deps.db);
    expect((await call(t.app, 'POST', '/api/admin/events', { caller, body: eventForm() })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/events/${event.id}`, { caller })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'PUT', `/api/admin/sections/${section.id}`, { caller, body: sectionForm() })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/admin/ticket-types/${ticketType.id}`, { caller })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/admin/sections/${section.id}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/admin/events/${event.id}`)).statusCode).toBe(401);
  });

  it('answers 404 for unknown events, paths, groupings, sections and ticket types', async () => {
    const caller = await staff();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, 'GET', `/api/admin/events/${unknown}`, { caller })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `/api/admin/events/${unknown}`, { caller, body: eventForm() })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, 'POST', `/api/admin/events/${unknown}/paths`, { caller, body: pathForm })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/api/admin/paths/${unknown}/groupings`, {
          caller,
          body: { name: 'X', maxTickets: null, position: 0 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/admin/groupings/${unknown}/sections`, { caller, body: sectionForm() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'PUT', `/api/admin/sections/${unknown}`, { caller, body: sectionForm() })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/admin/groupings/${unknown}`, { caller })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/admin/ticket-types/${unknown}`, { caller })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/events/not-a-uuid', { caller })).statusCode).toBe(400);
  });
});

describe('editing what was sold', () => {
  it('refuses an event capacity below the tickets taken, and accepts one equal to it', async () => {
    const caller = await staff();
    const buyer = await member();
    const { event, ticketType } = await createEvent(t.deps.db, { maxTickets: 10 });
    await createPayment(t.deps.db, {
      userId: buyer.user.id,
      status: 'PAID',
      lines: [{ eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 6 }],
    });
    const form = eventForm({ name: event.name, kind: 'SERIES', maxTickets: 5 });
    const refused = await call(t.app, 'PUT', `/api/admin/events/${event.id}`, { caller, body: form });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: staffEventMessages.capacityBelowSold(6),
      errors: { maxTickets: staffEventMessages.capacityBelowSold(6) },
    });
    const [unchanged] = await t.deps.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged).toMatchObject({ maxTickets: 10, name: event.name });

    const saved = await call(t.app, 'PUT', `/api/admin/events/${event.id}`, {
      caller,
      body: { ...form, maxTickets: 6, name: 'Renamed Series' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Renamed Series', maxTickets: 6, ticketsTaken: 6 });
    const unlimited = await call(t.app, 'PUT', `/api/admin/events/${event.id}`, {
      caller,
      body: { ...form, maxTickets: null },
    });
    expect(unlimited.json()).toMatchObject({ maxTickets: null });
  });

  it('refuses a section or grouping capacity below what its sections sold', async () => {
    const caller = await staff();
    const buyer = await member();
    const day = await createConferenceDay(t.deps.db, 40);
    const { section, grouping } = day;
    await ticketsSold(day, buyer.user.id, 7);

    const refused = await call(t.app, 'PUT', `/api/admin/sections/${section.id}`, {
      caller,
      body: sectionForm({ maxTickets: 6 }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(staffEventMessages.capacityBelowSold(7));
    const saved = await call(t.app, 'PUT', `/api/admin/sections/${section.id}`, {
      caller,
      body: sectionForm({ maxTickets: 7, title: 'Coaching Writing II' }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().paths[0].groupings[0].sections[0]).toMatchObject({
      title: 'Coaching Writing II',
      maxTickets: 7,
      ticketsTaken: 7,
    });

    const grouping409 = await call(t.app, 'PUT', `/api/admin/groupings/${grouping.id}`, {
      caller,
      body: { name: 'Morning', maxTickets: 6, position: 0 },
    });
    expect(grouping409.statusCode).toBe(409);
    expect(grouping409.json().errors).toEqual({ maxTickets: staffEventMessages.capacityBelowSold(7) });
    const grouping200 = await call(t.app, 'PUT', `/api/admin/groupings/${grouping.id}`, {
      caller,
      body: { name: 'AM', maxTickets: 7, position: 0 },
    });
    expect(grouping200.json().paths[0].groupings[0]).toMatchObject({ name: 'AM', maxTickets: 7 });
  });

  it('refuses deleting a section, its grouping or its path once tickets were sold, and deletes unused ones', async () => {
    const caller = await staff();
    const buyer = await member();
    const day = await createConferenceDay(t.deps.db, 40);
    const { event, section, grouping, path } = day;
    const [spare] = await t.deps.db
      .insert(eventSections)
      .values({ eventId: event.id, groupingId: grouping.id, title: 'Spare' })
      .returning();
    await ticketsSold(day, buyer.user.id, 2);

    for (const url of [
      `/api/admin/sections/${section.id}`,
      `/api/admin/groupings/${grouping.id}`,
      `/api/admin/paths/${path.id}`,
    ]) {
      const refused = await call(t.app, 'DELETE', url, { caller });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(staffEventMessages.inUse);
    }
    const deleted = await call(t.app, 'DELETE', `/api/admin/sections/${spare?.id}`, { caller });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<StaffEventDetail>().paths[0]?.groupings[0]?.sections.map((s) => s.title)).toEqual([
      'Coaching Writing',
    ]);
    expect(
      await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'event.section.delete'), eq(auditLog.subjectId, spare?.id ?? ''))),
    ).toHaveLength(1);
  });

  it('refuses deleting a section whose payment released its seats (an item still names it)', async () => {
    const caller = await staff();
    const buyer = await member();
    const day = await createConferenceDay(t.deps.db, 40);
    await ticketsSold(day, buyer.user.id, 2);
    await t.deps.db.update(eventSections).set({ ticketsTaken: 0 }).where(eq(eventSections.id, day.section.id));
    expect((await call(t.app, 'DELETE', `/api/admin/sections/${day.section.id}`, { caller })).statusCode).toBe(409);
  });

  it('deletes an unused path with its groupings and sections', async () => {
    const caller = await staff();
    const { event, path } = await createConferenceDay(t.deps.db, 40);
    const response = await call(t.app, 'DELETE', `/api/admin/paths/${path.id}`, { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toEqual([]);
    expect(await t.deps.db.select().from(eventSections).where(eq(eventSections.eventId, event.id))).toEqual([]);
  });

  it('refuses deleting a ticket type a payment used; edits its price; deletes an unused one', async () => {
    const caller = await staff();
    const buyer = await member();
    const { event, ticketType } = await createEvent(t.deps.db, { maxTickets: 10 });
    await createPayment(t.deps.db, {
      userId: buyer.user.id,
      status: 'PAID',
      lines: [{ eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 }],
    });
    const refused = await call(t.app, 'DELETE', `/api/admin/ticket-types/${ticketType.id}`, { caller });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(staffEventMessages.inUse);

    const repriced = await call(t.app, 'PUT', `/api/admin/ticket-types/${ticketType.id}`, {
      caller,
      body: { name: 'Standard', priceCents: 8_900 },
    });
    expect(repriced.json().ticketTypes).toEqual([{ id: ticketType.id, name: 'Standard', priceCents: 8_900 }]);

    const added = await call(t.app, 'POST', `/api/admin/events/${event.id}/ticket-types`, {
      caller,
      body: { name: 'Early bird', priceCents: 0 },
    });
    const early = added.json<StaffEventDetail>().ticketTypes.find((type) => type.name === 'Early bird');
    const deleted = await call(t.app, 'DELETE', `/api/admin/ticket-types/${early?.id}`, { caller });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<StaffEventDetail>().ticketTypes.map((type) => type.name)).toEqual(['Standard']);
  });

  it('edits a path, its level included', async () => {
    const caller = await staff();
    const { path } = await createConferenceDay(t.deps.db, 40);
    const response = await call(t.app, 'PUT', `/api/admin/paths/${path.id}`, {
      caller,
      body: {
        ...pathForm,
        name: 'advanced',
        level: 'ADVANCED',
        applicationSelectionLevel: 'GROUPINGS',
        requireRankedSelection: true,
        rankedSelectionAmount: 3,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths[0]).toMatchObject({
      name: 'advanced',
      level: 'ADVANCED',
      applicationSelectionLevel: 'GROUPINGS',
      requireRankedSelection: true,
      rankedSelectionAmount: 3,
    });
    const bad = await call(t.app, 'PUT', `/api/admin/paths/${path.id}`, {
      caller,
      body: { ...pathForm, rankedSelectionAmount: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const badLevel = await call(t.app, 'PUT', `/api/admin/paths/${path.id}`, {
      caller,
      body: { ...pathForm, level: 'EXPERT' },
    });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().errors).toHaveProperty('level');
  });
});
