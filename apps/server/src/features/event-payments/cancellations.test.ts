import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CancellationReply, CancellationView, RefundPreview } from '@portal/domain/commerce/refunds.ts';
import { coupons, eventPaymentItems, eventPayments, events, eventSections } from '../../db/schema/commerce.ts';
import { cancelledTickets, creditNotes, refunds } from '../../db/schema/refunds.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { markPaid } from '../../core/capacity.ts';
import { createConferenceDay, createCoupon, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { call, sessionCookieOf, useTestApp, type Caller } from '../../test/harness.ts';
import { createCompleteApplication, createInstitute } from '../../test/application-factories.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createUser } from '../../test/factories.ts';

const t = useTestApp();

/**
 * A buyer's PAID card payment (demo provider) of `tickets` tickets at $100.00 of a conference day on
 * 2026-12-10 that may be cancelled until 7 days before, with a receipt; one ticket allocated to a colleague.
 */
async function paidCardPayment(options: { tickets?: number; couponId?: string; discountCents?: number } = {}) {
  const buyer = await signedInUser(t, 'MEMBER', { email: `buyer-${randomUUID().slice(0, 8)}@school.test` });
  const day = await createConferenceDay(t.deps.db, 10);
  await t.deps.db
    .update(events)
    .set({ cancelDaysBefore: 7, cancellationFeeType: 'NONE', cancellationFeeValue: 0 })
    .where(eq(events.id, day.event.id));
  const tickets = options.tickets ?? 3;
  const payment = await createPayment(t.deps.db, {
    userId: buyer.user.id,
    status: 'PENDING',
    method: 'CARD',
    ...(options.couponId ? { couponId: options.couponId } : {}),
    ...(options.discountCents ? { discountCents: options.discountCents } : {}),
    lines: [
      {
        eventId: day.event.id,
        ticketTypeId: day.ticketType.id,
        sectionId: day.section.id,
        numberOfTickets: tickets,
        priceCents: 10_000,
      },
    ],
  });
  await t.deps.db.transaction((tx) => markPaid(tx, payment.id, 'demo', t.clock()));
  const [item] = await t.deps.db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
  if (!item) throw new Error('no item');
  const holder = await createUser(t.deps.db, { email: `holder-${randomUUID().slice(0, 8)}@school.test` });
  const [ticket] = await t.deps.db
    .insert(eventTickets)
    .values({ paymentItemId: item.id, userId: holder.id, eventId: day.event.id, sectionId: day.section.id })
    .returning();
  if (!ticket) throw new Error('no ticket');
  return { buyer, day, payment, item, ticket, holder };
}

const cancel = (caller: Caller, paymentId: string, body: unknown, key: string = randomUUID()) =>
  call(t.app, 'POST', `/api/event-payments/${paymentId}/cancellation`, {
    caller,
    body,
    headers: { 'idempotency-key': key },
  });

async function sectionTaken(sectionId: string) {
  const [section] = await t.deps.db.select().from(eventSections).where(eq(eventSections.id, sectionId));
  return section?.ticketsTaken;
}

describe('POST /api/event-payments/:id/cancellation', () => {
  it('cancels one of three tickets within the policy: refunded at once by the demo provider, with a credit note', async () => {
    const { buyer, day, payment, item } = await paidCardPayment();
    expect(await sectionTaken(day.section.id)).toBe(3);

    const response = await cancel(buyer.caller, payment.id, { items: [{ itemId: item.id, unassigned: 1 }] });
    expect(response.statusCode).toBe(200);
    const reply = response.json<CancellationReply>();
    expect(reply).toMatchObject({
      cancelledTickets: 1,
      refund: { amountCents: 10_000, status: 'SETTLED', method: 'CARD', creditNoteNumber: expect.any(Number) },
    });
    expect(await sectionTaken(day.section.id)).toBe(2);
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'PAID', refundedCents: 10_000, seatsHeld: true });

    const pdf = await call(t.app, 'GET', `/api/event-payments/${payment.id}/credit-notes/${reply.refund?.id ?? ''}`, {
      caller: buyer.caller,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(`C-${String(reply.refund?.creditNoteNumber).padStart(6, '0')}`);
    expect(text).toMatch(/Corrects receipt: R-\d{6}/);
    expect(text).toContain(`Tax ID: ${t.deps.config.seller.taxId}`);
    expect(text).toContain('-$100.00');

    const view = await call(t.app, 'GET', `/api/event-payments/${payment.id}/cancellation`, { caller: buyer.caller });
    expect(view.json<CancellationView>().lines[0]).toMatchObject({
      activeTickets: 2,
      cancelledTickets: 1,
      unassigned: 1,
    });
  });

  it('cancels an allocated ticket: its row is gone, so its code no longer finds a ticket, and the holder is mailed', async () => {
    const { buyer, payment, item, ticket, holder } = await paidCardPayment();
    const response = await cancel(buyer.caller, payment.id, { items: [{ itemId: item.id, ticketIds: [ticket.id] }] });
    expect(response.statusCode).toBe(200);
    expect(await t.deps.db.select().from(eventTickets).where(eq(eventTickets.id, ticket.id))).toEqual([]);
    const [kept] = await t.deps.db.select().from(cancelledTickets).where(eq(cancelledTickets.paymentItemId, item.id));
    expect(kept?.formerHolderId).toBe(holder.id);
    const mails = await t.deps.db
      .select({ subject: mailMessages.subject })
      .from(mailMessages)
      .where(eq(mailMessages.to, holder.email));
    expect(mails.map((row) => row.subject)).toEqual([`Your ticket for ${await dayName(item.eventId)} was cancelled`]);
  });

  it('cancels the whole order: the payment is CANCELLED, every seat and the coupon use come back once', async () => {
    const coupon = await createCoupon(t.deps.db, { maxUses: 5 });
    const { buyer, day, payment, item, ticket } = await paidCardPayment({ couponId: coupon.id, discountCents: 3000 });
    const response = await cancel(buyer.caller, payment.id, {
      items: [{ itemId: item.id, ticketIds: [ticket.id], unassigned: 2 }],
    });
    expect(response.json<CancellationReply>()).toMatchObject({ cancelledTickets: 3, refund: { amountCents: 27_000 } });
    expect(await sectionTaken(day.section.id)).toBe(0);
    const [used] = await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used?.timesUsed).toBe(0);
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'CANCELLED', refundedCents: 27_000, seatsHeld: false });

    const again = await cancel(buyer.caller, payment.id, { items: [{ itemId: item.id, unassigned: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'One of these tickets is already cancelled.' });
  });

  it('two concurrent cancels of the same ticket make one refund', async () => {
    const { buyer, day, payment, item, ticket } = await paidCardPayment();
    const body = { items: [{ itemId: item.id, ticketIds: [ticket.id] }] };
    const [a, b] = await Promise.all([cancel(buyer.caller, payment.id, body), cancel(buyer.caller, payment.id, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
    expect(await sectionTaken(day.section.id)).toBe(2);
  });

  it('a replayed call (same Idempotency-Key) answers the first one and refunds once', async () => {
    const { buyer, payment, item } = await paidCardPayment();
    const key = randomUUID();
    const body = { items: [{ itemId: item.id, unassigned: 1 }] };
    const first = await cancel(buyer.caller, payment.id, body, key);
    const replay = await cancel(buyer.caller, payment.id, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
    const other = await cancel(buyer.caller, payment.id, { items: [{ itemId: item.id, unassigned: 2 }] }, key);
    expect(other.statusCode).toBe(422);
  });

  it('refuses outside the policy (the day after day N), someone else, and bad input', async () => {
    const { buyer, payment, item, day } = await paidCardPayment();
    const body = { items: [{ itemId: item.id, unassigned: 1 }] };
    const stranger = await signedInUser(t);
    expect((await cancel(stranger.caller, payment.id, body)).statusCode).toBe(404);
    expect((await cancel(buyer.caller, payment.id, { items: [] })).statusCode).toBe(400);
    expect(
      (await cancel(buyer.caller, payment.id, { items: [{ itemId: randomUUID(), unassigned: 1 }] })).statusCode,
    ).toBe(400);
    expect((await cancel(buyer.caller, payment.id, { items: [{ itemId: item.id, unassigned: 3 }] })).statusCode).toBe(
      409,
    );
    const missingKey = await call(t.app, 'POST', `/api/event-payments/${payment.id}/cancellation`, {
      caller: buyer.caller,
      body,
    });
    expect(missingKey.statusCode).toBe(400);

    // The clock says 2026-11-22: an event on the 28th is 6 days away (refused), on the 29th 7 (day N exactly).
    await t.deps.db
      .update(events)
      .set({ startDate: '2026-11-28', endDate: '2026-11-28' })
      .where(eq(events.id, day.event.id));
    const late = await cancel(buyer.caller, payment.id, body);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: expect.stringContaining('can no longer be cancelled online') });
    await t.deps.db
      .update(events)
      .set({ startDate: '2026-11-29', endDate: '2026-11-29' })
      .where(eq(events.id, day.event.id));
    expect((await cancel(buyer.caller, payment.id, body)).statusCode).toBe(200);
  });

  it('takes the fee, and refunds nothing (no credit note) when the fee is more than the price', async () => {
    const { buyer, payment, item, day } = await paidCardPayment();
    await t.deps.db
      .update(events)
      .set({ cancellationFeeType: 'FIXED', cancellationFeeValue: 2500 })
      .where(eq(events.id, day.event.id));
    const fee = await cancel(buyer.caller, payment.id, { items: [{ itemId: item.id, unassigned: 1 }] });
    expect(fee.json<CancellationReply>().refund?.amountCents).toBe(7500);
    await t.deps.db.update(events).set({ cancellationFeeValue: 20_000 }).where(eq(events.id, day.event.id));
    const none = await cancel(buyer.caller, payment.id, { items: [{ itemId: item.id, unassigned: 1 }] });
    expect(none.json()).toEqual({ cancelledTickets: 1, refund: null });
    expect(await t.deps.db.select().from(creditNotes).where(eq(creditNotes.paymentId, payment.id))).toHaveLength(1);
  });
});

async function dayName(eventId: string) {
  const [event] = await t.deps.db.select({ name: events.name }).from(events).where(eq(events.id, eventId));
  return event?.name;
}

describe('POST /api/event-payments/:id/cancellation/preview', () => {
  const preview = (caller: Caller, paymentId: string, body: unknown) =>
    call(t.app, 'POST', `/api/event-payments/${paymentId}/cancellation/preview`, { caller, body });

  it('computes what the cancellation would give back (coupon pro-rated, less the fee) and writes nothing', async () => {
    const coupon = await createCoupon(t.deps.db, { maxUses: 5 });
    const { buyer, day, payment, item } = await paidCardPayment({ couponId: coupon.id, discountCents: 3000 });
    await t.deps.db
      .update(events)
      .set({ cancellationFeeType: 'FIXED', cancellationFeeValue: 500 })
      .where(eq(events.id, day.event.id));
    const response = await preview(buyer.caller, payment.id, { items: [{ itemId: item.id, unassigned: 1 }] });
    expect(response.statusCode).toBe(200);
    expect(response.json<RefundPreview>()).toEqual({
      tickets: 1,
      faceCents: 10_000,
      paidCents: 9000,
      feeCents: 500,
      refundCents: 8500,
      leftCents: 27_000,
    });
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'PAID', refundedCents: 0 });
    expect(await sectionTaken(day.section.id)).toBe(3);
    const done = await cancel(buyer.caller, payment.id, { items: [{ itemId: item.id, unassigned: 1 }] });
    expect(done.json<CancellationReply>().refund?.amountCents).toBe(8500);
  });

  it('refuses as cancelling does: outside the policy, someone else, more tickets than are left', async () => {
    const { buyer, day, payment, item } = await paidCardPayment();
    const stranger = await signedInUser(t);
    const one = { items: [{ itemId: item.id, unassigned: 1 }] };
    expect((await preview(stranger.caller, payment.id, one)).statusCode).toBe(404);
    expect((await preview(buyer.caller, payment.id, { items: [{ itemId: item.id, unassigned: 3 }] })).statusCode).toBe(
      409,
    );
    expect((await preview(buyer.caller, payment.id, { items: [] })).statusCode).toBe(400);
    await t.deps.db.update(events).set({ cancelDaysBefore: 30 }).where(eq(events.id, day.event.id));
    const outside = await preview(buyer.caller, payment.id, one);
    expect(outside.statusCode).toBe(409);
    expect(outside.json()).toMatchObject({ detail: expect.stringContaining('can no longer be cancelled online') });
  });
});

describe('who cancels online', () => {
  it('refuses staff viewing as the buyer, and an institute seat (it goes through a request)', async () => {
    const { buyer, payment, item } = await paidCardPayment();
    const staff = await signedInUser(t, 'STAFF');
    const started = await call(t.app, 'POST', `/api/admin/users/${buyer.user.id}/impersonate`, {
      caller: staff.caller,
    });
    expect(started.statusCode).toBe(200);
    const viewing = { cookie: sessionCookieOf(started) };
    const one = { items: [{ itemId: item.id, unassigned: 1 }] };
    const refused = await cancel(viewing, payment.id, one);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      detail: 'Only the buyer herself cancels tickets, not staff viewing as her.',
    });
    const asked = await call(t.app, 'POST', `/api/event-payments/${payment.id}/cancellation-requests`, {
      caller: viewing,
      body: { ...one, reason: 'Viewing as' },
    });
    expect(asked.statusCode).toBe(403);

    const institute = await createInstitute(t.deps.db);
    const application = await createCompleteApplication(t.deps.db, institute, buyer.user.id);
    await t.deps.db
      .update(eventPayments)
      .set({ applicationId: application.id })
      .where(eq(eventPayments.id, payment.id));
    const seat = await cancel(buyer.caller, payment.id, one);
    expect(seat.statusCode).toBe(409);
    expect(seat.json()).toMatchObject({ detail: expect.stringContaining('is not cancelled online') });
    const previewed = await call(t.app, 'POST', `/api/event-payments/${payment.id}/cancellation/preview`, {
      caller: buyer.caller,
      body: one,
    });
    expect(previewed.statusCode).toBe(409);
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'PAID', refundedCents: 0 });
  });
});

describe('POST /api/event-payments/:id/cancellation-requests', () => {
  it('records one request with a reason; a second one waiting is refused; a stranger is told it does not exist', async () => {
    const { buyer, payment, item } = await paidCardPayment();
    const body = { items: [{ itemId: item.id, unassigned: 1 }], reason: 'The school closed that week' };
    const url = `/api/event-payments/${payment.id}/cancellation-requests`;
    const first = await call(t.app, 'POST', url, { caller: buyer.caller, body });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'OPEN' });
    expect((await call(t.app, 'POST', url, { caller: buyer.caller, body })).statusCode).toBe(409);
    expect((await call(t.app, 'POST', url, { caller: buyer.caller, body: { ...body, reason: ' ' } })).statusCode).toBe(
      400,
    );
    const stranger = await signedInUser(t);
    expect((await call(t.app, 'POST', url, { caller: stranger.caller, body })).statusCode).toBe(404);
  });
});
