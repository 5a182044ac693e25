import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentMessages, purchaseOrderHoldDays } from '@portal/domain/commerce/payments.ts';
import { maxPurchaseOrderBytes, purchaseOrderMessages } from '@portal/domain/commerce/purchase-orders.ts';
import { eventApplications } from '../../db/schema/applications.ts';
import { eventPayments, eventSections, purchaseOrders } from '../../db/schema/commerce.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { createConferenceDay, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { call, type Caller, useTestApp } from '../../test/harness.ts';
import { multipartBody, tinyPdf as pdf, type FilePart } from '../../test/multipart.ts';

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

/** A buyer, member of a school, whose purchase-order checkout holds 3 seats of a 5-seat section. */
async function awaitingPurchaseOrder(fields: { holdExpiresAt?: Date; couponId?: string } = {}) {
  const buyer = await signedInUser(t, 'MEMBER', { firstName: 'Bea' });
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, buyer.user.id);
  const day = await createConferenceDay(t.deps.db, 5);
  const payment = await createPayment(t.deps.db, {
    userId: buyer.user.id,
    status: 'AWAITING_PO',
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 3 }],
    ...fields,
  });
  return { buyer, organization, day, payment };
}

const form = (eventPaymentId: string, organizationId: string, fields: Record<string, string> = {}) => ({
  eventPaymentId,
  filename: 'District PO 2026',
  contactEmail: 'purchasing@district.test',
  contactName: 'Pat Purchasing',
  contactPhone: '5551234567',
  number: 'PO-4411',
  organizationId,
  total: '44700',
  couponCode: '',
  ...fields,
});

function upload(
  caller: Caller | undefined,
  fields: Record<string, string>,
  file: FilePart | null = { name: 'po.pdf', bytes: pdf },
) {
  const { body, headers } = multipartBody(fields, file ?? undefined);
  return call(t.app, 'POST', '/api/purchase-orders', { caller, body, headers });
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

describe('POST /api/purchase-orders', () => {
  it('records the purchase order, stores the PDF and moves the payment to PO_SUBMITTED with a new hold', async () => {
    const { buyer, organization, payment } = await awaitingPurchaseOrder();
    const response = await upload(buyer.caller, form(payment.id, organization.id, { couponCode: 'SAVE25' }));
    expect(response.statusCode).toBe(201);
    const { purchaseOrderId } = response.json();

    const [po] = await t.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, purchaseOrderId));
    expect(po).toMatchObject({
      paymentId: payment.id,
      type: 'CONFERENCE_DAY',
      status: 'SUBMITTED',
      number: 'PO-4411',
      filename: 'District PO 2026',
      fileSize: pdf.length,
      contactEmail: 'purchasing@district.test',
      contactName: 'Pat Purchasing',
      contactPhone: '5551234567',
      organizationId: organization.id,
      totalCents: 44_700,
      submittedTotalCents: 44_700,
      couponCode: 'SAVE25',
      submittedById: buyer.user.id,
    });
    expect(await t.deps.storage.get(po?.fileKey ?? '')).toEqual(pdf);
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'PO_SUBMITTED',
      seatsHeld: true,
      organizationId: organization.id,
      holdExpiresAt: new Date(t.clock().getTime() + purchaseOrderHoldDays * 24 * 60 * 60 * 1000),
    });
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, purchaseOrderId));
    expect(audits).toEqual([expect.objectContaining({ action: 'purchaseOrder.submit', actorId: buyer.user.id })]);
  });

  it('issue 10 reproduction: a 1-cent total for a $447.00 payment is kept as typed, but the purchase order is for the payment’s total', async () => {
    const { buyer, organization, payment } = await awaitingPurchaseOrder();
    const response = await upload(buyer.caller, form(payment.id, organization.id, { total: '1' }));
    expect(response.statusCode).toBe(201);
    const [po] = await t.deps.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, response.json().purchaseOrderId));
    expect(po).toMatchObject({ type: 'CONFERENCE_DAY', totalCents: 44_700, submittedTotalCents: 1 });
  });

  it('derives the type from the payment: a matching type is accepted, another one refused on its field', async () => {
    const matching = await awaitingPurchaseOrder();
    const accepted = await upload(
      matching.buyer.caller,
      form(matching.payment.id, matching.organization.id, { type: 'CONFERENCE_DAY' }),
    );
    expect(accepted.statusCode).toBe(201);

    const { buyer, organization, payment } = await awaitingPurchaseOrder();
    for (const type of ['EVENT_APPLICATION', 'EVENT']) {
      const refused = await upload(buyer.caller, form(payment.id, organization.id, { type }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ type: purchaseOrderMessages.typeMismatch });
    }
    expect(await t.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.paymentId, payment.id))).toEqual([]);
    expect((await paymentOf(payment.id))?.status).toBe('AWAITING_PO');
  });

  it('makes an accepted application’s purchase order EVENT_APPLICATION whatever the form says', async () => {
    const { buyer, organization, payment, day } = await awaitingPurchaseOrder();
    const [application] = await t.deps.db
      .insert(eventApplications)
      .values({ userId: buyer.user.id, eventId: day.event.id })
      .returning();
    await t.deps.db
      .update(eventPayments)
      .set({ applicationId: application?.id })
      .where(eq(eventPayments.id, payment.id));
    const refused = await upload(buyer.caller, form(payment.id, organization.id, { type: 'CONFERENCE_DAY' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ type: purchaseOrderMessages.typeMismatch });
    const accepted = await upload(buyer.caller, form(payment.id, organization.id));
    expect(accepted.statusCode).toBe(201);
    const [po] = await t.deps.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, accepted.json().purchaseOrderId));
    expect(po).toMatchObject({ type: 'EVENT_APPLICATION', totalCents: 44_700 });
  });

  it.each([
    [
      'an HTML page named .pdf',
      { name: 'po.pdf', bytes: Buffer.from('<!doctype html><html><body>%PDF-1.4 %%EOF</body></html>') },
    ],
    ['a text file renamed to .pdf', { name: 'notes.pdf', bytes: Buffer.from('Purchase order 4411\nTotal: $447.00\n') }],
    ['a PDF header without an end', { name: 'cut.pdf', bytes: pdf.subarray(0, 40) }],
    ['an empty file', { name: 'empty.pdf', bytes: Buffer.alloc(0) }],
  ])('refuses %s with 400 and stores nothing', async (_label, file) => {
    const { buyer, organization, payment } = await awaitingPurchaseOrder();
    const put = vi.spyOn(t.deps.storage, 'put');
    const response = await upload(buyer.caller, form(payment.id, organization.id), file);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ file: purchaseOrderMessages.fileRequired });
    expect(put).not.toHaveBeenCalled();
    expect(await t.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.paymentId, payment.id))).toEqual([]);
    expect((await paymentOf(payment.id))?.status).toBe('AWAITING_PO');
  });

  it('refuses a form without a file, and a file over 10 MB, on the file field', async () => {
    const { buyer, organization, payment } = await awaitingPurchaseOrder();
    const missing = await upload(buyer.caller, form(payment.id, organization.id), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ file: purchaseOrderMessages.fileRequired });

    const large = Buffer.concat([pdf.subarray(0, 9), Buffer.alloc(maxPurchaseOrderBytes), Buffer.from('\n%%EOF\n')]);
    const tooLarge = await upload(buyer.caller, form(payment.id, organization.id), { name: 'large.pdf', bytes: large });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors).toEqual({ file: purchaseOrderMessages.fileTooLarge });
    expect((await paymentOf(payment.id))?.status).toBe('AWAITING_PO');
  });

  it('answers every invalid field at once with the spec’s messages', async () => {
    const { buyer, organization, payment } = await awaitingPurchaseOrder();
    const response = await upload(
      buyer.caller,
      form(payment.id, organization.id, {
        filename: ' ',
        contactEmail: 'not-an-email',
        contactName: '',
        contactPhone: '555-12',
        number: '',
        total: '',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      filename: purchaseOrderMessages.filenameRequired,
      contactEmail: purchaseOrderMessages.emailInvalid,
      contactName: purchaseOrderMessages.nameRequired,
      contactPhone: 'Phone is invalid',
      number: purchaseOrderMessages.numberRequired,
      total: purchaseOrderMessages.totalRequired,
    });
    const noOrganization = await upload(buyer.caller, form(payment.id, '', { total: 'abc' }));
    expect(noOrganization.json().errors).toEqual({
      organizationId: purchaseOrderMessages.organizationRequired,
      total: purchaseOrderMessages.totalRequired,
    });
  });

  it('refuses an organization the buyer is not a member of', async () => {
    const { buyer, payment } = await awaitingPurchaseOrder();
    const elsewhere = await createOrganization(t.deps.db);
    const response = await upload(buyer.caller, form(payment.id, elsewhere.id));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ organizationId: purchaseOrderMessages.organizationRequired });
  });

  it('answers 404 for another member’s payment, 401 signed out, 400 for a JSON body', async () => {
    const { organization, payment } = await awaitingPurchaseOrder();
    const other = await signedInUser(t);
    await addMembership(t.deps.db, organization.id, other.user.id);
    const foreign = await upload(other.caller, form(payment.id, organization.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(paymentMessages.notFound);
    expect((await upload(undefined, form(payment.id, organization.id))).statusCode).toBe(401);
    const json = await call(t.app, 'POST', '/api/purchase-orders', {
      caller: other.caller,
      body: form(payment.id, organization.id),
    });
    expect(json.statusCode).toBe(400);
    expect((await paymentOf(payment.id))?.status).toBe('AWAITING_PO');
  });

  it('refuses a second upload (409 notAwaiting), and an upload after the hold ran out, which releases the seats', async () => {
    const first = await awaitingPurchaseOrder();
    expect((await upload(first.buyer.caller, form(first.payment.id, first.organization.id))).statusCode).toBe(201);
    const again = await upload(first.buyer.caller, form(first.payment.id, first.organization.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(purchaseOrderMessages.notAwaiting);

    const late = await awaitingPurchaseOrder({ holdExpiresAt: new Date(t.clock().getTime() - 60_000) });
    expect(await sectionTaken(late.day.section.id)).toBe(3);
    const put = vi.spyOn(t.deps.storage, 'put');
    const response = await upload(late.buyer.caller, form(late.payment.id, late.organization.id));
    expect(response.statusCode).toBe(409);
    expect(put).not.toHaveBeenCalled();
    expect(await paymentOf(late.payment.id)).toMatchObject({ status: 'EXPIRED', seatsHeld: false });
    expect(await sectionTaken(late.day.section.id)).toBe(0);
  });
});

describe('GET /api/purchase-orders and /api/purchase-orders/:id/file', () => {
  it("lists what the buyer sent, and the school's orders to its admin, newest first, with the file", async () => {
    const { buyer, organization, payment } = await awaitingPurchaseOrder();
    const sent = await upload(buyer.caller, form(payment.id, organization.id));
    expect(sent.statusCode).toBe(201);
    const { purchaseOrderId } = sent.json<{ purchaseOrderId: string }>();

    const mine = await call(t.app, 'GET', '/api/purchase-orders', { caller: buyer.caller });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      total: 1,
      items: [
        {
          id: purchaseOrderId,
          number: 'PO-4411',
          kind: 'EVENT',
          status: 'SUBMITTED',
          organizationName: organization.name,
          totalCents: 44_700,
          buyerName: expect.stringContaining('Bea'),
          sentByMe: true,
          filename: 'District PO 2026',
          decidedAt: null,
        },
      ],
    });
    const file = await call(t.app, 'GET', `/api/purchase-orders/${purchaseOrderId}/file`, { caller: buyer.caller });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload).toEqual(Buffer.from(pdf));

    // The school's admin sees it too, as sent by someone else.
    const admin = await signedInUser(t);
    await addMembership(t.deps.db, organization.id, admin.user.id, 'ADMIN');
    const theirs = await call(t.app, 'GET', '/api/purchase-orders', { caller: admin.caller });
    expect(theirs.json()).toMatchObject({ total: 1, items: [{ id: purchaseOrderId, sentByMe: false }] });
  });

  it('shows a plain member of the school nothing, and refuses them the file', async () => {
    const { buyer, organization, payment } = await awaitingPurchaseOrder();
    const { purchaseOrderId } = (await upload(buyer.caller, form(payment.id, organization.id))).json<{
      purchaseOrderId: string;
    }>();
    const colleague = await signedInUser(t);
    await addMembership(t.deps.db, organization.id, colleague.user.id);
    const list = await call(t.app, 'GET', '/api/purchase-orders', { caller: colleague.caller });
    expect(list.json()).toMatchObject({ total: 0, items: [] });
    const file = await call(t.app, 'GET', `/api/purchase-orders/${purchaseOrderId}/file`, {
      caller: colleague.caller,
    });
    expect(file.statusCode).toBe(404);
  });

  it('refuses a page size over 100 and an id that is not one', async () => {
    const { buyer } = await awaitingPurchaseOrder();
    expect((await call(t.app, 'GET', '/api/purchase-orders?pageSize=500', { caller: buyer.caller })).statusCode).toBe(
      400,
    );
    expect((await call(t.app, 'GET', '/api/purchase-orders/not-an-id/file', { caller: buyer.caller })).statusCode).toBe(
      400,
    );
  });
});
