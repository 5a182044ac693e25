import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DashboardReply } from '@portal/domain/staff/dashboard.ts';
import type {
  AdminRefundPage,
  CancellationReply,
  CancellationView,
  RefundPreview,
  RefundReply,
} from '@portal/domain/commerce/refunds.ts';
import { eventPaymentItems, eventPayments, events, eventSections } from '../../db/schema/commerce.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { cancellationRequests, creditNotes } from '../../db/schema/refunds.ts';
import { markPaid } from '../../core/capacity.ts';
import { createConferenceDay, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { readCsv } from '../../test/exports.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

/** A PAID payment of 2 × $100.00 for a fresh conference day: by purchase order, or by card through the demo provider. */
async function paidPayment(method: 'PURCHASE_ORDER' | 'CARD') {
  const buyer = await signedInUser(t, 'MEMBER', { email: `refund-${randomUUID().slice(0, 8)}@school.test` });
  const day = await createConferenceDay(t.deps.db, 10);
  const payment = await createPayment(t.deps.db, {
    userId: buyer.user.id,
    status: 'PENDING',
    method,
    lines: [
      {
        eventId: day.event.id,
        ticketTypeId: day.ticketType.id,
        sectionId: day.section.id,
        numberOfTickets: 2,
        priceCents: 10_000,
      },
    ],
  });
  await t.deps.db.transaction((tx) =>
    markPaid(tx, payment.id, method === 'CARD' ? 'demo' : 'purchase-order', t.clock()),
  );
  const [item] = await t.deps.db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
  if (!item) throw new Error('no item');
  return { buyer, day, payment, item };
}

const refund = (caller: Caller, paymentId: string, body: unknown, key: string = randomUUID()) =>
  call(t.app, 'POST', `/api/admin/event-payments/${paymentId}/refund`, {
    caller,
    body,
    headers: { 'idempotency-key': key },
  });

async function refundsWaiting(caller: Caller) {
  const dashboard = await call(t.app, 'GET', '/api/admin/dashboard', { caller });
  return dashboard.json<DashboardReply>().cards.find((card) => card.kind === 'refundsNeeded')?.count;
}

describe('POST /api/admin/event-payments/:id/refund', () => {
  it('refunds a purchase-order payment in full: the refund is owed, counted on the dashboard, listed, exported, then settled', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { payment, day } = await paidPayment('PURCHASE_ORDER');
    const before = await refundsWaiting(staff.caller);

    const response = await refund(staff.caller, payment.id, { refund: 'FULL', reason: 'Event moved' });
    expect(response.statusCode).toBe(200);
    const reply = response.json<CancellationReply>();
    expect(reply).toMatchObject({
      cancelledTickets: 2,
      refund: { amountCents: 20_000, status: 'OWED', method: 'CREDIT_NOTE' },
    });
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'CANCELLED', seatsHeld: false, refundedCents: 20_000 });
    const [section] = await t.deps.db.select().from(eventSections).where(eq(eventSections.id, day.section.id));
    expect(section?.ticketsTaken).toBe(0);
    expect(await refundsWaiting(staff.caller)).toBe((before ?? 0) + 1);

    const list = await call(t.app, 'GET', `/api/admin/refunds?status=OWED&eventId=${day.event.id}`, {
      caller: staff.caller,
    });
    expect(list.json<AdminRefundPage>()).toMatchObject({
      total: 1,
      items: [{ id: reply.refund?.id, events: [day.event.name] }],
    });
    const csv = await call(t.app, 'GET', `/api/admin/refunds/export?format=csv&eventId=${day.event.id}`, {
      caller: staff.caller,
    });
    const rows = readCsv(csv.body);
    expect(rows[0]).toEqual([
      'Refund',
      'Payment',
      'Buyer',
      'Buyer email',
      'Events',
      'Amount',
      'Method',
      'Status',
      'Credit note',
      'Created',
      'Settled',
    ]);
    expect(rows[1]?.slice(5, 9)).toEqual([
      '200.00',
      'Credit note (finance office)',
      'Owed',
      `C-${String(reply.refund?.creditNoteNumber).padStart(6, '0')}`,
    ]);

    const settled = await call(t.app, 'POST', `/api/admin/refunds/${reply.refund?.id}/settle`, {
      caller: staff.caller,
    });
    expect(settled.json<RefundReply>()).toMatchObject({ status: 'SETTLED', settledAt: expect.any(String) });
    const again = await call(t.app, 'POST', `/api/admin/refunds/${reply.refund?.id}/settle`, { caller: staff.caller });
    expect(again.statusCode).toBe(200);
    expect(await refundsWaiting(staff.caller)).toBe(before);
  });

  it('refunds part of a card payment through the demo provider, or nothing; credit notes are numbered without gaps', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const first = await paidPayment('CARD');
    const second = await paidPayment('CARD');
    const partial = await refund(staff.caller, first.payment.id, {
      refund: 'PARTIAL',
      amountCents: 5000,
      reason: 'Event moved',
    });
    expect(partial.json<CancellationReply>().refund).toMatchObject({ amountCents: 5000, status: 'SETTLED' });
    const full = await refund(staff.caller, second.payment.id, { refund: 'FULL', reason: 'Event moved' });
    const [a, b] = [partial, full].map((reply) => reply.json<CancellationReply>().refund?.creditNoteNumber ?? 0);
    expect(b).toBe((a ?? 0) + 1);
    const none = await paidPayment('CARD');
    expect((await refund(staff.caller, none.payment.id, { refund: 'NONE', reason: 'Event moved' })).json()).toEqual({
      cancelledTickets: 2,
      refund: null,
    });
  });

  it('refuses a member, a refund larger than paid, a bad body, a cancelled payment, and replays a retried call', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { buyer, payment } = await paidPayment('CARD');
    expect((await refund(buyer.caller, payment.id, { refund: 'FULL', reason: 'Event moved' })).statusCode).toBe(403);
    const tooMuch = await refund(staff.caller, payment.id, {
      refund: 'PARTIAL',
      amountCents: 20_001,
      reason: 'Event moved',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ detail: 'A refund can be at most $200.00, what is left of this payment.' });
    expect(
      (await refund(staff.caller, payment.id, { refund: 'PARTIAL', amountCents: 0, reason: 'Event moved' })).statusCode,
    ).toBe(400);
    expect((await refund(staff.caller, payment.id, { refund: 'SOME', reason: 'Event moved' })).statusCode).toBe(400);

    const key = randomUUID();
    const done = await refund(staff.caller, payment.id, { refund: 'FULL', reason: 'Event moved' }, key);
    const replay = await refund(staff.caller, payment.id, { refund: 'FULL', reason: 'Event moved' }, key);
    expect(replay.json()).toEqual(done.json());
    expect(await t.deps.db.select().from(creditNotes).where(eq(creditNotes.paymentId, payment.id))).toHaveLength(1);
    const cancelled = await refund(staff.caller, payment.id, { refund: 'FULL', reason: 'Event moved' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ detail: 'One of these tickets is already cancelled.' });
  });

  it('the database refuses a refunded total above what was paid', async () => {
    const { payment } = await paidPayment('CARD');
    await expect(
      t.deps.db.update(eventPayments).set({ refundedCents: 20_001 }).where(eq(eventPayments.id, payment.id)),
    ).rejects.toThrow();
  });
});

describe('cancellation requests', () => {
  async function requested() {
    const setup = await paidPayment('CARD');
    await t.deps.db.update(events).set({ cancelDaysBefore: null }).where(eq(events.id, setup.day.event.id));
    const made = await call(t.app, 'POST', `/api/event-payments/${setup.payment.id}/cancellation-requests`, {
      caller: setup.buyer.caller,
      body: { items: [{ itemId: setup.item.id, unassigned: 1 }], reason: 'Our school trip moved' },
    });
    return { ...setup, requestId: made.json<{ id: string }>().id };
  }

  const decide = (caller: Caller, requestId: string, body: unknown) =>
    call(t.app, 'POST', `/api/admin/refunds/cancellation-requests/${requestId}/decision`, { caller, body });

  it('staff approve with a partial refund: one ticket cancelled, refunded, the buyer mailed; a second decision is refused', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { requestId, payment, buyer } = await requested();
    const listed = await call(t.app, 'GET', '/api/admin/refunds/cancellation-requests?status=OPEN', {
      caller: staff.caller,
    });
    expect(listed.json<{ items: { id: string; tickets: number }[] }>().items).toContainEqual(
      expect.objectContaining({ id: requestId, tickets: 1, reason: 'Our school trip moved' }),
    );
    const approved = await decide(staff.caller, requestId, {
      decision: 'APPROVE',
      refund: { refund: 'PARTIAL', amountCents: 4000 },
    });
    expect(approved.json()).toEqual({ id: requestId, status: 'APPROVED' });
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'PAID', refundedCents: 4000 });
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, buyer.user.email));
    expect(mails.map((mail) => mail.subject)).toContain('Your cancellation request was decided');
    expect(
      (await decide(staff.caller, requestId, { decision: 'DECLINE', reason: 'Too close to the day' })).statusCode,
    ).toBe(409);
  });

  it('staff decline: nothing changes; a member cannot decide; an unknown request is 404', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { requestId, payment, buyer } = await requested();
    expect(
      (await decide(buyer.caller, requestId, { decision: 'DECLINE', reason: 'Too close to the day' })).statusCode,
    ).toBe(403);
    expect(
      (await decide(staff.caller, randomUUID(), { decision: 'DECLINE', reason: 'Too close to the day' })).statusCode,
    ).toBe(404);
    expect(
      (await decide(staff.caller, requestId, { decision: 'DECLINE', reason: 'Too close to the day' })).json(),
    ).toMatchObject({
      status: 'DECLINED',
    });
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'PAID', refundedCents: 0 });
    const [row] = await t.deps.db.select().from(cancellationRequests).where(eq(cancellationRequests.id, requestId));
    expect(row?.status).toBe('DECLINED');
  });

  it('a decline needs a reason, and the buyer is mailed it', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { requestId, buyer } = await requested();
    expect((await decide(staff.caller, requestId, { decision: 'DECLINE' })).statusCode).toBe(400);
    expect((await decide(staff.caller, requestId, { decision: 'DECLINE', reason: '  ' })).statusCode).toBe(400);
    expect(
      (await decide(staff.caller, requestId, { decision: 'DECLINE', reason: 'The day is in two days' })).statusCode,
    ).toBe(200);
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, buyer.user.email));
    const decided = mails.find((mail) => mail.subject === 'Your cancellation request was decided');
    expect(decided?.text).toContain('Reason: The day is in two days');
  });
});

describe('the staff refund dialog', () => {
  const preview = (caller: Caller, paymentId: string, body: unknown) =>
    call(t.app, 'POST', `/api/admin/event-payments/${paymentId}/refund/preview`, { caller, body });

  it('shows the server-computed refund of the chosen tickets, then refunds them with the reason: credit note, buyer mailed', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { payment, item, buyer } = await paidPayment('CARD');
    const view = await call(t.app, 'GET', `/api/admin/event-payments/${payment.id}/cancellation`, {
      caller: staff.caller,
    });
    expect(view.json<CancellationView>()).toMatchObject({
      paymentId: payment.id,
      lines: [{ itemId: item.id, activeTickets: 2, unassigned: 2 }],
    });
    const one = { items: [{ itemId: item.id, unassigned: 1 }] };
    expect((await preview(staff.caller, payment.id, one)).json<RefundPreview>()).toEqual({
      tickets: 1,
      faceCents: 10_000,
      paidCents: 10_000,
      feeCents: 0,
      refundCents: 10_000,
      leftCents: 20_000,
    });
    expect((await preview(staff.caller, payment.id, {})).json<RefundPreview>()).toMatchObject({
      tickets: 2,
      refundCents: 20_000,
    });

    const done = await refund(staff.caller, payment.id, { refund: 'FULL', reason: 'The venue flooded', ...one });
    expect(done.json<CancellationReply>()).toMatchObject({
      cancelledTickets: 1,
      refund: {
        amountCents: 10_000,
        method: 'CARD',
        reason: 'The venue flooded',
        creditNoteNumber: expect.any(Number),
      },
    });
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'PAID', refundedCents: 10_000 });
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, buyer.user.email));
    const told = mails.find((mail) => mail.subject === 'Your event payment was refunded');
    expect(told?.text).toContain('cancelled 1 ticket of your event payment and refunded $100.00');
    expect(told?.text).toContain('Reason: The venue flooded');
    expect((await preview(staff.caller, payment.id, {})).json<RefundPreview>()).toMatchObject({
      tickets: 1,
      refundCents: 10_000,
      leftCents: 10_000,
    });
  });

  it('refuses without a reason, more than is left, a ticket already cancelled, a member, and an unpaid payment', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { payment, item, buyer } = await paidPayment('CARD');
    expect((await refund(staff.caller, payment.id, { refund: 'FULL' })).statusCode).toBe(400);
    expect((await refund(staff.caller, payment.id, { refund: 'FULL', reason: ' ' })).statusCode).toBe(400);
    const both = { items: [{ itemId: item.id, unassigned: 2 }] };
    expect((await preview(staff.caller, payment.id, { items: [{ itemId: item.id, unassigned: 3 }] })).statusCode).toBe(
      409,
    );
    expect((await preview(buyer.caller, payment.id, both)).statusCode).toBe(403);
    expect((await preview(staff.caller, randomUUID(), both)).statusCode).toBe(404);
    const tooMuch = await refund(staff.caller, payment.id, {
      refund: 'PARTIAL',
      amountCents: 20_001,
      reason: 'Goodwill',
      ...both,
    });
    expect(tooMuch.statusCode).toBe(409);
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'PAID', refundedCents: 0 });
    expect((await refund(staff.caller, payment.id, { refund: 'FULL', reason: 'Goodwill', ...both })).statusCode).toBe(
      200,
    );
    expect((await preview(staff.caller, payment.id, both)).statusCode).toBe(409);
  });
});
