import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
import { call, useTestApp } from '../../test/harness.ts';

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
