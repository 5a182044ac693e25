import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CartReply } from '@portal/domain/commerce/cart.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { unfinishedOrderMessages, type UnfinishedOrderPage } from '@portal/domain/commerce/unfinished-orders.ts';
import { coupons, eventPayments, eventSections } from '../../db/schema/commerce.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { eventPaymentReceipts } from '../../db/schema/receipts.ts';
import { createConferenceDay, createCoupon, createPurchaseOrder, signedInUser } from '../../test/commerce-factories.ts';
import { createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

const taken = async (sectionId: string) =>
  (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, sectionId)))[0]?.ticketsTaken;
const uses = async (couponId: string) =>
  (await t.deps.db.select().from(coupons).where(eq(coupons.id, couponId)))[0]?.timesUsed;
const paymentRow = async (id: string) =>
  (await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id)))[0];

/** A buyer who put 2 seats of a 10-seat section (and a coupon) in the cart and started a checkout, then left. */
async function leftCheckout(method: 'CARD' | 'PURCHASE_ORDER') {
  const { user, caller } = await signedInUser(t);
  const day = await createConferenceDay(t.deps.db, 10);
  const coupon = await createCoupon(t.deps.db, { maxUses: 5 });
  await call(t.app, 'POST', '/api/cart/items', {
    caller,
    body: { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 2 },
  });
  await call(t.app, 'POST', '/api/cart/coupon', { caller, body: { code: coupon.code } });
  const response = await call(t.app, 'POST', '/api/checkout', {
    caller,
    body: { method },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  const paymentId: string = response.json().eventPaymentId;
  return { user, caller, day, coupon, paymentId };
}

const discard = (caller: Caller | undefined, paymentId: string) =>
  call(t.app, 'POST', `/api/event-payments/${paymentId}/discard`, caller ? { caller } : {});
const payNow = (caller: Caller | undefined, paymentId: string) =>
  call(t.app, 'POST', `/api/event-payments/${paymentId}/pay-now`, caller ? { caller } : {});
const unfinished = async (caller: Caller) =>
  (await call(t.app, 'GET', '/api/event-payments/unfinished', { caller })).json<UnfinishedOrderPage>();
const cartOf = async (caller: Caller) => (await call(t.app, 'GET', '/api/cart', { caller })).json<CartReply>();

describe('GET /api/event-payments/unfinished', () => {
  it("lists the buyer's card orders not completed and purchase-order checkouts without their purchase order", async () => {
    const card = await leftCheckout('CARD');
    const order = await leftCheckout('PURCHASE_ORDER');
    const page = await unfinished(card.caller);
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 1 });
    expect(page.items).toEqual([
      expect.objectContaining({
        id: card.paymentId,
        status: 'PENDING',
        method: 'CARD',
        isBuyer: true,
        applicationId: null,
        registrationRequestId: null,
        lines: [{ title: expect.any(String), numberOfTickets: 2 }],
        numberOfTickets: 2,
        // 10 % off 2 × $149.00.
        total: 26_820,
        couponCode: card.coupon.code,
        purchaseOrders: [],
        holdExpiresAt: new Date(t.clock().getTime() + 30 * 60_000).toISOString(),
      }),
    ]);
    expect((await unfinished(order.caller)).items.map((row) => row.status)).toEqual(['AWAITING_PO']);
  });

  it('leaves out a purchase order already uploaded and a hold that ran out (released on the way)', async () => {
    const uploaded = await leftCheckout('PURCHASE_ORDER');
    await createPurchaseOrder(t.deps.db, t.deps.storage, {
      paymentId: uploaded.paymentId,
      userId: uploaded.user.id,
      organizationId: (await createOrganization(t.deps.db)).id,
      number: 'PO-1',
      pdf: Buffer.from('%PDF-1.4\n%%EOF'),
    });
    expect((await unfinished(uploaded.caller)).total).toBe(0);
    const expired = await leftCheckout('CARD');
    t.clock.advance(31 * 60_000);
    expect((await unfinished(expired.caller)).items).toEqual([]);
    expect(await paymentRow(expired.paymentId)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
    expect(await taken(expired.day.section.id)).toBe(0);
  });

  it('answers 401 signed out and 400 for a bad page size', async () => {
    const { caller } = await signedInUser(t);
    expect((await call(t.app, 'GET', '/api/event-payments/unfinished')).statusCode).toBe(401);
    const bad = await call(t.app, 'GET', '/api/event-payments/unfinished?pageSize=500', { caller });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/event-payments/:eventPaymentId/discard', () => {
  it('gives the seats and the coupon use back and puts the tickets and coupon in the cart, at once', async () => {
    const { caller, day, coupon, paymentId } = await leftCheckout('PURCHASE_ORDER');
    expect(await taken(day.section.id)).toBe(2);
    expect(await uses(coupon.id)).toBe(1);
    expect((await cartOf(caller)).items).toEqual([]);

    const response = await discard(caller, paymentId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'CANCELLED' });
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'CANCELLED', seatsHeld: false, holdExpiresAt: null });
    expect(await taken(day.section.id)).toBe(0);
    expect(await uses(coupon.id)).toBe(0);
    const cart = await cartOf(caller);
    expect(cart.items).toEqual([expect.objectContaining({ sectionId: day.section.id, numberOfTickets: 2 })]);
    expect(cart.couponUse).toMatchObject({ coupon: { code: coupon.code } });
    expect((await unfinished(caller)).items).toEqual([]);
    const audited = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, paymentId), eq(auditLog.action, 'event-payment.cancel')));
    expect(audited).toEqual([expect.objectContaining({ data: { from: 'AWAITING_PO', by: 'buyer', discarded: true } })]);
  });

  it('discards a card order not completed too', async () => {
    const { caller, day, paymentId } = await leftCheckout('CARD');
    expect((await discard(caller, paymentId)).statusCode).toBe(200);
    expect(await taken(day.section.id)).toBe(0);
    expect((await cartOf(caller)).items).toHaveLength(1);
  });

  it('answers a replay the same and releases nothing twice', async () => {
    const { caller, day, coupon, paymentId } = await leftCheckout('PURCHASE_ORDER');
    expect((await discard(caller, paymentId)).statusCode).toBe(200);
    const again = await discard(caller, paymentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'CANCELLED' });
    expect(await taken(day.section.id)).toBe(0);
    expect(await uses(coupon.id)).toBe(0);
    expect((await cartOf(caller)).items).toEqual([expect.objectContaining({ numberOfTickets: 2 })]);
  });

  it('releases once when two discards race (a double click)', async () => {
    const { caller, day, coupon, paymentId } = await leftCheckout('PURCHASE_ORDER');
    const [first, second] = await Promise.all([discard(caller, paymentId), discard(caller, paymentId)]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect(await taken(day.section.id)).toBe(0);
    expect(await uses(coupon.id)).toBe(0);
    expect((await cartOf(caller)).items).toEqual([expect.objectContaining({ numberOfTickets: 2 })]);
  });

  it("answers 404 for someone else's order and changes nothing", async () => {
    const { day, paymentId } = await leftCheckout('PURCHASE_ORDER');
    const other = await signedInUser(t);
    const refused = await discard(other.caller, paymentId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(paymentMessages.notFound);
    expect(await taken(day.section.id)).toBe(2);
  });

  it('refuses (409) once the purchase order is uploaded, and keeps the seats for staff to decide', async () => {
    const { user, caller, day, paymentId } = await leftCheckout('PURCHASE_ORDER');
    await createPurchaseOrder(t.deps.db, t.deps.storage, {
      paymentId,
      userId: user.id,
      organizationId: (await createOrganization(t.deps.db)).id,
      number: 'PO-2',
      pdf: Buffer.from('%PDF-1.4\n%%EOF'),
    });
    const refused = await discard(caller, paymentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(unfinishedOrderMessages.refusals.purchaseOrderSent);
    expect(await taken(day.section.id)).toBe(2);
  });

  it('refuses (409) a paid order and a hold that ran out', async () => {
    const paid = await leftCheckout('CARD');
    await call(t.app, 'POST', `/api/payments/demo/${paid.paymentId}`, {
      caller: paid.caller,
      body: { outcome: 'succeed' },
    });
    const refused = await discard(paid.caller, paid.paymentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(unfinishedOrderMessages.refusals.paid);
    expect(await taken(paid.day.section.id)).toBe(2);

    const expired = await leftCheckout('CARD');
    t.clock.advance(31 * 60_000);
    await call(t.app, 'GET', '/api/event-payments/unfinished', { caller: expired.caller });
    const ended = await discard(expired.caller, expired.paymentId);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().detail).toBe(unfinishedOrderMessages.refusals.ended);
    expect(await taken(expired.day.section.id)).toBe(0);
  });

  it('answers 400 for a bad id and 401 signed out', async () => {
    const { caller } = await signedInUser(t);
    expect((await discard(caller, 'not-a-payment')).statusCode).toBe(400);
    expect((await discard(undefined, randomUUID())).statusCode).toBe(401);
  });
});

describe('POST /api/event-payments/:eventPaymentId/pay-now', () => {
  it('opens a fresh page of the same payment, holds its seats again for 30 minutes, and paying it pays once', async () => {
    const { caller, day, paymentId } = await leftCheckout('CARD');
    t.clock.advance(20 * 60_000);
    const response = await payNow(caller, paymentId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      eventPaymentId: paymentId,
      redirectUrl: `/members/event-cart/checkout/demo-pay?eventPaymentId=${paymentId}`,
    });
    expect((await paymentRow(paymentId))?.holdExpiresAt?.toISOString()).toBe(
      new Date(t.clock().getTime() + 30 * 60_000).toISOString(),
    );
    // Past the first hold, within the renewed one: the seats are still held.
    t.clock.advance(15 * 60_000);
    expect((await unfinished(caller)).items.map((row) => row.id)).toEqual([paymentId]);
    const paid = await call(t.app, 'POST', `/api/payments/demo/${paymentId}`, { caller, body: { outcome: 'succeed' } });
    expect(paid.statusCode).toBe(200);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'PAID', seatsHeld: true });
    expect(await taken(day.section.id)).toBe(2);
    const receipts = await t.deps.db
      .select()
      .from(eventPaymentReceipts)
      .where(eq(eventPaymentReceipts.paymentId, paymentId));
    expect(receipts).toHaveLength(1);

    const again = await payNow(caller, paymentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(unfinishedOrderMessages.refusals.paid);
  });

  it('refuses (409) a purchase-order checkout and a hold that ran out, 404 for someone else, 400 for a bad id', async () => {
    const order = await leftCheckout('PURCHASE_ORDER');
    const notCard = await payNow(order.caller, order.paymentId);
    expect(notCard.statusCode).toBe(409);
    expect(notCard.json().detail).toBe(unfinishedOrderMessages.refusals.notCard);

    const card = await leftCheckout('CARD');
    const other = await signedInUser(t);
    expect((await payNow(other.caller, card.paymentId)).statusCode).toBe(404);
    expect((await payNow(card.caller, '42')).statusCode).toBe(400);
    expect((await payNow(undefined, card.paymentId)).statusCode).toBe(401);

    t.clock.advance(31 * 60_000);
    await call(t.app, 'GET', '/api/event-payments/unfinished', { caller: card.caller });
    const ended = await payNow(card.caller, card.paymentId);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().detail).toBe(unfinishedOrderMessages.refusals.ended);
    expect(await paymentRow(card.paymentId)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
  });
});
