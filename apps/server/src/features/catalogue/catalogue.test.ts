import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
