import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purchaseOrderMessages, type AdminPurchaseOrderPage } from '@portal/domain/commerce/purchase-orders.ts';
import { coupons, eventPayments, eventSections, purchaseOrders } from '../../db/schema/commerce.ts';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { releasePayment } from '../../core/capacity.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import {
  createConferenceDay,
  createCoupon,
  createPayment,
  createPurchaseOrder,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { readCsv, readXlsx } from '../../test/exports.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { exportRows } from './repository.ts';

const t = useTestApp();

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const staff = async () => (await signedInUser(t, 'STAFF')).caller;

/** A buyer's purchase order under review: its payment holds 3 seats of a section of `capacity`. */
async function submitted(
  fields: {
    capacity?: number;
    organizationName?: string;
    number?: string;
    filename?: string;
    withCoupon?: boolean;
    couponMaxUses?: number;
    submittedTotalCents?: number;
  } = {},
) {
  const buyer = await signedInUser(t, 'MEMBER', {
    email: `buyer-${randomUUID().slice(0, 8)}@school.test`,
    firstName: 'Bea',
  });
  const organization = await createOrganization(t.deps.db, fields.organizationName);
  await addMembership(t.deps.db, organization.id, buyer.user.id);
  const day = await createConferenceDay(t.deps.db, fields.capacity ?? 5);
  const coupon = fields.withCoupon ? await createCoupon(t.deps.db, { maxUses: fields.couponMaxUses ?? 5 }) : undefined;
  const payment = await createPayment(t.deps.db, {
    userId: buyer.user.id,
    status: 'AWAITING_PO',
    organizationId: organization.id,
    couponId: coupon?.id,
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 3 }],
  });
  const purchaseOrder = await createPurchaseOrder(t.deps.db, t.deps.storage, {
    paymentId: payment.id,
    userId: buyer.user.id,
    organizationId: organization.id,
    number: fields.number,
    filename: fields.filename,
    submittedTotalCents: fields.submittedTotalCents,
    pdf,
  });
  return { buyer, organization, day, coupon, payment, purchaseOrder };
}

async function paymentOf(id: string) {
  const [row] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id));
  return row;
}

async function sectionTaken(id: string) {
  const [row] = await t.deps.db
    .select({ ticketsTaken: eventSections.ticketsTaken })
    .from(eventSections)
    .where(eq(eventSections.id, id));
  return row?.ticketsTaken;
}

const mailTo = (email: string) => t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, email));

describe('GET /api/admin/purchase-orders', () => {
  it('lists purchase orders newest first with buyer, organization and totals; filters by status; searches number, organization and buyer email', async () => {
    const caller = await staff();
    const a = await submitted({ organizationName: 'Listing Roosevelt Elementary', number: 'LST-1001' });
    const b = await submitted({ organizationName: 'Listing Jefferson Middle', number: 'LST-1002' });
    await t.deps.db.update(purchaseOrders).set({ status: 'VOIDED' }).where(eq(purchaseOrders.id, b.purchaseOrder.id));

    const all = await call(t.app, 'GET', '/api/admin/purchase-orders?search=lst-&pageSize=1', { caller });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(all.json<AdminPurchaseOrderPage>().items).toEqual([
      {
        id: b.purchaseOrder.id,
        number: 'LST-1002',
        status: 'VOIDED',
        type: 'CONFERENCE_DAY',
        eventPaymentId: b.payment.id,
        organizationName: 'Listing Jefferson Middle',
        buyerName: `Bea ${b.buyer.user.lastName}`,
        buyerEmail: b.buyer.user.email,
        contactName: 'Pat Purchasing',
        contactEmail: 'purchasing@district.test',
        contactPhone: '5551234567',
        totalCents: 44_700,
        submittedTotalCents: 44_700,
        paymentTotalCents: 44_700,
        paysFor: null,
        filename: 'purchase order',
        createdAt: b.purchaseOrder.createdAt.toISOString(),
        decidedAt: null,
        quote: null,
      },
    ]);
    const ids = async (query: string) =>
      (await call(t.app, 'GET', `/api/admin/purchase-orders?${query}`, { caller }))
        .json<AdminPurchaseOrderPage>()
        .items.map((row) => row.id);
    expect(await ids('search=lst-&status=SUBMITTED')).toEqual([a.purchaseOrder.id]);
    expect(await ids('search=ROOSEVELT')).toEqual([a.purchaseOrder.id]);
    expect(await ids(`search=${encodeURIComponent(b.buyer.user.email.toUpperCase())}`)).toEqual([b.purchaseOrder.id]);
    expect(await ids('search=lst-1001')).toEqual([a.purchaseOrder.id]);
  });

  it('refuses members (403), signed-out callers (401) and an unknown status (400)', async () => {
    const { caller } = await signedInUser(t);
    expect((await call(t.app, 'GET', '/api/admin/purchase-orders', { caller })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/purchase-orders')).statusCode).toBe(401);
    const bad = await call(t.app, 'GET', '/api/admin/purchase-orders?status=PAID', { caller: await staff() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('status');
  });
});

describe('GET /api/admin/purchase-orders/:id/file', () => {
  it('sends the PDF as an attachment under a safe file name', async () => {
    const { purchaseOrder } = await submitted({ filename: '../../etc/"passwd"\r\nX-Evil: 1' });
    const response = await call(t.app, 'GET', `/api/admin/purchase-orders/${purchaseOrder.id}/file`, {
      caller: await staff(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="etc_passwd_X-Evil_ 1.pdf"');
    expect(response.headers['x-evil']).toBeUndefined();
    expect(response.rawPayload).toEqual(pdf);
  });

  it('refuses members (403) and signed-out callers (401); answers 404 for an unknown purchase order', async () => {
    const { buyer, purchaseOrder } = await submitted();
    expect(
      (await call(t.app, 'GET', `/api/admin/purchase-orders/${purchaseOrder.id}/file`, { caller: buyer.caller }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/purchase-orders/${purchaseOrder.id}/file`)).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', `/api/admin/purchase-orders/${randomUUID()}/file`, { caller: await staff() }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/admin/purchase-orders/:id/approve', () => {
  it('approves: the payment becomes PAID, its seats stay sold, the buyer is mailed and the decision audited; a second decision is refused', async () => {
    const caller = await staff();
    const { buyer, day, payment, purchaseOrder } = await submitted({ number: 'APR-1' });
    const response = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/approve`, { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: purchaseOrder.id,
      status: 'APPROVED',
      decidedAt: t.clock().toISOString(),
    });
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'PAID', seatsHeld: true, paidAt: t.clock() });
    expect(await sectionTaken(day.section.id)).toBe(3);
    const mails = await mailTo(buyer.user.email);
    expect(mails).toEqual([expect.objectContaining({ subject: 'Purchase order APR-1 approved' })]);
    expect(mails[0]?.text).toContain(`http://portal.test/members/event/assign-tickets?eventPaymentId=${payment.id}`);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, purchaseOrder.id));
    expect(audits.map((a) => a.action)).toEqual(['purchaseOrder.approve']);

    for (const decision of ['approve', 'void']) {
      const again = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/${decision}`, { caller });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(purchaseOrderMessages.alreadyDecided);
    }
    expect(await mailTo(buyer.user.email)).toHaveLength(1);
  });

  it('after the hold ran out, takes the released seats again when they are still free', async () => {
    const { day, payment, purchaseOrder } = await submitted({ capacity: 5 });
    await t.deps.db.transaction((tx) => releasePayment(tx, payment.id, 'EXPIRED', t.clock()));
    expect(await sectionTaken(day.section.id)).toBe(0);
    const response = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/approve`, {
      caller: await staff(),
    });
    expect(response.statusCode).toBe(200);
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'PAID', seatsHeld: true });
    expect(await sectionTaken(day.section.id)).toBe(3);
  });

  it('after the hold ran out and the seats were sold to others, refuses with seatsGone and changes nothing', async () => {
    const { buyer, day, payment, purchaseOrder } = await submitted({ capacity: 5 });
    await t.deps.db.transaction((tx) => releasePayment(tx, payment.id, 'EXPIRED', t.clock()));
    const other = await signedInUser(t);
    await createPayment(t.deps.db, {
      userId: other.user.id,
      status: 'PAID',
      lines: [
        { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 4 },
      ],
    });
    const response = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/approve`, {
      caller: await staff(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(purchaseOrderMessages.seatsGone);
    const [po] = await t.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, purchaseOrder.id));
    expect(po).toMatchObject({ status: 'SUBMITTED', decidedAt: null });
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
    expect(await sectionTaken(day.section.id)).toBe(4);
    expect(await mailTo(buyer.user.email)).toEqual([]);
  });

  it('issue 10 reproduction: shows a typed total that differs from the payment’s and refuses to approve it (409); void still works', async () => {
    const caller = await staff();
    const { buyer, day, payment, purchaseOrder } = await submitted({ number: 'CENT-1', submittedTotalCents: 1 });
    const listed = await call(t.app, 'GET', '/api/admin/purchase-orders?search=CENT-1', { caller });
    expect(listed.json<AdminPurchaseOrderPage>().items).toEqual([
      expect.objectContaining({
        id: purchaseOrder.id,
        totalCents: 44_700,
        submittedTotalCents: 1,
        paymentTotalCents: 44_700,
      }),
    ]);

    const refused = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/approve`, { caller });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(purchaseOrderMessages.totalMismatch(1, 44_700));
    expect(refused.json().detail).toContain('$0.01');
    const [po] = await t.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, purchaseOrder.id));
    expect(po).toMatchObject({ status: 'SUBMITTED', decidedAt: null });
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'PO_SUBMITTED', paidAt: null });
    expect(await mailTo(buyer.user.email)).toEqual([]);

    const voided = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/void`, { caller });
    expect(voided.statusCode).toBe(200);
    expect(await sectionTaken(day.section.id)).toBe(0);
  });

  it('after the hold ran out and its one-use coupon was used by someone else, refuses with couponUsedUp and changes nothing', async () => {
    const { day, coupon, payment, purchaseOrder } = await submitted({
      capacity: 5,
      withCoupon: true,
      couponMaxUses: 1,
    });
    await t.deps.db.transaction((tx) => releasePayment(tx, payment.id, 'EXPIRED', t.clock()));
    const other = await signedInUser(t);
    await createPayment(t.deps.db, {
      userId: other.user.id,
      status: 'PAID',
      couponId: coupon?.id,
      lines: [
        { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 1 },
      ],
    });
    const response = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/approve`, {
      caller: await staff(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(purchaseOrderMessages.couponUsedUp);
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
    expect(await sectionTaken(day.section.id)).toBe(1);
    expect(
      (
        await t.deps.db
          .select()
          .from(coupons)
          .where(eq(coupons.id, coupon?.id ?? ''))
      )[0]?.timesUsed,
    ).toBe(1);
  });

  it('refuses members (403) and signed-out callers (401); answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { buyer, purchaseOrder, payment } = await submitted();
    expect(
      (await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/approve`, { caller: buyer.caller }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/approve`)).statusCode).toBe(401);
    const caller = await staff();
    expect(
      (await call(t.app, 'POST', `/api/admin/purchase-orders/${randomUUID()}/approve`, { caller })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'POST', '/api/admin/purchase-orders/42/approve', { caller })).statusCode).toBe(400);
    expect((await paymentOf(payment.id))?.status).toBe('PO_SUBMITTED');
  });
});

describe('POST /api/admin/purchase-orders/:id/void', () => {
  it('voids: the payment is CANCELLED, its seats and coupon use are released, the buyer is mailed; voiding again is refused', async () => {
    const caller = await staff();
    const { buyer, day, coupon, payment, purchaseOrder } = await submitted({ number: 'VOID-7', withCoupon: true });
    expect(await sectionTaken(day.section.id)).toBe(3);
    const response = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/void`, { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: purchaseOrder.id,
      status: 'VOIDED',
      decidedAt: t.clock().toISOString(),
    });
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'CANCELLED',
      seatsHeld: false,
      cancelledAt: t.clock(),
    });
    expect(await sectionTaken(day.section.id)).toBe(0);
    const [couponAfter] = await t.deps.db
      .select()
      .from(coupons)
      .where(eq(coupons.id, coupon?.id ?? ''));
    expect(couponAfter?.timesUsed).toBe(0);
    expect(await mailTo(buyer.user.email)).toEqual([
      expect.objectContaining({ subject: 'Purchase order VOID-7 voided' }),
    ]);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, purchaseOrder.id));
    expect(audits.map((a) => a.action)).toEqual(['purchaseOrder.void']);

    const again = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/void`, { caller });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(purchaseOrderMessages.alreadyDecided);
    expect(await sectionTaken(day.section.id)).toBe(0);
  });

  it('of an approve and a void sent at the same moment, exactly one wins', async () => {
    const caller = await staff();
    const { buyer, day, payment, purchaseOrder } = await submitted();
    const replies = await Promise.all(
      ['approve', 'void', 'approve', 'void'].map((decision) =>
        call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/${decision}`, { caller }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const winner = replies.find((reply) => reply.statusCode === 200)?.json<{ status: string }>().status;
    const after = await paymentOf(payment.id);
    expect(after?.status).toBe(winner === 'APPROVED' ? 'PAID' : 'CANCELLED');
    expect(await sectionTaken(day.section.id)).toBe(winner === 'APPROVED' ? 3 : 0);
    expect(await mailTo(buyer.user.email)).toHaveLength(1);
  });

  it('refuses members (403) and signed-out callers (401)', async () => {
    const { buyer, purchaseOrder, payment } = await submitted();
    expect(
      (await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/void`, { caller: buyer.caller }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/void`)).statusCode).toBe(401);
    expect((await paymentOf(payment.id))?.status).toBe('PO_SUBMITTED');
  });
});

describe('GET /api/admin/purchase-orders/export', () => {
  it('writes the list under the same filters as CSV: the header, then the rows the list shows, in its order, in dollars', async () => {
    const caller = await staff();
    await submitted({ organizationName: 'Export Adams Elementary', number: 'EXP-2001' });
    const b = await submitted({
      organizationName: 'Export Baker Middle',
      number: 'EXP-2002',
      submittedTotalCents: 12_345,
    });
    const voided = await submitted({ organizationName: 'Export Carver High', number: 'EXP-2003' });
    await t.deps.db
      .update(purchaseOrders)
      .set({ status: 'VOIDED' })
      .where(eq(purchaseOrders.id, voided.purchaseOrder.id));

    const filters = 'search=exp-&status=SUBMITTED';
    const list = (
      await call(t.app, 'GET', `/api/admin/purchase-orders?${filters}`, { caller })
    ).json<AdminPurchaseOrderPage>();
    const file = await call(t.app, 'GET', `/api/admin/purchase-orders/export?${filters}&format=csv`, { caller });

    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="purchase-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual([
      'Number',
      'Organization',
      'Buyer',
      'Buyer email',
      'Contact name',
      'Contact email',
      'Contact phone',
      'Type',
      'Pays for',
      'Typed total',
      'Payment total',
      'Status',
      'Submitted',
      'Decided',
    ]);
    expect(rows.map((row) => row[0])).toEqual(list.items.map((item) => item.number));
    expect(rows.map((row) => row[0])).toEqual(['EXP-2002', 'EXP-2001']);
    const [first] = rows;
    expect(first?.slice(1, 4)).toEqual(['Export Baker Middle', list.items[0]?.buyerName, b.buyer.user.email]);
    expect(first?.[7]).toBe('Conference day');
    expect(first?.[9]).toBe('123.45');
    expect(first?.[11]).toBe('Submitted');
    expect(first?.[12]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    expect(first?.[13]).toBe('');
  });

  it('writes an XLSX sheet whose money cells are dollar numbers', async () => {
    const caller = await staff();
    await submitted({ organizationName: 'Sheet Lincoln Elementary', number: 'XLS-3001', submittedTotalCents: 9_950 });

    const file = await call(
      t.app,
      'GET',
      '/api/admin/purchase-orders/export?search=xls-&status=SUBMITTED&format=xlsx',
      {
        caller,
      },
    );

    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [header, ...rows] = await readXlsx(file.rawPayload);
    expect(header?.[0]).toBe('Number');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('XLS-3001');
    expect(rows[0]?.[9]).toBe(99.5);
  });

  it('pages by keyset without losing or repeating a row, even for rows submitted in the same millisecond', async () => {
    const orders = [];
    for (const n of [1, 2, 3, 4, 5])
      orders.push(await submitted({ organizationName: `Keyset School ${n}`, number: `KEY-${n}` }));
    // Microseconds apart: a Date rounds them to one millisecond, the keyset must not.
    for (const [index, order] of orders.entries())
      await t.deps.db
        .update(purchaseOrders)
        .set({ createdAt: sql`'2026-03-01 10:00:00.123'::timestamptz + ${index} * interval '1 microsecond'` })
        .where(eq(purchaseOrders.id, order.purchaseOrder.id));

    const numbers = [];
    for await (const row of exportRows(t.deps.db, { search: 'key-' }, 2)) numbers.push(row.number);

    expect(numbers).toEqual(['KEY-5', 'KEY-4', 'KEY-3', 'KEY-2', 'KEY-1']);
  });

  it('refuses a member and an unknown format', async () => {
    const member = (await signedInUser(t, 'MEMBER')).caller;
    expect(
      (await call(t.app, 'GET', '/api/admin/purchase-orders/export?format=csv', { caller: member })).statusCode,
    ).toBe(403);
    const bad = await call(t.app, 'GET', '/api/admin/purchase-orders/export?format=pdf', { caller: await staff() });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose csv or xlsx');
  });
});
