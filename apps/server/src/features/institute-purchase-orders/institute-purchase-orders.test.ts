import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purchaseOrderMessages, type AdminPurchaseOrderPage } from '@portal/domain/commerce/purchase-orders.ts';
import { memberPurchaseOrderMessages } from '@portal/domain/commerce/member-purchase-orders.ts';
import { idempotencyKeyReusedMessage } from '@portal/domain/problems/messages.ts';
import { coupons, eventPayments, events, purchaseOrders } from '../../db/schema/commerce.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { purchaseOrderApplications } from '../../db/schema/purchase-order-links.ts';
import { createCompleteApplication, createInstitute, type Institute } from '../../test/application-factories.ts';
import { createCoupon, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { multipartBody, tinyPdf, type FilePart } from '../../test/multipart.ts';

const t = useTestApp();

/** A school, a member of it who sends the purchase order, and an institute. */
async function school() {
  const institute = await createInstitute(t.deps.db);
  const organization = await createOrganization(t.deps.db);
  const buyer = await signedInUser(t, 'MEMBER', { firstName: 'Bea' });
  await addMembership(t.deps.db, organization.id, buyer.user.id, 'ADMIN');
  return { institute, organization, buyer };
}

/** A member of the organization whose application to the institute has the given status. */
async function applicant(institute: Institute, organizationId: string, status: 'ACCEPTED' | 'SUBMITTED' = 'ACCEPTED') {
  const member = await signedInUser(t, 'MEMBER', { email: `applicant-${randomUUID().slice(0, 8)}@school.test` });
  await addMembership(t.deps.db, organizationId, member.user.id);
  const application = await createCompleteApplication(t.deps.db, institute, member.user.id, {
    status,
    paymentOptionId: institute.options.purchaseOrder.id,
  });
  return { ...member, applicationId: application.id };
}

const form = (
  instituteId: string,
  organizationId: string,
  applicants: string[],
  fields: Record<string, string> = {},
) => ({
  instituteId,
  organizationId,
  type: 'EVENT',
  filename: 'district po',
  contactEmail: 'purchasing@district.test',
  contactName: 'Pat Purchasing',
  contactPhone: '5551234567',
  number: 'PO-7001',
  total: '171000',
  applicants: JSON.stringify(applicants),
  ...fields,
});

function submit(
  caller: Caller | undefined,
  fields: Record<string, string>,
  key: string = randomUUID(),
  file: FilePart | null = { name: 'po.pdf', bytes: tinyPdf },
) {
  const { body, headers } = multipartBody(fields, file ?? undefined);
  return call(t.app, 'POST', '/api/institute-purchase-orders', {
    caller,
    body,
    headers: { ...headers, 'idempotency-key': key },
  });
}

const ordersBy = (userId: string) =>
  t.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.submittedById, userId));
const paymentsOf = (applicationIds: string[]) =>
  t.deps.db.select().from(eventPayments).where(inArray(eventPayments.applicationId, applicationIds));

async function ticketsTaken(eventId: string) {
  const [row] = await t.deps.db.select({ taken: events.ticketsTaken }).from(events).where(eq(events.id, eventId));
  return row?.taken;
}

describe('GET /api/institute-purchase-orders/institutes', () => {
  it('lists institutes taking applications with their applicant price, paginated; refuses signed-out callers and bad pages', async () => {
    const { institute, buyer } = await school();
    const response = await call(t.app, 'GET', '/api/institute-purchase-orders/institutes?pageSize=100', {
      caller: buyer.caller,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toContainEqual({
      id: institute.event.id,
      name: institute.event.name,
      startDate: '2027-01-20',
      endDate: '2027-01-22',
      priceCents: 95_000,
    });
    expect((await call(t.app, 'GET', '/api/institute-purchase-orders/institutes')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', '/api/institute-purchase-orders/institutes?pageSize=0', { caller: buyer.caller }))
        .statusCode,
    ).toBe(400);
  });
});

describe('available applicants and applicant availability', () => {
  it("counts the organization's accepted applicants not yet paid, not another organization's, nor an application not accepted", async () => {
    const { institute, organization, buyer } = await school();
    const accepted = await applicant(institute, organization.id);
    await applicant(institute, organization.id, 'SUBMITTED');
    const elsewhere = await createOrganization(t.deps.db);
    const stranger = await applicant(institute, elsewhere.id);
    const query = `instituteId=${institute.event.id}&organizationId=${organization.id}`;

    const count = await call(t.app, 'GET', `/api/institute-purchase-orders/available-applicants?${query}`, {
      caller: buyer.caller,
    });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ usersCount: 1 });

    const found = await call(
      t.app,
      'GET',
      `/api/institute-purchase-orders/applicant?${query}&email=${encodeURIComponent(accepted.user.email.toUpperCase())}`,
      {
        caller: buyer.caller,
      },
    );
    expect(found.json()).toEqual({
      userAvailable: true,
      applicant: { email: accepted.user.email, name: `${accepted.user.firstName} ${accepted.user.lastName}` },
    });
    const other = await call(
      t.app,
      'GET',
      `/api/institute-purchase-orders/applicant?${query}&email=${encodeURIComponent(stranger.user.email)}`,
      { caller: buyer.caller },
    );
    expect(other.json()).toEqual({ userAvailable: false, applicant: null });
  });

  it('refuses a caller who is not a member of the organization (400) and malformed ids or emails (400)', async () => {
    const { institute, organization } = await school();
    const outsider = await signedInUser(t);
    const refused = await call(
      t.app,
      'GET',
      `/api/institute-purchase-orders/available-applicants?instituteId=${institute.event.id}&organizationId=${organization.id}`,
      {
        caller: outsider.caller,
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ organizationId: memberPurchaseOrderMessages.notMember });
    expect(
      (
        await call(
          t.app,
          'GET',
          `/api/institute-purchase-orders/available-applicants?instituteId=42&organizationId=${organization.id}`,
          { caller: outsider.caller },
        )
      ).statusCode,
    ).toBe(400);
    const badEmail = await call(
      t.app,
      'GET',
      `/api/institute-purchase-orders/applicant?instituteId=${institute.event.id}&organizationId=${organization.id}&email=nobody`,
      {
        caller: outsider.caller,
      },
    );
    expect(badEmail.statusCode).toBe(400);
  });
});

describe('POST /api/institute-purchase-orders/coupon', () => {
  it("validates a coupon against the institute: SUCCESS for one it takes, a 400 saying why for another event's, and a code is required", async () => {
    const { institute, buyer } = await school();
    const coupon = await createCoupon(t.deps.db, { eventId: institute.event.id });
    const ok = await call(t.app, 'POST', '/api/institute-purchase-orders/coupon', {
      caller: buyer.caller,
      body: { code: coupon.code.toLowerCase(), eventId: institute.event.id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      state: 'SUCCESS',
      coupon: { code: coupon.code, type: 'PERCENTAGE', discountAmount: null, discountPercentage: 10 },
      message: 'Coupon code applied successfully',
    });
    const otherInstitute = await createInstitute(t.deps.db);
    const refused = await call(t.app, 'POST', '/api/institute-purchase-orders/coupon', {
      caller: buyer.caller,
      body: { code: coupon.code, eventId: otherInstitute.event.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: 'Error applying coupon code',
      errors: { code: 'This coupon is not valid for this event.' },
    });
    const empty = await call(t.app, 'POST', '/api/institute-purchase-orders/coupon', {
      caller: buyer.caller,
      body: { code: ' ', eventId: institute.event.id },
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Coupon code is required');
    expect(
      (
        await call(t.app, 'POST', '/api/institute-purchase-orders/coupon', {
          body: { code: coupon.code, eventId: institute.event.id },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/institute-purchase-orders', () => {
  it('makes one purchase order for two applicants: amounts derived on the server with the coupon, each application under review, seats held; a repeat answers the same', async () => {
    const { institute, organization, buyer } = await school();
    const coupon = await createCoupon(t.deps.db, { eventId: institute.event.id, maxUses: 5 });
    const first = await applicant(institute, organization.id);
    const second = await applicant(institute, organization.id);
    const key = randomUUID();
    // The typed total is the buyer's; what is owed is 2 × $950 less 10 %.
    const fields = form(institute.event.id, organization.id, [first.user.email, second.user.email.toUpperCase()], {
      couponCode: coupon.code,
      total: '1',
    });

    const response = await submit(buyer.caller, fields, key);
    expect(response.statusCode).toBe(201);
    const again = await submit(buyer.caller, fields, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(response.json());
    // The same key with another purchase order (another number and total) is refused, not answered with this one.
    const other = await submit(buyer.caller, { ...fields, number: 'PO-OTHER', total: '2' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toBe(idempotencyKeyReusedMessage);

    const [order, ...more] = await ordersBy(buyer.user.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({
      type: 'EVENT',
      paymentId: null,
      status: 'SUBMITTED',
      totalCents: 171_000,
      submittedTotalCents: 1,
      couponCode: coupon.code,
    });
    const payments = await paymentsOf([first.applicationId, second.applicationId]);
    expect(payments.map((p) => [p.applicationId, p.status, p.subtotalCents, p.totalCents, p.seatsHeld]).sort()).toEqual(
      [
        [first.applicationId, 'PO_SUBMITTED', 95_000, 85_500, true],
        [second.applicationId, 'PO_SUBMITTED', 95_000, 85_500, true],
      ].sort(),
    );
    const links = await t.deps.db
      .select()
      .from(purchaseOrderApplications)
      .where(eq(purchaseOrderApplications.purchaseOrderId, response.json().purchaseOrderId));
    expect(links).toHaveLength(2);
    expect(await ticketsTaken(institute.event.id)).toBe(2);
    const [used] = await t.deps.db
      .select({ timesUsed: coupons.timesUsed })
      .from(coupons)
      .where(eq(coupons.id, coupon.id));
    expect(used?.timesUsed).toBe(1);
    expect(await t.deps.storage.get(`purchase-orders/${response.json().purchaseOrderId}.pdf`)).toEqual(tinyPdf);

    // Both applicants are under review now: none is left to add.
    const count = await call(
      t.app,
      'GET',
      `/api/institute-purchase-orders/available-applicants?instituteId=${institute.event.id}&organizationId=${organization.id}`,
      {
        caller: buyer.caller,
      },
    );
    expect(count.json()).toEqual({ usersCount: 0 });
  });

  it('refuses an applicant of another organization and writes nothing', async () => {
    const { institute, organization, buyer } = await school();
    const ours = await applicant(institute, organization.id);
    const elsewhere = await createOrganization(t.deps.db);
    const theirs = await applicant(institute, elsewhere.id);

    const response = await submit(
      buyer.caller,
      form(institute.event.id, organization.id, [ours.user.email, theirs.user.email]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      applicants: memberPurchaseOrderMessages.applicantUnavailable(theirs.user.email),
    });
    expect(await ordersBy(buyer.user.id)).toEqual([]);
    expect(await paymentsOf([ours.applicationId, theirs.applicationId])).toEqual([]);
    expect(await ticketsTaken(institute.event.id)).toBe(0);
  });

  it('refuses a coupon for another event, an organization the caller is not in, and bad input; signed out is 401', async () => {
    const { institute, organization, buyer } = await school();
    const ours = await applicant(institute, organization.id);
    const otherCoupon = await createCoupon(t.deps.db, { eventId: (await createInstitute(t.deps.db)).event.id });

    const coupon = await submit(
      buyer.caller,
      form(institute.event.id, organization.id, [ours.user.email], { couponCode: otherCoupon.code }),
    );
    expect(coupon.statusCode).toBe(400);
    expect(coupon.json().errors).toEqual({ couponCode: 'This coupon is not valid for this event.' });

    const outsider = await signedInUser(t);
    const notMember = await submit(outsider.caller, form(institute.event.id, organization.id, [ours.user.email]));
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().errors).toEqual({ organizationId: memberPurchaseOrderMessages.notMember });

    const bad = await submit(
      buyer.caller,
      form('', organization.id, [], { contactEmail: 'nope', number: ' ' }),
      randomUUID(),
      { name: 'po.pdf', bytes: Buffer.from('not a pdf') },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      instituteId: memberPurchaseOrderMessages.instituteRequired,
      applicants: memberPurchaseOrderMessages.applicantsRequired,
      contactEmail: purchaseOrderMessages.emailInvalid,
      number: purchaseOrderMessages.numberRequired,
      file: purchaseOrderMessages.fileRequired,
    });
    const { body, headers } = multipartBody(form(institute.event.id, organization.id, [ours.user.email]), {
      name: 'po.pdf',
      bytes: tinyPdf,
    });
    expect(
      (await call(t.app, 'POST', '/api/institute-purchase-orders', { caller: buyer.caller, body, headers })).statusCode,
    ).toBe(400);
    expect((await submit(undefined, form(institute.event.id, organization.id, [ours.user.email]))).statusCode).toBe(
      401,
    );
    expect(await ordersBy(buyer.user.id)).toEqual([]);
    expect(await paymentsOf([ours.applicationId])).toEqual([]);
  });
});

describe('staff decide an institute purchase order', () => {
  async function sent() {
    const { institute, organization, buyer } = await school();
    const first = await applicant(institute, organization.id);
    const second = await applicant(institute, organization.id);
    const response = await submit(
      buyer.caller,
      form(institute.event.id, organization.id, [first.user.email, second.user.email], { total: '190000' }),
    );
    expect(response.statusCode).toBe(201);
    const staff = await signedInUser(t, 'STAFF');
    return { institute, buyer, first, second, staff, purchaseOrderId: response.json().purchaseOrderId as string };
  }

  it('lists it with what it pays for; approving marks both applications paid and mails the buyer', async () => {
    const { institute, buyer, first, second, staff, purchaseOrderId } = await sent();
    const list = await call(t.app, 'GET', `/api/admin/purchase-orders?search=${encodeURIComponent(buyer.user.email)}`, {
      caller: staff.caller,
    });
    expect(list.json<AdminPurchaseOrderPage>().items).toEqual([
      expect.objectContaining({
        id: purchaseOrderId,
        type: 'EVENT',
        eventPaymentId: null,
        paymentTotalCents: 190_000,
        paysFor: `${institute.event.name}: 2 applicants`,
      }),
    ]);

    const approved = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrderId}/approve`, {
      caller: staff.caller,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
    expect((await paymentsOf([first.applicationId, second.applicationId])).map((p) => p.status)).toEqual([
      'PAID',
      'PAID',
    ]);
    const mail = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, buyer.user.email));
    expect(mail.map((m) => m.subject)).toEqual(['Purchase order PO-7001 approved']);
    const detail = await call(t.app, 'GET', `/api/event-applications/${first.applicationId}`, { caller: first.caller });
    expect(detail.json().paymentStatus).toBe('PAID');
  });

  it('voiding cancels both payments and gives the seats back', async () => {
    const { institute, first, second, staff, purchaseOrderId } = await sent();
    const voided = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrderId}/void`, {
      caller: staff.caller,
    });
    expect(voided.statusCode).toBe(200);
    expect((await paymentsOf([first.applicationId, second.applicationId])).map((p) => p.status)).toEqual([
      'CANCELLED',
      'CANCELLED',
    ]);
    expect(await ticketsTaken(institute.event.id)).toBe(0);
  });
});
