import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogueFilterMessages } from '@portal/domain/events/catalogue.ts';
import { gradeBandMessages, gradeBands, matchesGradeBand, type GradeBand } from '@portal/domain/events/grade-bands.ts';
import { events, eventSections } from '../../db/schema/commerce.ts';
import { createConferenceDay, createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

describe('GET /api/catalogue/events', () => {
  it('lists published events that have not ended, soonest first, with price and seats left', async () => {
    const { caller } = await signedInUser(t);
    const tag = crypto.randomUUID().slice(0, 6);
    const later = await createEvent(t.deps.db, {
      name: `Later ${tag}`,
      startDate: '2027-02-01',
      endDate: '2027-02-01',
      maxTickets: 60,
      ticketsTaken: 10,
    });
    const sooner = await createConferenceDay(t.deps.db, 3);
    await t.deps.db
      .update(events)
      .set({ name: `Sooner ${tag}` })
      .where(eq(events.id, sooner.event.id));
    await createEvent(t.deps.db, { name: `Past ${tag}`, startDate: '2026-10-01', endDate: '2026-10-02' });
    await createEvent(t.deps.db, { name: `Hidden ${tag}`, published: false });

    const response = await call(t.app, 'GET', `/api/catalogue/events?search=${tag}`, { caller });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(page.items).toEqual([
      expect.objectContaining({ id: sooner.event.id, kind: 'CONFERENCE_DAY', priceFromCents: 14_900, remaining: 3 }),
      expect.objectContaining({ id: later.event.id, kind: 'SERIES', remaining: 50, startDate: '2027-02-01' }),
    ]);
  });

  it('caps the seats left of sections that add up past the integer range instead of failing the list', async () => {
    const { caller } = await signedInUser(t);
    const tag = crypto.randomUUID().slice(0, 6);
    const day = await createConferenceDay(t.deps.db, 2_000_000_000);
    await t.deps.db
      .update(events)
      .set({ name: `Huge ${tag}` })
      .where(eq(events.id, day.event.id));
    await t.deps.db.insert(eventSections).values({
      eventId: day.event.id,
      groupingId: day.grouping.id,
      title: 'Coaching Reading',
      maxTickets: 2_000_000_000,
      dates: ['2026-12-10'],
    });

    const response = await call(t.app, 'GET', `/api/catalogue/events?search=${tag}`, { caller });

    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([expect.objectContaining({ id: day.event.id, remaining: 2_147_483_647 })]);
  });

  it('searches names with % and _ taken literally, a page at a time', async () => {
    const { caller } = await signedInUser(t);
    const tag = crypto.randomUUID().slice(0, 6);
    const first = await createEvent(t.deps.db, {
      name: `${tag} 100% Literacy`,
      startDate: '2027-03-01',
      endDate: '2027-03-01',
    });
    const second = await createEvent(t.deps.db, {
      name: `${tag} 100% Literacy Two`,
      startDate: '2027-03-02',
      endDate: '2027-03-02',
    });
    await createEvent(t.deps.db, { name: `${tag} 1000 Literacy`, startDate: '2027-03-03', endDate: '2027-03-03' });
    const search = async (query: string) =>
      (await call(t.app, 'GET', `/api/catalogue/events?${query}`, { caller })).json<{
        items: { id: string }[];
        total: number;
      }>();
    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

    expect(ids(await search(`search=${encodeURIComponent(`${tag} 100%`)}`))).toEqual([first.event.id, second.event.id]);
    const secondPage = await search(`search=${encodeURIComponent(`${tag} 100%`)}&page=2&pageSize=1`);
    expect(secondPage).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(ids(secondPage)).toEqual([second.event.id]);
    expect((await search(`search=${encodeURIComponent(`${tag}_100`)}`)).total).toBe(0);
  });

  it('pages, refuses a signed-out caller and a bad page size', async () => {
    const { caller } = await signedInUser(t);
    const response = await call(t.app, 'GET', '/api/catalogue/events?page=2&pageSize=1', { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ page: 2, pageSize: 1 });
    expect(response.json().items.length).toBeLessThanOrEqual(1);
    expect((await call(t.app, 'GET', '/api/catalogue/events')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/catalogue/events?pageSize=101', { caller })).statusCode).toBe(400);
  });
});

describe('GET /api/catalogue/events filters', () => {
  // Today is 2026-11-22. Every event carries the tag in its description, so `search=tag` keeps each
  // case to these four events; the institute's name alone carries nameTag.
  const tag = crypto.randomUUID().slice(0, 8);
  const nameTag = crypto.randomUUID().slice(0, 8);
  // Made once, by the first test that needs them (the app starts before the tests, after collection).
  const seed = async () => {
    const { caller } = await signedInUser(t);
    const make = (fields: Parameters<typeof createEvent>[1]) =>
      createEvent(t.deps.db, fields).then(({ event }) => event.id);
    return {
      caller,
      series: await make({
        name: 'Reading Workshop Series',
        kind: 'SERIES',
        startDate: '2027-01-10',
        endDate: '2027-02-20',
        gradeBands: ['PK-2', '3-5'],
        locationName: 'Online',
        description: `${tag} Six weekly sessions.`,
      }),
      day: await make({
        name: 'Leadership Conference Day',
        kind: 'CONFERENCE_DAY',
        startDate: '2027-01-15',
        endDate: '2027-01-15',
        gradeBands: ['LEADERS'],
        locationName: 'Riverside Convention Center',
        description: `${tag} Workshops for leaders.`,
      }),
      applications: await make({
        name: `Writing Institute ${nameTag}`,
        kind: 'INSTITUTE',
        acceptsApplications: true,
        startDate: '2027-03-01',
        endDate: '2027-03-05',
        gradeBands: ['6-8', '3-5'],
        locationName: 'Teachers College, New York',
        description: `${tag} Five days of writing.`,
      }),
      institute: await make({
        name: 'Math Institute',
        kind: 'INSTITUTE',
        startDate: '2027-06-01',
        endDate: '2027-06-03',
        gradeBands: [],
        locationName: null,
        description: `${tag} Number sense.`,
      }),
    };
  };
  let seeded: ReturnType<typeof seed> | undefined;
  const fixtures = () => (seeded ??= seed());
  type Name = Exclude<keyof Awaited<ReturnType<typeof seed>>, 'caller'>;

  it.each<[string, Record<string, string>, Name[]]>([
    ['the search alone (over descriptions)', {}, ['series', 'day', 'applications', 'institute']],
    ['from: events still running on or after it', { from: '2027-02-01' }, ['series', 'applications', 'institute']],
    ['to: events starting on or before it', { to: '2027-01-12' }, ['series']],
    [
      'a range: events with a day inside it',
      { from: '2027-01-15', to: '2027-03-01' },
      ['series', 'day', 'applications'],
    ],
    ['a one-day range', { from: '2027-03-05', to: '2027-03-05' }, ['applications']],
    ['kind institute, taking applications or not', { kind: 'INSTITUTE' }, ['applications', 'institute']],
    ['kind applications', { kind: 'APPLICATIONS' }, ['applications']],
    ['kind series', { kind: 'SERIES' }, ['series']],
    ['kind conference day', { kind: 'CONFERENCE_DAY' }, ['day']],
    ['online', { format: 'ONLINE' }, ['series']],
    [
      'in person: a place that is not Online (an event with no place is neither)',
      { format: 'IN_PERSON' },
      ['day', 'applications'],
    ],
    ['institutes in a range', { kind: 'INSTITUTE', from: '2027-02-01', to: '2027-04-30' }, ['applications']],
    ['nothing matches', { kind: 'INSTITUTE', format: 'ONLINE' }, []],
    // The math institute names no band: it is for every grade and shows under each.
    [
      'grades 3–5: events of that band and events for everyone',
      { grade: '3-5' },
      ['series', 'applications', 'institute'],
    ],
    ['grades 9–12: only the event for everyone', { grade: '9-12' }, ['institute']],
    ['leaders and coaches', { grade: 'LEADERS' }, ['day', 'institute']],
    ['a band with a kind', { grade: '6-8', kind: 'INSTITUTE' }, ['applications', 'institute']],
  ])('%s', async (_case, filters, expected) => {
    const fixture = await fixtures();
    const query = new URLSearchParams({ search: tag, ...filters });
    const response = await call(t.app, 'GET', `/api/catalogue/events?${query.toString()}`, { caller: fixture.caller });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ items: { id: string }[]; total: number }>();
    expect(page.items.map((item) => item.id)).toEqual(expected.map((name) => fixture[name]));
    expect(page.total).toBe(expected.length);
  });

  it('shows the bands of each event, and under each band the events grade-bands.matchesGradeBand keeps', async () => {
    const fixture = await fixtures();
    const list = async (query: Record<string, string>) =>
      (
        await call(t.app, 'GET', `/api/catalogue/events?${new URLSearchParams({ search: tag, ...query }).toString()}`, {
          caller: fixture.caller,
        })
      ).json<{ items: { id: string; gradeBands: GradeBand[] }[] }>().items;
    const all = await list({});
    expect(all.map((item) => item.gradeBands)).toEqual([['PK-2', '3-5'], ['LEADERS'], ['6-8', '3-5'], []]);
    for (const band of gradeBands) {
      const kept = all.filter((item) => matchesGradeBand(item.gradeBands, band)).map((item) => item.id);
      expect((await list({ grade: band })).map((item) => item.id)).toEqual(kept);
    }
  });

  it('searches names as well as descriptions, a page at a time', async () => {
    const fixture = await fixtures();
    const byName = await call(t.app, 'GET', `/api/catalogue/events?search=${nameTag}`, { caller: fixture.caller });
    expect(byName.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([fixture.applications]);
    const second = await call(t.app, 'GET', `/api/catalogue/events?search=${tag}&kind=INSTITUTE&page=2&pageSize=1`, {
      caller: fixture.caller,
    });
    expect(second.json()).toMatchObject({ page: 2, pageSize: 1, total: 2, items: [{ id: fixture.institute }] });
  });

  it.each<[string, string, Record<string, string>]>([
    ['from after to', 'from=2027-02-01&to=2027-01-31', { to: catalogueFilterMessages.dateOrder }],
    ['a date that does not exist', 'from=2027-02-30', { from: catalogueFilterMessages.date }],
    ['a date in another format', 'to=01/31/2027', { to: catalogueFilterMessages.date }],
    ['an unknown kind', 'kind=WORKSHOP', { kind: catalogueFilterMessages.kind }],
    ['an unknown format', 'format=HYBRID', { format: catalogueFilterMessages.format }],
    ['an unknown grade band', 'grade=K-2', { grade: gradeBandMessages.unknown }],
  ])('refuses %s with 400 and says which field', async (_case, query, errors) => {
    const { caller } = await fixtures();
    const response = await call(t.app, 'GET', `/api/catalogue/events?${query}`, { caller });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, errors });
  });

  it('refuses a signed-out caller with filters too', async () => {
    expect((await call(t.app, 'GET', '/api/catalogue/events?kind=INSTITUTE')).statusCode).toBe(401);
  });
});

describe('GET /api/catalogue/events/:eventId', () => {
  it('shows paths, groupings and sections with the seats left', async () => {
    const { caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 3);
    await t.deps.db.update(eventSections).set({ ticketsTaken: 3 }).where(eq(eventSections.id, day.section.id));
    const response = await call(t.app, 'GET', `/api/catalogue/events/${day.event.id}`, { caller });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ id: day.event.id, purchaseOpen: true, daysBeforePurchaseClose: 14, remaining: 0 });
    expect(detail.ticketTypes).toEqual([{ id: day.ticketType.id, name: 'General', priceCents: 14_900 }]);
    expect(detail.paths[0].groupings[0].sections[0]).toMatchObject({
      id: day.section.id,
      title: 'Coaching Writing',
      maxTickets: 3,
      remaining: 0,
    });
  });

  it('says whether the event takes applications and whether its tickets are on sale (catalogueOffers), in the list and the detail', async () => {
    const { caller } = await signedInUser(t);
    const tag = crypto.randomUUID().slice(0, 6);
    const { event: institute } = await createEvent(t.deps.db, {
      name: `Institute ${tag}`,
      kind: 'INSTITUTE',
      acceptsApplications: true,
    });
    const { event: series } = await createEvent(t.deps.db, { name: `Series ${tag}` });

    const list = (await call(t.app, 'GET', `/api/catalogue/events?search=${tag}`, { caller })).json();
    expect(list.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: institute.id, acceptsApplications: true, onSale: false }),
        expect.objectContaining({ id: series.id, acceptsApplications: false, onSale: true }),
      ]),
    );
    expect((await call(t.app, 'GET', `/api/catalogue/events/${institute.id}`, { caller })).json()).toMatchObject({
      acceptsApplications: true,
      onSale: false,
    });
    expect((await call(t.app, 'GET', `/api/catalogue/events/${series.id}`, { caller })).json()).toMatchObject({
      acceptsApplications: false,
      onSale: true,
    });
  });

  it('closes purchase inside the purchase-close window', async () => {
    const { caller } = await signedInUser(t);
    // Today is 2026-11-22: an event on 2026-12-05 with 14 days is closed (13 days away).
    const { event } = await createEvent(t.deps.db, {
      startDate: '2026-12-05',
      endDate: '2026-12-05',
      daysBeforePurchaseClose: 14,
    });
    expect((await call(t.app, 'GET', `/api/catalogue/events/${event.id}`, { caller })).json()).toMatchObject({
      purchaseOpen: false,
      onSale: false,
    });
  });

  it('answers 404 for an unpublished or unknown event, 401 signed out and 400 for a bad id', async () => {
    const { caller } = await signedInUser(t);
    const { event } = await createEvent(t.deps.db, { published: false });
    expect((await call(t.app, 'GET', `/api/catalogue/events/${event.id}`, { caller })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/catalogue/events/${crypto.randomUUID()}`, { caller })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/catalogue/events/${event.id}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/catalogue/events/nope', { caller })).statusCode).toBe(400);
  });
});
