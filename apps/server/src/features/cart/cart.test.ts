import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartMessages, couponRefusals } from '@portal/domain/commerce/cart.ts';
import { catalogueMessages, purchaseRefusals } from '@portal/domain/events/catalogue.ts';
import { cartItems, events, eventSections } from '../../db/schema/commerce.ts';
import { createInstitute } from '../../test/application-factories.ts';
import { createConferenceDay, createCoupon, createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

const add = (caller: Caller, body: Record<string, unknown>) => call(t.app, 'POST', '/api/cart/items', { caller, body });

describe('GET /api/cart and POST /api/cart/items', () => {
  it('adds conference-day tickets, raises the same line again, caps it at 100 and prices on the server', async () => {
    const { caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, null);
    const line = {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 3,
    };
    const first = await add(caller, line);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      items: [
        {
          title: `${day.event.name} — Coaching Writing`,
          numberOfTickets: 3,
          ticketType: { price: 14_900 },
          subtotal: 44_700,
          remaining: null,
          display: true,
        },
      ],
      couponUse: null,
      subtotal: 44_700,
      discount: 0,
      total: 44_700,
    });
    expect((await add(caller, { ...line, numberOfTickets: 2 })).json().items[0].numberOfTickets).toBe(5);
    expect((await add(caller, { ...line, numberOfTickets: 100 })).json().items[0].numberOfTickets).toBe(100);
    const cart = await call(t.app, 'GET', '/api/cart', { caller });
    expect(cart.json().items).toHaveLength(1);
    expect(cart.json().total).toBe(1_490_000);
  });

  it('prices a free section at zero', async () => {
    const { caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, null);
    await t.deps.db.update(eventSections).set({ isFree: true }).where(eq(eventSections.id, day.section.id));
    const cart = await add(caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 2,
    });
    expect(cart.json()).toMatchObject({ subtotal: 0, total: 0, items: [{ ticketType: { price: 0 }, subtotal: 0 }] });
  });

  it.each([
    ['0 tickets', 0, 400],
    ['1 ticket', 1, 200],
    ['100 tickets', 100, 200],
    ['101 tickets', 101, 400],
  ])('checks the quantity at the boundaries: %s', async (_, numberOfTickets, status) => {
    const { caller } = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db);
    const response = await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets });
    expect(response.statusCode).toBe(status);
    if (status === 400) expect(response.json().errors).toEqual({ numberOfTickets: cartMessages.ticketsRange });
  });

  it('refuses what cannot be bought: no section, a foreign ticket type, too few seats, a closed or hidden event', async () => {
    const { caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 2);
    const other = await createEvent(t.deps.db);
    const noSection = await add(caller, { eventId: day.event.id, ticketTypeId: day.ticketType.id, numberOfTickets: 1 });
    expect(noSection.statusCode).toBe(400);
    expect(noSection.json().errors).toEqual({ sectionId: catalogueMessages.sectionRequired });
    const foreign = await add(caller, {
      eventId: day.event.id,
      ticketTypeId: other.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 1,
    });
    expect(foreign.statusCode).toBe(400);
    const tooMany = await add(caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 3,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe(catalogueMessages.notEnoughSeats(2));
    const closed = await createEvent(t.deps.db, {
      startDate: '2026-11-25',
      endDate: '2026-11-25',
      daysBeforePurchaseClose: 5,
    });
    const late = await add(caller, {
      eventId: closed.event.id,
      ticketTypeId: closed.ticketType.id,
      numberOfTickets: 1,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(catalogueMessages.purchaseClosed);
    const hidden = await createEvent(t.deps.db, { published: false });
    const unpublished = await add(caller, {
      eventId: hidden.event.id,
      ticketTypeId: hidden.ticketType.id,
      numberOfTickets: 1,
    });
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().detail).toBe(purchaseRefusals.notOffered);
    const otherSection = await createConferenceDay(t.deps.db, 5);
    const wrongSection = await add(caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: otherSection.section.id,
      numberOfTickets: 1,
    });
    expect(wrongSection.statusCode).toBe(400);
    expect(wrongSection.json().errors).toEqual({ sectionId: purchaseRefusals.sectionNotOfEvent });
    const series = await add(caller, {
      eventId: other.event.id,
      ticketTypeId: other.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 1,
    });
    expect(series.json().errors).toEqual({ sectionId: purchaseRefusals.noSections });
    expect((await call(t.app, 'GET', '/api/cart', { caller })).json().items).toEqual([]);
  });

  it('refuses tickets of an event that takes applications, as a whole or by section, though the API is called directly', async () => {
    const { caller } = await signedInUser(t);
    const institute = await createInstitute(t.deps.db);
    const section = institute.firstYear.sections[0];
    if (!section) throw new Error('no section');
    const bySection = await add(caller, {
      eventId: institute.event.id,
      ticketTypeId: institute.ticketType.id,
      sectionId: section.id,
      numberOfTickets: 1,
    });
    expect(bySection.statusCode).toBe(409);
    expect(bySection.json().detail).toBe(purchaseRefusals.takesApplications);
    const whole = await add(caller, {
      eventId: institute.event.id,
      ticketTypeId: institute.ticketType.id,
      numberOfTickets: 1,
    });
    expect(whole.statusCode).toBe(409);
    expect(whole.json().detail).toBe(purchaseRefusals.takesApplications);
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.eventId, institute.event.id))).toEqual([]);
  });

  it('marks a line the catalogue stopped selling, saying why, so the member can remove it', async () => {
    const { caller } = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db);
    await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 });
    await t.deps.db.update(events).set({ acceptsApplications: true }).where(eq(events.id, event.id));
    const cart = (await call(t.app, 'GET', '/api/cart', { caller })).json();
    expect(cart.items).toEqual([
      expect.objectContaining({ display: false, unavailableReason: purchaseRefusals.takesApplications }),
    ]);
  });

  it('refuses a signed-out caller and a request without the CSRF header', async () => {
    const { caller } = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db);
    expect((await call(t.app, 'GET', '/api/cart')).statusCode).toBe(401);
    expect((await add({}, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 })).statusCode).toBe(
      401,
    );
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: caller.cookie ?? '' },
      payload: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 },
    });
    expect(noHeader.statusCode).toBe(403);
  });
});

describe('PATCH and DELETE /api/cart/items/:itemId', () => {
  it('changes the quantity and removes a line of the own cart only', async () => {
    const { caller } = await signedInUser(t);
    const other = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db, { maxTickets: 10 });
    const itemId = (await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 })).json()
      .items[0].id;
    const updated = await call(t.app, 'PATCH', `/api/cart/items/${itemId}`, { caller, body: { numberOfTickets: 4 } });
    expect(updated.json()).toMatchObject({ items: [{ numberOfTickets: 4, remaining: 10 }], total: 59_600 });
    expect(
      (await call(t.app, 'PATCH', `/api/cart/items/${itemId}`, { caller, body: { numberOfTickets: 11 } })).statusCode,
    ).toBe(409);
    expect(
      (await call(t.app, 'PATCH', `/api/cart/items/${itemId}`, { caller, body: { numberOfTickets: 0 } })).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, 'PATCH', `/api/cart/items/${itemId}`, { caller: other.caller, body: { numberOfTickets: 2 } }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/cart/items/${itemId}`, { caller: other.caller })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/cart/items/${itemId}`)).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/cart/items/not-an-id', { caller })).statusCode).toBe(400);
    const removed = await call(t.app, 'DELETE', `/api/cart/items/${itemId}`, { caller });
    expect(removed.json()).toMatchObject({ items: [], total: 0 });
    expect((await call(t.app, 'DELETE', `/api/cart/items/${itemId}`, { caller })).statusCode).toBe(404);
  });
});

describe('POST and DELETE /api/cart/coupon', () => {
  it('applies a coupon in any case, takes it off the total, and removes it', async () => {
    const { caller } = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db);
    const coupon = await createCoupon(t.deps.db, { type: 'FIXED', discountAmount: 2_500, discountPercentage: null });
    await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 2 });
    const applied = await call(t.app, 'POST', '/api/cart/coupon', {
      caller,
      body: { code: coupon.code.toLowerCase() },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      couponUse: { coupon: { code: coupon.code, type: 'FIXED', discountAmount: 2_500 } },
      subtotal: 29_800,
      discount: 2_500,
      total: 27_300,
    });
    const removed = await call(t.app, 'DELETE', '/api/cart/coupon', { caller });
    expect(removed.json()).toMatchObject({ couponUse: null, discount: 0, total: 29_800 });
    expect((await call(t.app, 'DELETE', '/api/cart/coupon')).statusCode).toBe(401);
  });

  it('says why a coupon cannot be used', async () => {
    const { caller } = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db);
    const elsewhere = await createEvent(t.deps.db);
    const apply = (code: string) => call(t.app, 'POST', '/api/cart/coupon', { caller, body: { code } });
    expect((await apply('   ')).json().errors).toEqual({ code: cartMessages.couponRequired });
    expect((await apply('NO-SUCH-CODE')).json()).toMatchObject({ status: 400, detail: couponRefusals.unknown });
    const expired = await createCoupon(t.deps.db, { validUntil: new Date('2026-11-01T00:00:00Z') });
    const usedUp = await createCoupon(t.deps.db, { maxUses: 1, timesUsed: 1 });
    const forOther = await createCoupon(t.deps.db, { eventId: elsewhere.event.id });
    expect((await apply(expired.code)).json().detail).toBe(couponRefusals.expired);
    await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 });
    expect((await apply(usedUp.code)).json().detail).toBe(couponRefusals.usedUp);
    expect((await apply(forOther.code)).json().detail).toBe(couponRefusals.notForTheseEvents);
    expect((await call(t.app, 'POST', '/api/cart/coupon', { body: { code: forOther.code } })).statusCode).toBe(401);
  });
});
