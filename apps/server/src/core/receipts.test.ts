import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { receiptMessages, receiptNumberLabel } from '@portal/domain/commerce/receipts.ts';
import { eventPayments } from '../db/schema/commerce.ts';
import { organizations } from '../db/schema/organizations.ts';
import { auditLog, jobs, mailMessages } from '../db/schema/platform.ts';
import { eventPaymentReceipts, receiptCounters } from '../db/schema/receipts.ts';
import { invoices } from '../db/schema/invoices.ts';
import { runDueJobs } from '../platform/jobs.ts';
import { signDemoEvent } from '../platform/payment-providers.ts';
import { paidInstituteSeat } from '../test/application-factories.ts';
import {
  createConferenceDay,
  createCoupon,
  createPayment,
  createPurchaseOrder,
  signedInUser,
} from '../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../test/harness.ts';
import { pdfText } from '../test/pdf-text.ts';
import { school } from '../test/school.ts';
import { markPaid, refundPaidPayment } from './capacity.ts';
import { receiptMailJob, receiptMailJobHandler } from './receipts.ts';

const t = useTestApp();

/** A member with a PENDING demo card payment for `tickets` seats ($149.00 each) of a fresh section. */
async function pendingCardPayment(tickets = 2) {
  const buyer = await signedInUser(t);
  const day = await createConferenceDay(t.deps.db, 100);
  await call(t.app, 'POST', '/api/cart/items', {
    caller: buyer.caller,
    body: {
      eventId: day.event.id,
      ticketTypeId: day.ticketType.id,
      sectionId: day.section.id,
      numberOfTickets: tickets,
    },
  });
  const response = await call(t.app, 'POST', '/api/checkout', {
    caller: buyer.caller,
    body: { method: 'CARD' },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { ...buyer, day, paymentId: response.json().eventPaymentId as string };
}

function demoWebhook(body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/demo/webhook',
    headers: {
      'content-type': 'application/json',
      'x-demo-signature': signDemoEvent(t.deps.config.payments.demoSecret, raw),
    },
    payload: raw,
  });
}

const succeeded = (eventPaymentId: string, id = `evt_${randomUUID()}`) => ({
  id,
  type: 'payment.succeeded',
  eventPaymentId,
  card: { brand: 'visa', last4: '4242' },
});

async function receiptsOf(paymentIds: string[]) {
  return t.deps.db.select().from(eventPaymentReceipts).where(inArray(eventPaymentReceipts.paymentId, paymentIds));
}

const download = (paymentId: string, caller?: Caller) =>
  call(t.app, 'GET', `/api/event-payments/${paymentId}/receipt`, { ...(caller ? { caller } : {}) });

const mailReceipts = () => runDueJobs(t.deps.db, { [receiptMailJob]: receiptMailJobHandler(t.deps) });

describe('receipts of card payments', () => {
  it('a demo card payment gets a numbered receipt: its PDF names the number, buyer, lines, card and total, and it is mailed attached', async () => {
    const buyer = await pendingCardPayment(2);
    const paid = await call(t.app, 'POST', `/api/payments/demo/${buyer.paymentId}`, {
      caller: buyer.caller,
      body: { outcome: 'succeed' },
    });
    expect(paid.statusCode).toBe(200);
    const [receipt] = await receiptsOf([buyer.paymentId]);
    expect(receipt).toMatchObject({ cardBrand: 'Visa', cardLast4: '4242', issuedAt: t.clock() });
    const number = receipt?.number ?? 0;

    const reply = await call(t.app, 'GET', `/api/event-payments/${buyer.paymentId}`, { caller: buyer.caller });
    expect(reply.json().receiptNumber).toBe(number);
    const listed = await call(t.app, 'GET', '/api/event-payments', { caller: buyer.caller });
    expect(listed.json().items[0]).toMatchObject({ id: buyer.paymentId, receiptNumber: number });

    const response = await download(buyer.paymentId, buyer.caller);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${receiptNumberLabel(number)}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Receipt number: ${receiptNumberLabel(number)}`);
    expect(text).toContain(t.deps.config.seller.legalName);
    expect(text).toContain(`Tax ID: ${t.deps.config.seller.taxId}`);
    expect(text).toContain(`${buyer.user.firstName} ${buyer.user.lastName}`);
    expect(text).toContain(buyer.day.event.name);
    expect(text).toContain(buyer.day.section.title);
    expect(text).toMatch(/\b2\b.*\$149\.00.*\$298\.00/);
    expect(text).toMatch(/Total\s*\$298\.00/);
    expect(text).toContain('Paid by: Visa card ending in 4242');
    expect(text).not.toContain('Status:');

    // The mail is queued by a job, after the payment's transaction committed.
    expect(await mailReceipts()).toBeGreaterThanOrEqual(1);
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, buyer.user.email));
    const mail = mails.find((m) => m.subject === receiptMessages.mailSubject(number));
    expect(mail?.text).toContain('$298.00');
    const [attachment] = mail?.attachments ?? [];
    expect(attachment).toMatchObject({
      filename: `receipt-${receiptNumberLabel(number)}.pdf`,
      contentType: 'application/pdf',
      encoding: 'base64',
    });
    expect(await pdfText(Buffer.from(attachment?.content ?? '', 'base64'))).toContain(receiptNumberLabel(number));
  });

  it('a replayed or repeated confirmation keeps the one receipt and its number', async () => {
    const buyer = await pendingCardPayment(1);
    const event = succeeded(buyer.paymentId);
    expect((await demoWebhook(event)).json()).toEqual({ outcome: 'applied' });
    const [first] = await receiptsOf([buyer.paymentId]);
    expect((await demoWebhook(event)).json()).toEqual({ outcome: 'replayed' });
    expect((await demoWebhook(succeeded(buyer.paymentId))).json()).toEqual({ outcome: 'ignored' });
    await t.deps.db.transaction((tx) => markPaid(tx, buyer.paymentId, 'demo', t.clock()));
    expect(await receiptsOf([buyer.paymentId])).toEqual([first]);
    const queued = await t.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, receiptMailJob), eq(jobs.status, 'PENDING')));
    expect(queued.filter((job) => job.payload.paymentId === buyer.paymentId)).toHaveLength(1);
  });

  it('20 payments confirmed at once take 20 consecutive numbers, none repeated, none skipped', async () => {
    const buyers = [];
    for (let i = 0; i < 20; i += 1) buyers.push(await pendingCardPayment(1));
    const [before] = await t.deps.db.select().from(receiptCounters);
    const base = before?.lastNumber ?? 0;
    const answers = await Promise.all(buyers.map((buyer) => demoWebhook(succeeded(buyer.paymentId))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const numbers = (await receiptsOf(buyers.map((buyer) => buyer.paymentId)))
      .map((r) => r.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => base + i + 1));
    const [after] = await t.deps.db.select().from(receiptCounters);
    expect(after?.lastNumber).toBe(base + 20);
  });

  it('names the coupon and what it took off', async () => {
    const buyer = await signedInUser(t);
    const day = await createConferenceDay(t.deps.db, 100);
    const coupon = await createCoupon(t.deps.db);
    const payment = await createPayment(t.deps.db, {
      userId: buyer.user.id,
      status: 'PENDING',
      couponId: coupon.id,
      discountCents: 2_980,
      lines: [
        { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 2 },
      ],
    });
    await t.deps.db.transaction((tx) => markPaid(tx, payment.id, 'demo', t.clock()));
    const text = await pdfText((await download(payment.id, buyer.caller)).rawPayload);
    expect(text).toMatch(/Subtotal\s*\$298\.00/);
    expect(text).toMatch(new RegExp(`Coupon ${coupon.code}\\s*-\\$29\\.80`));
    expect(text).toMatch(/Total\s*\$268\.20/);
    expect(text).toContain('Paid by: Card');
  });

  it('a paying transaction that rolls back gives its number back', async () => {
    const buyer = await pendingCardPayment(1);
    const [before] = await t.deps.db.select().from(receiptCounters);
    await expect(
      t.deps.db.transaction(async (tx) => {
        await markPaid(tx, buyer.paymentId, 'demo', t.clock());
        throw new Error('the rest of the transaction failed');
      }),
    ).rejects.toThrow('the rest of the transaction failed');
    expect(await receiptsOf([buyer.paymentId])).toEqual([]);
    expect((await t.deps.db.select().from(receiptCounters))[0]?.lastNumber).toBe(before?.lastNumber);
    await demoWebhook(succeeded(buyer.paymentId));
    expect((await receiptsOf([buyer.paymentId]))[0]?.number).toBe((before?.lastNumber ?? 0) + 1);
  });

  it('a payment refunded after it was paid says so on its receipt', async () => {
    const buyer = await pendingCardPayment(1);
    await demoWebhook(succeeded(buyer.paymentId));
    await t.deps.db.transaction((tx) => refundPaidPayment(tx, buyer.paymentId, 'BUYER_CANCELLED', t.clock()));
    const text = await pdfText((await download(buyer.paymentId, buyer.caller)).rawPayload);
    expect(text).toContain('Status: refund needed');
    await t.deps.db.update(eventPayments).set({ status: 'CANCELLED' }).where(eq(eventPayments.id, buyer.paymentId));
    expect(await pdfText((await download(buyer.paymentId, buyer.caller)).rawPayload)).toContain('Status: cancelled');
  });
});

describe("receipts of an application's payment", () => {
  it('paying an accepted application by card issues its receipt, one line for the institute seat', async () => {
    const { institute, applicant, eventPaymentId } = await paidInstituteSeat(t);
    const [receipt] = await receiptsOf([eventPaymentId]);
    expect(receipt?.number).toBeGreaterThan(0);
    const response = await download(eventPaymentId, applicant.caller);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Receipt number: ${receiptNumberLabel(receipt?.number ?? 0)}`);
    expect(text).toContain(institute.event.name);
    expect(text).toContain('Paid by: Visa card ending in 4242');
  });
});

/** A school's ADMIN with a payment of 3 seats by purchase order ($447.00, createPurchaseOrder's total), waiting for staff. */
async function submittedPurchaseOrder() {
  const { organization, owner, admin, member } = await school(t);
  await t.deps.db
    .update(organizations)
    .set({
      billingAddressLine1: '12 Ledger Lane',
      billingCity: 'Springfield',
      billingStateProvince: 'IL',
      billingZipPostal: '62701',
    })
    .where(eq(organizations.id, organization.id));
  const day = await createConferenceDay(t.deps.db, 100);
  const payment = await createPayment(t.deps.db, {
    userId: admin.user.id,
    organizationId: organization.id,
    status: 'AWAITING_PO',
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 3 }],
  });
  const purchaseOrder = await createPurchaseOrder(t.deps.db, t.deps.storage, {
    paymentId: payment.id,
    userId: admin.user.id,
    organizationId: organization.id,
    number: `PO-${randomUUID().slice(0, 6)}`,
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  return { organization, owner, admin, member, payment, purchaseOrder };
}

/**
 * Staff approve the purchase order, which invoices it (decision 0212: no receipt yet), then record a
 * check for the whole invoice: the receipt follows.
 */
async function approveAndPayInvoice(staff: Caller, purchaseOrderId: string, paymentId: string) {
  const approved = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrderId}/approve`, {
    caller: staff,
  });
  expect(approved.statusCode).toBe(200);
  expect(await receiptsOf([paymentId])).toEqual([]);
  const [invoice] = await t.deps.db.select().from(invoices).where(eq(invoices.purchaseOrderId, purchaseOrderId));
  const paid = await call(t.app, 'POST', `/api/admin/invoices/${invoice?.id}/payments`, {
    caller: staff,
    headers: { 'idempotency-key': randomUUID() },
    body: { method: 'CHECK', reference: '1042', receivedOn: '2026-11-30', amountCents: invoice?.totalCents },
  });
  expect(paid.statusCode).toBe(201);
}

describe('receipts of purchase orders', () => {
  it('the invoice paid in full issues the receipt: it names the purchase order, the organization and its billing address', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { organization, admin, payment, purchaseOrder } = await submittedPurchaseOrder();
    await approveAndPayInvoice(staff.caller, purchaseOrder.id, payment.id);
    const text = await pdfText((await download(payment.id, admin.caller)).rawPayload);
    expect(text).toContain(`Paid by: Purchase order ${purchaseOrder.number}`);
    expect(text).toContain(organization.name);
    expect(text).toContain('12 Ledger Lane');
    expect(text).toContain('Springfield, IL 62701');
    expect(text).toMatch(/Total\s*\$447\.00/);
  });
});

describe('GET /api/event-payments/:id/receipt', () => {
  it('the buyer, an OWNER of its organization and staff download it; a plain member, a stranger and no one signed in do not', async () => {
    const staffUser = await signedInUser(t, 'STAFF');
    const stranger = await signedInUser(t);
    const { owner, admin, member, payment, purchaseOrder } = await submittedPurchaseOrder();
    await approveAndPayInvoice(staffUser.caller, purchaseOrder.id, payment.id);
    for (const caller of [admin.caller, owner.caller, staffUser.caller]) {
      expect((await download(payment.id, caller)).statusCode).toBe(200);
    }
    for (const caller of [member.caller, stranger.caller]) {
      const refused = await download(payment.id, caller);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().detail).toBe(receiptMessages.notFound);
    }
    expect((await download(payment.id)).statusCode).toBe(401);
  });

  it('a payment without a receipt is 404; an id that is not one is 400', async () => {
    const buyer = await pendingCardPayment(1);
    const none = await download(buyer.paymentId, buyer.caller);
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe(receiptMessages.notFound);
    const bad = await download('not-a-payment', buyer.caller);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Not an event payment id');
  });
});

describe('POST /api/admin/event-payments/:id/receipt/resend', () => {
  it('staff mail it again with the same number, audited; a member is refused; no receipt is 404; a bad id 400', async () => {
    const staffUser = await signedInUser(t, 'STAFF');
    const buyer = await pendingCardPayment(1);
    const resend = (paymentId: string, caller: Caller) =>
      call(t.app, 'POST', `/api/admin/event-payments/${paymentId}/receipt/resend`, { caller });

    expect((await resend(buyer.paymentId, staffUser.caller)).statusCode).toBe(404);
    await demoWebhook(succeeded(buyer.paymentId));
    const [receipt] = await receiptsOf([buyer.paymentId]);

    expect((await resend(buyer.paymentId, buyer.caller)).statusCode).toBe(403);
    const sent = await resend(buyer.paymentId, staffUser.caller);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sentTo: buyer.user.email });
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, buyer.user.email));
    expect(mails.map((m) => m.subject)).toEqual([receiptMessages.mailSubject(receipt?.number ?? 0)]);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, buyer.paymentId));
    expect(audits.map((a) => a.action)).toContain('event-payment.receipt-resent');
    expect(await receiptsOf([buyer.paymentId])).toEqual([receipt]);

    expect((await resend('nope', staffUser.caller)).statusCode).toBe(400);
  });
});
