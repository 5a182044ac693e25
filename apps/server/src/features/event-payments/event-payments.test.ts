import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMessages, type EventPaymentPage } from '@portal/domain/commerce/payments.ts';
import { eventPayments, purchaseOrders } from '../../db/schema/commerce.ts';
import { paidInstituteSeat } from '../../test/application-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import {
  createConferenceDay,
  createCoupon,
  createEvent,
  createPayment,
  createPurchaseOrder,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

interface Row {
  id: string;
  events: { id: string }[];
}
const idsOf = (page: { items: Row[] }) => page.items.map((row) => row.id);

const t = useTestApp();

async function buy(
  caller: Caller,
  lines: Record<string, unknown>[],
  body: Record<string, unknown> = { method: 'CARD' },
) {
  for (const line of lines) await call(t.app, 'POST', '/api/cart/items', { caller, body: line });
  const response = await call(t.app, 'POST', '/api/checkout', {
    caller,
    body,
    headers: { 'idempotency-key': randomUUID() },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().eventPaymentId as string;
}

describe('GET /api/event-payments/:eventPaymentId', () => {
  it('shows the buyer the payment with its items, coupon and totals', async () => {
    const { caller } = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 10);
    const coupon = await createCoupon(t.deps.db, { type: 'PERCENTAGE', discountPercentage: 10 });
    await call(t.app, 'POST', '/api/cart/items', {
      caller,
      body: { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 2 },
    });
    await call(t.app, 'POST', '/api/cart/coupon', { caller, body: { code: coupon.code } });
    const id = await buy(caller, []);
    const response = await call(t.app, 'GET', `/api/event-payments/${id}`, { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: 'PENDING',
      method: 'CARD',
      provider: 'demo',
      items: [
        {
          eventId: day.event.id,
          sectionId: day.section.id,
          numberOfTickets: 2,
          price: 14_900,
          subtotal: 29_800,
          eventName: day.event.name,
          startDate: '2026-12-10',
        },
      ],
      couponUse: { coupon: { code: coupon.code, type: 'PERCENTAGE', discountPercentage: 10 } },
      subtotal: 29_800,
      discount: 2_980,
      total: 26_820,
      purchaseOrders: [],
      paidAt: null,
    });
  });

  it('answers 404 to another member, 401 signed out and 400 for a bad id', async () => {
    const { caller } = await signedInUser(t);
    const other = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db);
    const id = await buy(caller, [{ eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 }]);
    const refused = await call(t.app, 'GET', `/api/event-payments/${id}`, { caller: other.caller });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(paymentMessages.notFound);
    expect((await call(t.app, 'GET', `/api/event-payments/${id}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/event-payments/42', { caller })).statusCode).toBe(400);
  });
});

describe('GET /api/event-payments', () => {
  it('lists own payments and those of organizations the member is OWNER or ADMIN of, with events and purchase orders', async () => {
    const buyer = await signedInUser(t, 'MEMBER', { firstName: 'Bea' });
    const admin = await signedInUser(t);
    const member = await signedInUser(t);
    const organization = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, organization.id, buyer.user.id, 'MEMBER');
    await addMembership(t.deps.db, organization.id, admin.user.id, 'ADMIN');
    await addMembership(t.deps.db, organization.id, member.user.id, 'MEMBER');
    const day = await createConferenceDay(t.deps.db, 10);
    const series = await createEvent(t.deps.db);
    const first = await buy(buyer.caller, [
      { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 2 },
      { eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 1 },
    ]);
    t.clock.advance(1_000);
    // A member who administers no organization buys for none; the purchase order names the school.
    const second = await buy(
      buyer.caller,
      [{ eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 3 }],
      {
        method: 'PURCHASE_ORDER',
      },
    );
    const order = await createPurchaseOrder(t.deps.db, t.deps.storage, {
      paymentId: second,
      userId: buyer.user.id,
      organizationId: organization.id,
      number: 'PO-77',
      pdf: Buffer.from('%PDF-1.4\n%%EOF'),
    });
    await t.deps.db.update(eventPayments).set({ organizationId: organization.id }).where(eq(eventPayments.id, second));

    const own: { items: (Row & Record<string, unknown>)[] } = (
      await call(t.app, 'GET', '/api/event-payments', { caller: buyer.caller })
    ).json();
    expect(own).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(idsOf(own)).toEqual([second, first]);
    expect(own.items[0]).toMatchObject({
      status: 'PO_SUBMITTED',
      method: 'PURCHASE_ORDER',
      organizationName: organization.name,
      buyerName: `Bea ${buyer.user.lastName}`,
      numberOfTickets: 3,
      total: 44_700,
      purchaseOrders: [{ id: order.id, number: 'PO-77', status: 'SUBMITTED' }],
    });
    expect(own.items[1]?.events.map((e) => e.id).sort()).toEqual([day.event.id, series.event.id].sort());
    // Times are ISO 8601 in UTC to the millisecond, as JavaScript writes the stored instant.
    const [stored] = await t.deps.db
      .select({ createdAt: eventPayments.createdAt })
      .from(eventPayments)
      .where(eq(eventPayments.id, second));
    const [storedOrder] = await t.deps.db
      .select({ createdAt: purchaseOrders.createdAt })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, order.id));
    expect(own.items[0]?.createdAt).toBe(stored?.createdAt.toISOString());
    expect(own.items[0]?.purchaseOrders).toEqual([
      expect.objectContaining({ createdAt: storedOrder?.createdAt.toISOString() }),
    ]);
    expect(own.items[1]?.numberOfTickets).toBe(3);

    expect(idsOf((await call(t.app, 'GET', '/api/event-payments', { caller: admin.caller })).json())).toEqual([second]);
    expect((await call(t.app, 'GET', `/api/event-payments/${second}`, { caller: admin.caller })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/event-payments/${first}`, { caller: admin.caller })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/event-payments', { caller: member.caller })).json()).toMatchObject({
      items: [],
      total: 0,
    });

    const paged = (await call(t.app, 'GET', '/api/event-payments?page=2&pageSize=1', { caller: buyer.caller })).json();
    expect(paged).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(idsOf(paged)).toEqual([first]);
  });

  it('refuses a signed-out caller and a bad page', async () => {
    const { caller } = await signedInUser(t);
    expect((await call(t.app, 'GET', '/api/event-payments')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/event-payments?page=0', { caller })).statusCode).toBe(400);
  });
});

describe('GET /api/event-payments: institute seats and what can be allocated', () => {
  it("lists a paid application's payment to its applicant as a seat with nothing to allocate, not to their school's ADMIN", async () => {
    const { applicant, schoolAdmin, institute, applicationId, eventPaymentId } = await paidInstituteSeat(t);
    const own = (
      await call(t.app, 'GET', '/api/event-payments', { caller: applicant.caller })
    ).json<EventPaymentPage>();
    expect(own.total).toBe(1);
    expect(own.items).toMatchObject([
      {
        id: eventPaymentId,
        status: 'PAID',
        method: 'CARD',
        applicationId,
        canAllocate: false,
        events: [{ id: institute.event.id, name: institute.event.name }],
        numberOfTickets: 1,
        allocatedTickets: 0,
        total: 95_000,
      },
    ]);
    expect((await call(t.app, 'GET', '/api/event-payments', { caller: schoolAdmin.caller })).json()).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('leaves out application payments that were cancelled or expired (attempts the application replaced)', async () => {
    const { applicant, eventPaymentId } = await paidInstituteSeat(t);
    for (const status of ['CANCELLED', 'EXPIRED'] as const) {
      await t.deps.db.update(eventPayments).set({ status }).where(eq(eventPayments.id, eventPaymentId));
      expect((await call(t.app, 'GET', '/api/event-payments', { caller: applicant.caller })).json()).toMatchObject({
        items: [],
        total: 0,
      });
    }
  });

  it.each([
    ['a paid payment of an event still open', 'PAID', '2026-12-20', true],
    ['a paid payment of a past event', 'PAID', '2026-11-01', false],
    ['a paid payment of an event inside its purchase-close window', 'PAID', '2026-11-24', false],
    ['an unpaid payment', 'AWAITING_PO', '2026-12-20', false],
    ['a cancelled payment', 'CANCELLED', '2026-12-20', false],
  ] as const)('offers allocation only when it can be done: %s', async (_, status, startDate, canAllocate) => {
    const buyer = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db, {
      startDate,
      endDate: startDate,
      daysBeforePurchaseClose: 3,
    });
    await createPayment(t.deps.db, {
      userId: buyer.user.id,
      status,
      lines: [{ eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 }],
    });
    const page = (await call(t.app, 'GET', '/api/event-payments', { caller: buyer.caller })).json<EventPaymentPage>();
    expect(page.items).toMatchObject([{ applicationId: null, canAllocate }]);
  });
});
