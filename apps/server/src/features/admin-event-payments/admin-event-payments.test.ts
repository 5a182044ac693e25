import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminEventPaymentPage, AdminEventPaymentRow } from '@portal/domain/commerce/payments.ts';
import { eventPaymentItems } from '../../db/schema/commerce.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { createConferenceDay, createEvent, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { paidInstituteSeat } from '../../test/application-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { readCsv } from '../../test/exports.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { exportRows } from './repository.ts';

const t = useTestApp();

/** A buyer at `organizationName` whose payment bought 3 conference-day tickets and 2 of a series event, one ticket allocated. */
async function payment(status: 'PAID' | 'CANCELLED', organizationName: string, firstName: string) {
  const buyer = await signedInUser(t, 'MEMBER', {
    email: `${firstName.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@school.test`,
    firstName,
  });
  const organization = await createOrganization(t.deps.db, organizationName);
  await addMembership(t.deps.db, organization.id, buyer.user.id, 'ADMIN');
  const day = await createConferenceDay(t.deps.db, 40);
  const series = await createEvent(t.deps.db, {
    name: `Series ${firstName}`,
    startDate: '2027-01-10',
    endDate: '2027-01-10',
  });
  const created = await createPayment(t.deps.db, {
    userId: buyer.user.id,
    organizationId: organization.id,
    status,
    lines: [
      { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 3 },
      { eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 2 },
    ],
  });
  const [item] = await t.deps.db
    .select()
    .from(eventPaymentItems)
    .where(eq(eventPaymentItems.sectionId, day.section.id));
  if (!item) throw new Error('no item');
  await t.deps.db
    .insert(eventTickets)
    .values({ paymentItemId: item.id, userId: buyer.user.id, eventId: day.event.id, sectionId: day.section.id });
  return { buyer, organization, day, series, payment: created };
}

describe('GET /api/admin/event-payments', () => {
  it('lists payments newest first for staff, with buyer, organization, events and ticket counts; filters by status and searches', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const a = await payment('PAID', 'Staffview Roosevelt Elementary', 'Alma');
    const b = await payment('CANCELLED', 'Staffview Jefferson Middle', 'Bert');

    const page = await call(t.app, 'GET', '/api/admin/event-payments?search=staffview&pageSize=1', {
      caller: staff.caller,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.json<AdminEventPaymentPage>().items).toEqual([
      {
        id: b.payment.id,
        status: 'CANCELLED',
        method: 'PURCHASE_ORDER',
        buyerName: `Bert ${b.buyer.user.lastName}`,
        buyerEmail: b.buyer.user.email,
        organizationName: 'Staffview Jefferson Middle',
        events: [b.day.event.name, 'Series Bert'],
        numberOfTickets: 5,
        allocatedTickets: 1,
        total: 5 * 14_900,
        refundReason: null,
        createdAt: b.payment.createdAt.toISOString(),
        applicationId: null,
        registrationRequestId: null,
        attendeesNamed: null,
        receiptNumber: null,
      },
    ]);

    const ids = async (query: string) =>
      (await call(t.app, 'GET', `/api/admin/event-payments?${query}`, { caller: staff.caller }))
        .json<AdminEventPaymentPage>()
        .items.map((row) => row.id);
    expect(await ids('search=staffview&status=PAID')).toEqual([a.payment.id]);
    expect(await ids(`search=${encodeURIComponent(a.buyer.user.email.toUpperCase())}`)).toEqual([a.payment.id]);
    expect(await ids(`search=${encodeURIComponent(`Alma ${a.buyer.user.lastName}`)}`)).toEqual([a.payment.id]);
    expect(await ids('search=jefferson%20middle')).toEqual([b.payment.id]);
    expect(await ids(`search=${b.payment.id.slice(0, 13)}`)).toEqual([b.payment.id]);
    expect(await ids('search=staffview%25')).toEqual([]);
  });

  it('refuses members (403), the signed-out (401) and bad input (400)', async () => {
    const member = await signedInUser(t, 'MEMBER');
    const staff = await signedInUser(t, 'STAFF');
    expect((await call(t.app, 'GET', '/api/admin/event-payments', { caller: member.caller })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/event-payments')).statusCode).toBe(401);
    const bad = await call(t.app, 'GET', '/api/admin/event-payments?status=NOPE', { caller: staff.caller });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { status: expect.any(String) } });
    expect(
      (await call(t.app, 'GET', '/api/admin/event-payments?pageSize=500', { caller: staff.caller })).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/admin/event-payments/:eventPaymentId', () => {
  it("answers one payment's row to staff; 404 for an unknown id, 403 for a member", async () => {
    const staff = await signedInUser(t, 'STAFF');
    const member = await signedInUser(t, 'MEMBER');
    const a = await payment('PAID', 'Detail Adams High', 'Cleo');
    const found = await call(t.app, 'GET', `/api/admin/event-payments/${a.payment.id}`, { caller: staff.caller });
    expect(found.statusCode).toBe(200);
    expect(found.json<AdminEventPaymentRow>()).toMatchObject({
      id: a.payment.id,
      status: 'PAID',
      organizationName: 'Detail Adams High',
      numberOfTickets: 5,
      allocatedTickets: 1,
    });
    const missing = await call(t.app, 'GET', `/api/admin/event-payments/${crypto.randomUUID()}`, {
      caller: staff.caller,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'No such event payment.' });
    expect(
      (await call(t.app, 'GET', `/api/admin/event-payments/${a.payment.id}`, { caller: member.caller })).statusCode,
    ).toBe(403);
  });
});

describe("GET /api/admin/event-payments/:id of an application's payment", () => {
  it('answers staff with its applicant, institute and application (the staff page shows those instead of an allocation)', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { applicant, institute, organization, applicationId, eventPaymentId } = await paidInstituteSeat(t);
    const response = await call(t.app, 'GET', `/api/admin/event-payments/${eventPaymentId}`, { caller: staff.caller });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminEventPaymentRow>()).toMatchObject({
      id: eventPaymentId,
      status: 'PAID',
      method: 'CARD',
      buyerName: `Cora ${applicant.user.lastName}`,
      buyerEmail: applicant.user.email,
      organizationName: organization.name,
      events: [institute.event.name],
      numberOfTickets: 1,
      allocatedTickets: 0,
      total: 95_000,
      applicationId,
    });
    expect(
      (await call(t.app, 'GET', `/api/admin/event-payments/${eventPaymentId}`, { caller: applicant.caller }))
        .statusCode,
    ).toBe(403);
  });
});
describe('GET /api/admin/event-payments/export', () => {
  it('writes the payments the list shows under the same filters, in dollars, and pages by keyset', async () => {
    const staff = (await signedInUser(t, 'STAFF')).caller;
    const tag = crypto.randomUUID().slice(0, 6);
    await payment('PAID', `Exported Oak ${tag}`, 'Olive');
    await payment('PAID', `Exported Elm ${tag}`, 'Eli');
    await payment('CANCELLED', `Exported Ash ${tag}`, 'Ash');
    const filters = `search=${tag}&status=PAID`;
    const list = (
      await call(t.app, 'GET', `/api/admin/event-payments?${filters}`, { caller: staff })
    ).json<AdminEventPaymentPage>();

    const file = await call(t.app, 'GET', `/api/admin/event-payments/export?${filters}&format=csv`, { caller: staff });

    expect(file.statusCode).toBe(200);
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual([
      'Payment',
      'Buyer',
      'Buyer email',
      'Organization',
      'Events',
      'Tickets',
      'Allocated',
      'Total',
      'Method',
      'Status',
      'Created',
    ]);
    expect(rows.map((row) => [row[0], row[3], row[5], row[6], row[9]])).toEqual(
      list.items.map((item) => [item.id, item.organizationName, '5', '1', 'Paid']),
    );
    expect(rows.map((row) => row[7])).toEqual(list.items.map((item) => (item.total / 100).toFixed(2)));
    const ids = [];
    for await (const row of exportRows(t.deps.db, { search: tag }, 1)) ids.push(row.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses a member and a bad status', async () => {
    const member = (await signedInUser(t, 'MEMBER')).caller;
    expect(
      (await call(t.app, 'GET', '/api/admin/event-payments/export?format=csv', { caller: member })).statusCode,
    ).toBe(403);
    const staff = (await signedInUser(t, 'STAFF')).caller;
    expect(
      (await call(t.app, 'GET', '/api/admin/event-payments/export?format=csv&status=LOST', { caller: staff }))
        .statusCode,
    ).toBe(400);
  });
});
