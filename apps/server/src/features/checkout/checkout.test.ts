import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutOrganizationMessages, couponGoneMessage, type CartReply } from '@portal/domain/commerce/cart.ts';
import { catalogueMessages, purchaseRefusals, type CatalogueEventDetail } from '@portal/domain/events/catalogue.ts';
import { cancelCheckoutMessages, paymentMessages } from '@portal/domain/commerce/payments.ts';
import { idempotencyKeyReusedMessage } from '@portal/domain/problems/messages.ts';
import {
  cartItems,
  coupons,
  eventGroupings,
  eventPaymentItems,
  eventPayments,
  events,
  eventSections,
} from '../../db/schema/commerce.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { paidInstituteSeat } from '../../test/application-factories.ts';
import {
  createConferenceDay,
  createCoupon,
  createEvent,
  createPurchaseOrder,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

const add = (caller: Caller, body: Record<string, unknown>) => call(t.app, 'POST', '/api/cart/items', { caller, body });
const checkout = (caller: Caller, body: Record<string, unknown>, key: string = randomUUID()) =>
  call(t.app, 'POST', '/api/checkout', { caller, body, headers: { 'idempotency-key': key } });

async function paymentRow(id: string) {
  const [row] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id));
  if (!row) throw new Error('no payment');
  return row;
}
const sectionTaken = async (id: string) =>
  (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, id)))[0]?.ticketsTaken;
const eventTaken = async (id: string) =>
  (await t.deps.db.select().from(events).where(eq(events.id, id)))[0]?.ticketsTaken;
const couponUses = async (id: string) =>
  (await t.deps.db.select().from(coupons).where(eq(coupons.id, id)))[0]?.timesUsed;

describe('POST /api/checkout', () => {
  it('freezes the cart into a PENDING card payment that holds its seats for 30 minutes and counts the coupon', async () => {
    const { user, caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 40);
    const series = await createEvent(t.deps.db, { maxTickets: 60 });
    const coupon = await createCoupon(t.deps.db, { type: 'PERCENTAGE', discountPercentage: 10 });
    await add(caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 3,
    });
    await add(caller, { eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 2 });
    await call(t.app, 'POST', '/api/cart/coupon', { caller, body: { code: coupon.code } });

    const response = await checkout(caller, { method: 'CARD', total: 1 });
    expect(response.statusCode).toBe(201);
    const { eventPaymentId, redirectUrl } = response.json();
    expect(redirectUrl).toBe(`/members/event-cart/checkout/demo-pay?eventPaymentId=${eventPaymentId}`);
    const payment = await paymentRow(eventPaymentId);
    expect(payment).toMatchObject({
      userId: user.id,
      status: 'PENDING',
      method: 'CARD',
      provider: 'demo',
      subtotalCents: 74_500,
      discountCents: 7_450,
      totalCents: 67_050,
      couponId: coupon.id,
      seatsHeld: true,
      checkoutUrl: redirectUrl,
    });
    expect(payment.holdExpiresAt?.toISOString()).toBe(new Date(t.clock().getTime() + 30 * 60_000).toISOString());
    const items = await t.deps.db
      .select()
      .from(eventPaymentItems)
      .where(eq(eventPaymentItems.paymentId, eventPaymentId));
    expect(items.map((i) => [i.title, i.numberOfTickets, i.priceCents]).sort()).toEqual(
      [
        [`${day.event.name} — Coaching Writing`, 3, 14_900],
        [series.event.name, 2, 14_900],
      ].sort(),
    );
    expect(await sectionTaken(day.section.id)).toBe(3);
    expect(await eventTaken(series.event.id)).toBe(2);
    expect(await eventTaken(day.event.id)).toBe(0);
    expect(await couponUses(coupon.id)).toBe(1);
    expect((await call(t.app, 'GET', '/api/cart', { caller })).json()).toMatchObject({ items: [], couponUse: null });
  });

  it('answers the same payment for the same Idempotency-Key and takes the seats once', async () => {
    const { caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 40);
    await add(caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 2,
    });
    const key = randomUUID();
    const [first, second] = await Promise.all([
      checkout(caller, { method: 'CARD' }, key),
      checkout(caller, { method: 'CARD' }, key),
    ]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const third = await checkout(caller, { method: 'CARD' }, key);
    expect(third.json()).toEqual(first.json());
    expect(await sectionTaken(day.section.id)).toBe(2);
    // A new key with the cart now empty is a new attempt, refused.
    const empty = await checkout(caller, { method: 'CARD' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(paymentMessages.cartEmpty);
  });

  it('refuses the same Idempotency-Key with another request (422): the new cart is kept, not dropped', async () => {
    const { caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 40);
    const line = { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id };
    await add(caller, { ...line, numberOfTickets: 1 });
    const key = randomUUID();
    expect((await checkout(caller, { method: 'CARD' }, key)).statusCode).toBe(201);
    await add(caller, { ...line, numberOfTickets: 3 });
    const reused = await checkout(caller, { method: 'PURCHASE_ORDER' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().detail).toBe(idempotencyKeyReusedMessage);
    expect(await sectionTaken(day.section.id)).toBe(1);
    const cart = await call(t.app, 'GET', '/api/cart', { caller });
    expect(cart.json<CartReply>().items.map((item) => item.numberOfTickets)).toEqual([3]);
  });

  it('refuses the whole checkout when one bucket is short, taking nothing and keeping the cart', async () => {
    const { caller } = await signedInUser(t);
    const other = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 3);
    const series = await createEvent(t.deps.db, { maxTickets: 10 });
    const coupon = await createCoupon(t.deps.db);
    await add(caller, { eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 2 });
    await add(caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 2,
    });
    await add(other.caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 2,
    });
    expect((await checkout(other.caller, { method: 'CARD' })).statusCode).toBe(201);
    await call(t.app, 'POST', '/api/cart/coupon', { caller, body: { code: coupon.code } });

    const refused = await checkout(caller, { method: 'CARD' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(paymentMessages.soldOut(`${day.event.name} — Coaching Writing`, 1));
    expect(await sectionTaken(day.section.id)).toBe(2);
    expect(await eventTaken(series.event.id)).toBe(0);
    expect(await couponUses(coupon.id)).toBe(0);
    expect((await call(t.app, 'GET', '/api/cart', { caller })).json().items).toHaveLength(2);
  });

  it('refuses a checkout whose coupon ran out since it was applied: the coupon leaves the cart, nothing is charged, the buyer confirms the new total', async () => {
    const { caller, user } = await signedInUser(t);
    const { caller: rival } = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db, { maxTickets: 10 });
    const coupon = await createCoupon(t.deps.db, {
      code: `SAVE${randomUUID().slice(0, 6).toUpperCase()}`,
      type: 'FIXED',
      discountAmount: 2_500,
      discountPercentage: null,
      maxUses: 1,
    });
    for (const member of [caller, rival]) {
      await add(member, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 });
      await call(t.app, 'POST', '/api/cart/coupon', { caller: member, body: { code: coupon.code } });
    }
    const first = await checkout(rival, { method: 'CARD' });
    expect(await paymentRow(first.json().eventPaymentId)).toMatchObject({ couponId: coupon.id, totalCents: 12_400 });

    const refused = await checkout(caller, { method: 'CARD' });
    expect(refused.statusCode).toBe(409);
    const message = couponGoneMessage(coupon.code, 14_900);
    expect(refused.json()).toMatchObject({ detail: message, errors: { code: message } });
    expect(message).toMatch(/^The coupon SAVE\w+ is no longer available\. Your new total is \$149\.00/);
    expect(await t.deps.db.select().from(eventPayments).where(eq(eventPayments.userId, user.id))).toEqual([]);
    expect(await eventTaken(event.id)).toBe(1);
    expect(await couponUses(coupon.id)).toBe(1);
    expect((await call(t.app, 'GET', '/api/cart', { caller })).json()).toMatchObject({
      couponUse: null,
      discount: 0,
      total: 14_900,
      items: [{ numberOfTickets: 1 }],
    });

    const confirmed = await checkout(caller, { method: 'CARD' });
    expect(confirmed.statusCode).toBe(201);
    expect(await paymentRow(confirmed.json().eventPaymentId)).toMatchObject({ couponId: null, totalCents: 14_900 });
    expect(await couponUses(coupon.id)).toBe(1);
  });

  it('refuses again at checkout a line the catalogue stopped selling after it was added, taking nothing', async () => {
    const { caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 10);
    await add(caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 2,
    });
    const title = `${day.event.name} — Coaching Writing`;
    const cases: [Partial<typeof events.$inferInsert>, string][] = [
      [{ acceptsApplications: true }, purchaseRefusals.takesApplications],
      [{ published: false }, purchaseRefusals.notOffered],
      [{ startDate: '2026-11-30', endDate: '2026-11-30' }, purchaseRefusals.closed],
    ];
    for (const [change, message] of cases) {
      await t.deps.db.update(events).set(change).where(eq(events.id, day.event.id));
      const refused = await checkout(caller, { method: 'CARD' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(`${title}: ${message}`);
      await t.deps.db
        .update(events)
        .set({ acceptsApplications: false, published: true, startDate: '2026-12-10', endDate: '2026-12-10' })
        .where(eq(events.id, day.event.id));
    }
    expect(await sectionTaken(day.section.id)).toBe(0);
    expect((await checkout(caller, { method: 'CARD' })).statusCode).toBe(201);
  });

  it('makes a purchase-order payment AWAITING_PO with the configured 7-day hold (PURCHASE_ORDER_HOLD_DAYS)', async () => {
    const { caller, user } = await signedInUser(t);
    const organization = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, organization.id, user.id, 'ADMIN');
    const { event, ticketType } = await createEvent(t.deps.db);
    await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 3 });
    const response = await checkout(caller, { method: 'PURCHASE_ORDER', organizationId: organization.id });
    expect(response.statusCode).toBe(201);
    const { eventPaymentId, redirectUrl } = response.json();
    expect(redirectUrl).toBe(`/members/event-cart/checkout/purchase-order?eventPaymentId=${eventPaymentId}`);
    const payment = await paymentRow(eventPaymentId);
    expect(payment).toMatchObject({
      status: 'AWAITING_PO',
      method: 'PURCHASE_ORDER',
      provider: null,
      organizationId: organization.id,
      totalCents: 44_700,
    });
    expect(payment.holdExpiresAt?.toISOString()).toBe(new Date(t.clock().getTime() + 7 * 86_400_000).toISOString());
  });

  it('buys for the one organization the buyer administers, asks which when there are several, and for the buyer alone when none', async () => {
    const { caller, user } = await signedInUser(t);
    const school = await createOrganization(t.deps.db);
    const other = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, school.id, user.id, 'ADMIN');
    await addMembership(t.deps.db, other.id, user.id);
    const { event, ticketType } = await createEvent(t.deps.db);
    await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 });
    const bought = await checkout(caller, { method: 'CARD' });
    expect(bought.statusCode).toBe(201);
    expect(await paymentRow(bought.json().eventPaymentId)).toMatchObject({ method: 'CARD', organizationId: school.id });

    // A member of `other`, not its administrator: not an organization to buy for.
    await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 });
    const notAdministered = await checkout(caller, { method: 'CARD', organizationId: other.id });
    expect(notAdministered.statusCode).toBe(400);
    expect(notAdministered.json().errors).toEqual({ organizationId: checkoutOrganizationMessages.notYours });

    // Administering two organizations, the buyer must say which, by card or purchase order.
    const second = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, second.id, user.id, 'OWNER');
    for (const method of ['CARD', 'PURCHASE_ORDER']) {
      const ambiguous = await checkout(caller, { method });
      expect(ambiguous.statusCode).toBe(400);
      expect(ambiguous.json().errors).toEqual({ organizationId: checkoutOrganizationMessages.required });
    }
    expect(await eventTaken(event.id)).toBe(1);
    const chosen = await checkout(caller, { method: 'CARD', organizationId: second.id });
    expect(chosen.statusCode).toBe(201);
    expect(await paymentRow(chosen.json().eventPaymentId)).toMatchObject({ organizationId: second.id });

    // Administering none: the payment is the buyer's own.
    const { caller: teacher } = await signedInUser(t);
    await add(teacher, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 });
    const own = await checkout(teacher, { method: 'CARD' });
    expect(own.statusCode).toBe(201);
    expect(await paymentRow(own.json().eventPaymentId)).toMatchObject({ organizationId: null });
  });

  it('makes a zero total PAID at once', async () => {
    const { caller } = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db, { maxTickets: 5 });
    const coupon = await createCoupon(t.deps.db, { type: 'FIXED', discountAmount: 100_000, discountPercentage: null });
    await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 2 });
    await call(t.app, 'POST', '/api/cart/coupon', { caller, body: { code: coupon.code } });
    const response = await checkout(caller, { method: 'CARD' });
    const { eventPaymentId, redirectUrl } = response.json();
    expect(redirectUrl).toBe(`/members/event-cart/checkout/success?eventPaymentId=${eventPaymentId}&source=free`);
    expect(await paymentRow(eventPaymentId)).toMatchObject({
      status: 'PAID',
      totalCents: 0,
      discountCents: 29_800,
      provider: null,
      holdExpiresAt: null,
    });
    expect(await eventTaken(event.id)).toBe(2);
  });

  it('refuses bad input: no or a malformed Idempotency-Key, a bad method, an organization the member is not in', async () => {
    const { caller } = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db);
    await add(caller, { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 });
    const noKey = await call(t.app, 'POST', '/api/checkout', { caller, body: { method: 'CARD' } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors['idempotency-key']).toBe('An Idempotency-Key header with a UUID is required.');
    expect((await checkout(caller, { method: 'CARD' }, 'not-a-uuid')).statusCode).toBe(400);
    expect((await checkout(caller, { method: 'CASH' })).statusCode).toBe(400);
    const stranger = await createOrganization(t.deps.db);
    const notMine = await checkout(caller, { method: 'PURCHASE_ORDER', organizationId: stranger.id });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errors).toEqual({ organizationId: checkoutOrganizationMessages.notYours });
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.eventId, event.id))).toHaveLength(1);
  });

  it('refuses a signed-out caller', async () => {
    expect((await checkout({}, { method: 'CARD' })).statusCode).toBe(401);
  });
});

describe("a grouping's maxTickets over its sections together (events.md §5)", () => {
  it('sells up to the limit across sections, refuses limit + 1 naming the grouping, and gives seats back on release', async () => {
    const day = await createConferenceDay(t.deps.db, 10);
    const [second] = await t.deps.db
      .insert(eventSections)
      .values({
        eventId: day.event.id,
        groupingId: day.grouping.id,
        title: 'Coaching Reading',
        maxTickets: 10,
        dates: ['2026-12-10'],
      })
      .returning();
    if (!second) throw new Error('no section');
    await t.deps.db.update(eventGroupings).set({ maxTickets: 3 }).where(eq(eventGroupings.id, day.grouping.id));
    const groupingTaken = async () =>
      (await t.deps.db.select().from(eventGroupings).where(eq(eventGroupings.id, day.grouping.id)))[0]?.ticketsTaken;
    const first = await signedInUser(t);
    const late = await signedInUser(t);
    await add(first.caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 2,
    });
    const bought = await checkout(first.caller, { method: 'CARD' });
    expect(bought.statusCode).toBe(201);
    expect(await groupingTaken()).toBe(2);

    // The other section has 10 seats of its own, but the grouping has 1 left: the cart says so, checkout refuses 2.
    const added = await add(late.caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: second.id,
      numberOfTickets: 2,
    });
    expect(added.statusCode).toBe(409);
    expect(added.json().detail).toBe(catalogueMessages.notEnoughSeats(1));
    await add(late.caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: second.id,
      numberOfTickets: 1,
    });
    await t.deps.db.update(cartItems).set({ numberOfTickets: 2 }).where(eq(cartItems.sectionId, second.id));
    const refused = await checkout(late.caller, { method: 'CARD' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(paymentMessages.soldOut(`${day.event.name} — Morning`, 1));
    expect(await sectionTaken(second.id)).toBe(0);
    expect(await groupingTaken()).toBe(2);
    const catalogue = (
      await call(t.app, 'GET', `/api/catalogue/events/${day.event.id}`, { caller: late.caller })
    ).json<CatalogueEventDetail>();
    expect(catalogue.paths[0]?.groupings[0]?.sections.map((section) => section.remaining)).toEqual([1, 1]);

    // The limit itself sells.
    await t.deps.db.update(cartItems).set({ numberOfTickets: 1 }).where(eq(cartItems.sectionId, second.id));
    expect((await checkout(late.caller, { method: 'CARD' })).statusCode).toBe(201);
    expect(await groupingTaken()).toBe(3);

    // An expired hold gives the grouping its seats back with the section's.
    t.clock.advance(31 * 60_000);
    await call(t.app, 'GET', '/api/cart', { caller: late.caller });
    expect(await groupingTaken()).toBe(0);
    expect(await sectionTaken(day.section.id)).toBe(0);
  });
});

describe('hold expiry', () => {
  it('sells seats of a hold that ran out without waiting for the expiry timer: a short bucket releases it and the checkout tries again', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 2);
    const line = {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 2,
    };
    expect((await add(b.caller, line)).statusCode).toBe(200);
    expect((await add(a.caller, line)).statusCode).toBe(200);
    const { eventPaymentId } = (await checkout(a.caller, { method: 'CARD' })).json();

    // A hold still running is kept: B is refused.
    const refused = await checkout(b.caller, { method: 'CARD' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(paymentMessages.soldOut(`${day.event.name} — ${day.section.title}`, 0));
    expect((await paymentRow(eventPaymentId)).status).toBe('PENDING');

    t.clock.advance(31 * 60_000);
    expect((await checkout(b.caller, { method: 'CARD' })).statusCode).toBe(201);
    expect(await paymentRow(eventPaymentId)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
    expect(await sectionTaken(day.section.id)).toBe(2);
  });

  it('lets a member add seats of a hold that ran out to the cart, releasing it', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 2);
    const line = {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 2,
    };
    await add(a.caller, line);
    const { eventPaymentId } = (await checkout(a.caller, { method: 'CARD' })).json();
    expect((await add(b.caller, line)).statusCode).toBe(409);

    t.clock.advance(31 * 60_000);
    const added = await add(b.caller, line);
    expect(added.statusCode).toBe(200);
    expect(added.json().items[0].remaining).toBe(2);
    expect((await paymentRow(eventPaymentId)).status).toBe('EXPIRED');
  });

  it('releases the seats and the coupon use of a card payment 30 minutes on, once', async () => {
    const { caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 5);
    const coupon = await createCoupon(t.deps.db);
    await add(caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 4,
    });
    await call(t.app, 'POST', '/api/cart/coupon', { caller, body: { code: coupon.code } });
    const { eventPaymentId } = (await checkout(caller, { method: 'CARD' })).json();
    expect(await sectionTaken(day.section.id)).toBe(4);

    t.clock.advance(29 * 60_000);
    expect((await call(t.app, 'GET', `/api/event-payments/${eventPaymentId}`, { caller })).json().status).toBe(
      'PENDING',
    );
    t.clock.advance(2 * 60_000);
    const [a, b] = await Promise.all([
      call(t.app, 'GET', `/api/event-payments/${eventPaymentId}`, { caller }),
      call(t.app, 'GET', `/api/catalogue/events/${day.event.id}`, { caller }),
    ]);
    expect(a.json()).toMatchObject({ status: 'EXPIRED', holdExpiresAt: null });
    expect(b.json().paths[0].groupings[0].sections[0].remaining).toBe(5);
    expect(await sectionTaken(day.section.id)).toBe(0);
    expect(await couponUses(coupon.id)).toBe(0);
    expect((await paymentRow(eventPaymentId)).seatsHeld).toBe(false);
  });
});

describe('POST /api/checkout/:eventPaymentId/cancel', () => {
  const cancel = (caller: Caller, id: string) => call(t.app, 'POST', `/api/checkout/${id}/cancel`, { caller });

  /** A buyer whose cart (3 conference-day tickets, 2 of a series, a coupon) became a purchase-order payment. */
  async function awaitingPurchaseOrder() {
    const buyer = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 40);
    const series = await createEvent(t.deps.db, { maxTickets: 60 });
    const coupon = await createCoupon(t.deps.db, { type: 'PERCENTAGE', discountPercentage: 10 });
    await add(buyer.caller, {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: 3,
    });
    await add(buyer.caller, { eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 2 });
    await call(t.app, 'POST', '/api/cart/coupon', { caller: buyer.caller, body: { code: coupon.code } });
    const cartBefore = (await call(t.app, 'GET', '/api/cart', { caller: buyer.caller })).json();
    const { eventPaymentId } = (await checkout(buyer.caller, { method: 'PURCHASE_ORDER' })).json<{
      eventPaymentId: string;
    }>();
    return { ...buyer, day, series, coupon, cartBefore, eventPaymentId };
  }

  it('puts the cart back as it was (lines and coupon), frees the seats and the coupon use, and sends the buyer to the checkout', async () => {
    const s = await awaitingPurchaseOrder();
    expect((await call(t.app, 'GET', '/api/cart', { caller: s.caller })).json().items).toEqual([]);
    expect(await sectionTaken(s.day.section.id)).toBe(3);
    expect(await eventTaken(s.series.event.id)).toBe(2);
    expect(await couponUses(s.coupon.id)).toBe(1);

    const response = await cancel(s.caller, s.eventPaymentId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'CANCELLED', redirectUrl: '/members/event-cart/checkout' });
    const cart = (await call(t.app, 'GET', '/api/cart', { caller: s.caller })).json();
    // The same lines (restored lines are added together, so their order among themselves is by id).
    const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);
    expect([...cart.items].sort(byTitle)).toEqual(
      [...s.cartBefore.items]
        .sort(byTitle)
        .map((item: Record<string, unknown>) => ({ ...item, id: expect.any(String) })),
    );
    expect(cart.couponUse).toEqual(s.cartBefore.couponUse);
    expect(await sectionTaken(s.day.section.id)).toBe(0);
    expect(await eventTaken(s.series.event.id)).toBe(0);
    expect(await couponUses(s.coupon.id)).toBe(0);
    expect(await paymentRow(s.eventPaymentId)).toMatchObject({ status: 'CANCELLED', seatsHeld: false });

    // A replay (a double click, a retried request) answers the same and changes nothing.
    const again = await cancel(s.caller, s.eventPaymentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'CANCELLED', redirectUrl: '/members/event-cart/checkout' });
    expect((await call(t.app, 'GET', '/api/cart', { caller: s.caller })).json().items).toEqual(cart.items);
    expect(await sectionTaken(s.day.section.id)).toBe(0);
  });

  it('refuses once the purchase order is submitted (409), keeping the payment, its seats and the empty cart', async () => {
    const s = await awaitingPurchaseOrder();
    const organization = await createOrganization(t.deps.db);
    await createPurchaseOrder(t.deps.db, t.deps.storage, {
      paymentId: s.eventPaymentId,
      userId: s.user.id,
      organizationId: organization.id,
      number: 'PO-1',
      pdf: Buffer.from('%PDF-1.4\n%%EOF'),
    });
    const response = await cancel(s.caller, s.eventPaymentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(cancelCheckoutMessages.purchaseOrderSubmitted);
    expect(await paymentRow(s.eventPaymentId)).toMatchObject({ status: 'PO_SUBMITTED', seatsHeld: true });
    expect(await sectionTaken(s.day.section.id)).toBe(3);
    expect((await call(t.app, 'GET', '/api/cart', { caller: s.caller })).json().items).toEqual([]);
  });

  it("refuses what did not come from the cart or is not waiting for a purchase order (409): a card checkout, an application's payment", async () => {
    const { caller } = await signedInUser(t);
    const series = await createEvent(t.deps.db, { maxTickets: 60 });
    await add(caller, { eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 1 });
    const card = (await checkout(caller, { method: 'CARD' })).json<{ eventPaymentId: string }>();
    const refusedCard = await cancel(caller, card.eventPaymentId);
    expect(refusedCard.statusCode).toBe(409);
    expect(refusedCard.json().detail).toBe(cancelCheckoutMessages.notCancellable);
    expect((await paymentRow(card.eventPaymentId)).status).toBe('PENDING');

    const seat = await paidInstituteSeat(t);
    const refusedSeat = await cancel(seat.applicant.caller, seat.eventPaymentId);
    expect(refusedSeat.statusCode).toBe(409);
    expect((await paymentRow(seat.eventPaymentId)).status).toBe('PAID');
  });

  it('answers another member 404, the signed-out 401 and a bad id 400, changing nothing', async () => {
    const s = await awaitingPurchaseOrder();
    const other = await signedInUser(t);
    const refused = await cancel(other.caller, s.eventPaymentId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(paymentMessages.notFound);
    expect((await call(t.app, 'POST', `/api/checkout/${s.eventPaymentId}/cancel`)).statusCode).toBe(401);
    expect((await cancel(s.caller, 'not-a-uuid')).statusCode).toBe(400);
    expect(await paymentRow(s.eventPaymentId)).toMatchObject({ status: 'AWAITING_PO', seatsHeld: true });
  });
});
