import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutOrganizationMessages } from '@portal/domain/commerce/cart.ts';
import { quoteMessages, quoteNumberLabel, type QuoteIssued } from '@portal/domain/commerce/quotes.ts';
import { events } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { quotes } from '../../db/schema/quotes.ts';
import { expireHolds } from '../../core/capacity.ts';
import { eventGroupRegistrations, eventRegistrationRequests } from '../../db/schema/registration-requests.ts';
import { createCompleteApplication, createInstitute, setApplicationStatus } from '../../test/application-factories.ts';
import { createCoupon, createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { multipartBody, tinyPdf } from '../../test/multipart.ts';
import { staffEventForm } from '../../test/valid-inputs.ts';
import { pdfText } from '../../test/pdf-text.ts';

const t = useTestApp({
  SELLER_LEGAL_NAME: 'Northwind Learning LLC',
  SELLER_ADDRESS: '12 Harbor Road | Portland, ME 04101',
  SELLER_TAX_ID: '12-3456789',
  SELLER_REMITTANCE: 'Checks payable to Northwind Learning LLC | ACH: Casco Bank, routing 011000138, account 99887766',
  QUOTE_VALID_DAYS: '30',
});

const dayMs = 24 * 60 * 60 * 1000;

/** An owner of a school with a billing address, and a series event far enough ahead to stay on sale. */
async function ownerWithCart(options: { maxTickets?: number; quotesHoldSeats?: boolean; tickets?: number } = {}) {
  const owner = await signedInUser(t, 'MEMBER', { firstName: 'Olive' });
  const school = await createOrganization(t.deps.db, `Lincoln ${randomUUID().slice(0, 6)}`);
  await t.deps.db
    .update(organizations)
    .set({
      billingAddressLine1: '400 School Street',
      billingCity: 'Albany',
      billingStateProvince: 'NY',
      billingZipPostal: '12207',
      billingPhone: '5185550100',
    })
    .where(eq(organizations.id, school.id));
  await addMembership(t.deps.db, school.id, owner.user.id, 'OWNER');
  const { event, ticketType } = await createEvent(t.deps.db, {
    name: `Literacy Series ${randomUUID().slice(0, 6)}`,
    startDate: '2027-09-01',
    endDate: '2027-09-01',
    maxTickets: options.maxTickets ?? null,
    quotesHoldSeats: options.quotesHoldSeats ?? false,
  });
  const added = await call(t.app, 'POST', '/api/cart/items', {
    caller: owner.caller,
    body: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: options.tickets ?? 3 },
  });
  expect(added.statusCode).toBe(200);
  return { owner, school, event, ticketType };
}

const quoteCart = (caller: Caller, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/cart/quote', { caller, body });

/** The quote the cart answers, as its contract types it. */
const quoteOf = async (caller: Caller, body: Record<string, unknown> = {}) =>
  (await quoteCart(caller, body)).json<QuoteIssued>();

const eventTaken = async (id: string) =>
  (await t.deps.db.select({ n: events.ticketsTaken }).from(events).where(eq(events.id, id)))[0]?.n;

describe('POST /api/cart/quote and GET /api/quotes/:id/pdf', () => {
  it('quotes the cart for the owner’s school: a Q-number, the seller, the billing address, the lines, coupon and total', async () => {
    const { owner, school, event } = await ownerWithCart();
    const coupon = await createCoupon(t.deps.db, { type: 'FIXED', discountAmount: 2_000, discountPercentage: null });
    expect(
      (await call(t.app, 'POST', '/api/cart/coupon', { caller: owner.caller, body: { code: coupon.code } })).statusCode,
    ).toBe(200);
    const response = await quoteCart(owner.caller);
    expect(response.statusCode).toBe(201);
    const quote = response.json<QuoteIssued>();
    expect(quote).toMatchObject({
      number: expect.stringMatching(/^Q-\d{6}$/),
      totalCents: 3 * 14_900 - 2_000,
      validUntil: new Date(t.clock().getTime() + 30 * dayMs).toISOString(),
      holdsSeats: false,
      pdfUrl: `/api/quotes/${quote.quoteId}/pdf`,
    });

    const pdf = await call(t.app, 'GET', quote.pdfUrl, { caller: owner.caller });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="quote-${quote.number}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    for (const part of [
      `Quote number: ${quote.number}`,
      'Northwind Learning LLC',
      '12 Harbor Road',
      'Tax ID: 12-3456789',
      school.name,
      '400 School Street',
      'Albany, NY 12207',
      'Phone: 5185550100',
      `Contact: Olive`,
      event.name,
      '$447.00',
      `Coupon ${coupon.code}`,
      '-$20.00',
      '$427.00',
      `Purchase order to Northwind Learning LLC, naming quote ${quote.number}.`,
      'ACH: Casco Bank, routing 011000138, account 99887766',
      'This quote holds no seats',
    ])
      expect(text).toContain(part);
    const [stored] = await t.deps.db.select().from(quotes).where(eq(quotes.id, quote.quoteId));
    expect(stored).toMatchObject({
      organizationId: school.id,
      subject: 'CART',
      createdById: owner.user.id,
      subtotalCents: 44_700,
      discountCents: 2_000,
      totalCents: 42_700,
      seatsHeld: false,
    });
  });

  it('reuses the quote while the cart is unchanged, and a changed cart takes the next number (no gaps)', async () => {
    const { owner, event, ticketType } = await ownerWithCart();
    const first = await quoteOf(owner.caller);
    const again = await quoteOf(owner.caller);
    expect(again.quoteId).toBe(first.quoteId);
    await call(t.app, 'POST', '/api/cart/items', {
      caller: owner.caller,
      body: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 },
    });
    const changed = await quoteOf(owner.caller);
    expect(changed.quoteId).not.toBe(first.quoteId);
    expect(changed.number).toBe(quoteNumberLabel(Number(first.number.slice(2)) + 1));
    expect(changed.totalCents).toBe(4 * 14_900);
  });

  it('refuses an empty cart, a school the buyer does not administer, and a choice left open among several', async () => {
    const nobody = await signedInUser(t);
    const empty = await quoteCart(nobody.caller);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(quoteMessages.cartEmpty);

    const { owner } = await ownerWithCart();
    const stranger = await createOrganization(t.deps.db);
    const notMine = await quoteCart(owner.caller, { organizationId: stranger.id });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errors).toEqual({ organizationId: checkoutOrganizationMessages.notYours });
    const second = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, second.id, owner.user.id, 'ADMIN');
    const open = await quoteCart(owner.caller);
    expect(open.statusCode).toBe(400);
    expect(open.json().errors).toEqual({ organizationId: checkoutOrganizationMessages.required });
    expect((await quoteCart(owner.caller, { organizationId: 'nope' })).statusCode).toBe(400);

    const member = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db, { startDate: '2027-09-01', endDate: '2027-09-01' });
    await addMembership(t.deps.db, second.id, member.user.id, 'MEMBER');
    await call(t.app, 'POST', '/api/cart/items', {
      caller: member.caller,
      body: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 },
    });
    const teacher = await quoteCart(member.caller, { organizationId: second.id });
    expect(teacher.statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/cart/quote', { body: {} })).statusCode).toBe(401);
  });

  it('gives the PDF to members of the quote’s school only: anyone else is told there is no such quote', async () => {
    const { owner, school } = await ownerWithCart();
    const { pdfUrl } = await quoteOf(owner.caller);
    const colleague = await signedInUser(t);
    await addMembership(t.deps.db, school.id, colleague.user.id, 'MEMBER');
    expect((await call(t.app, 'GET', pdfUrl, { caller: colleague.caller })).statusCode).toBe(200);
    const outsider = await signedInUser(t);
    const refused = await call(t.app, 'GET', pdfUrl, { caller: outsider.caller });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(quoteMessages.notFound);
    expect((await call(t.app, 'GET', `/api/quotes/${randomUUID()}/pdf`, { caller: owner.caller })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', '/api/quotes/not-an-id/pdf', { caller: owner.caller })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', pdfUrl)).statusCode).toBe(401);
    const staff = await signedInUser(t, 'STAFF');
    const staffPdf = await call(t.app, 'GET', pdfUrl.replace('/api/quotes/', '/api/admin/quotes/'), {
      caller: staff.caller,
    });
    expect(staffPdf.statusCode).toBe(200);
    expect(
      (await call(t.app, 'GET', pdfUrl.replace('/api/quotes/', '/api/admin/quotes/'), { caller: owner.caller }))
        .statusCode,
    ).toBe(403);
  });
});

/** The purchase-order form of a payment waiting for one, naming `quoteNumber` when given. */
function uploadPurchaseOrder(caller: Caller, eventPaymentId: string, organizationId: string, fields = {}) {
  const { body, headers } = multipartBody(
    {
      eventPaymentId,
      filename: 'District PO',
      contactEmail: 'purchasing@district.test',
      contactName: 'Pat Purchasing',
      contactPhone: '5551234567',
      number: `PO-${randomUUID().slice(0, 6)}`,
      organizationId,
      total: '44700',
      ...fields,
    },
    { name: 'po.pdf', bytes: tinyPdf },
  );
  return call(t.app, 'POST', '/api/purchase-orders', { caller, body, headers });
}

async function checkOutByPurchaseOrder(caller: Caller, organizationId: string): Promise<string> {
  const response = await call(t.app, 'POST', '/api/checkout', {
    caller,
    body: { method: 'PURCHASE_ORDER', organizationId },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ eventPaymentId: string }>().eventPaymentId;
}

describe('a purchase order naming its quote', () => {
  it('is linked to the quote; staff see the quote beside it, flagged when the amounts differ', async () => {
    const { owner, school } = await ownerWithCart();
    const quote = await quoteOf(owner.caller);
    const paymentId = await checkOutByPurchaseOrder(owner.caller, school.id);
    const sent = await uploadPurchaseOrder(owner.caller, paymentId, school.id, {
      quoteNumber: quote.number.toLowerCase(),
    });
    expect(sent.statusCode).toBe(201);

    const second = await ownerWithCart();
    const secondQuote = await quoteOf(second.owner.caller);
    const secondPayment = await checkOutByPurchaseOrder(second.owner.caller, second.school.id);
    expect(
      (
        await uploadPurchaseOrder(second.owner.caller, secondPayment, second.school.id, {
          quoteNumber: secondQuote.number,
          total: '40000',
        })
      ).statusCode,
    ).toBe(201);

    const staff = await signedInUser(t, 'STAFF');
    const list = await call(t.app, 'GET', '/api/admin/purchase-orders?pageSize=100', { caller: staff.caller });
    expect(list.statusCode).toBe(200);
    const rows: { id: string; quote: unknown }[] = list.json().items;
    expect(rows.find((row) => row.id === sent.json().purchaseOrderId)?.quote).toEqual({
      id: quote.quoteId,
      number: quote.number,
      totalCents: 44_700,
      validUntil: quote.validUntil,
      differs: false,
    });
    expect(rows.find((row) => row.quote && (row.quote as { id: string }).id === secondQuote.quoteId)?.quote).toEqual(
      expect.objectContaining({ differs: true, totalCents: 44_700 }),
    );
  });

  it('refuses another organization’s quote, an expired one, an unknown number and a malformed one, on the field', async () => {
    const { owner, school } = await ownerWithCart();
    const other = await ownerWithCart();
    const othersQuote = await quoteOf(other.owner.caller);
    const ownQuote = await quoteOf(owner.caller);
    const paymentId = await checkOutByPurchaseOrder(owner.caller, school.id);
    const refusals: [string, string, number][] = [
      [othersQuote.number, quoteMessages.otherOrganization, 400],
      ['Q-999999', quoteMessages.unknownNumber, 400],
      ['PO-1', quoteMessages.numberInvalid, 400],
    ];
    for (const [quoteNumber, message, status] of refusals) {
      const refused = await uploadPurchaseOrder(owner.caller, paymentId, school.id, { quoteNumber });
      expect(refused.statusCode).toBe(status);
      expect(refused.json().errors.quoteNumber).toBe(message);
    }
    await t.deps.db
      .update(quotes)
      .set({ validUntil: new Date(t.clock().getTime() - 1) })
      .where(eq(quotes.id, ownQuote.quoteId));
    const expired = await uploadPurchaseOrder(owner.caller, paymentId, school.id, { quoteNumber: ownQuote.number });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.quoteNumber).toBe(quoteMessages.expired);
    // Nothing was recorded by the refusals: the payment still waits for its purchase order.
    expect((await uploadPurchaseOrder(owner.caller, paymentId, school.id)).statusCode).toBe(201);
  });
});

describe('seats a quote holds', () => {
  it("is staff's choice per event, in the event form", async () => {
    const staff = await signedInUser(t, 'STAFF');
    const created = await call(t.app, 'POST', '/api/admin/events', {
      caller: staff.caller,
      body: staffEventForm({ quotesHoldSeats: true }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().quotesHoldSeats).toBe(true);
    const { quotesHoldSeats: _left, ...withoutIt } = staffEventForm();
    const plain = await call(t.app, 'POST', '/api/admin/events', { caller: staff.caller, body: withoutIt });
    expect(plain.json().quotesHoldSeats).toBe(false);
  });

  it('holds none unless the event says so', async () => {
    const { owner, event } = await ownerWithCart({ maxTickets: 5 });
    expect((await quoteOf(owner.caller)).holdsSeats).toBe(false);
    expect(await eventTaken(event.id)).toBe(0);
  });

  it('an event whose quotes hold seats: held until the quote runs out, released once by the hold sweep', async () => {
    const { owner, event } = await ownerWithCart({ maxTickets: 5, quotesHoldSeats: true });
    const quote = await quoteOf(owner.caller);
    expect(quote.holdsSeats).toBe(true);
    expect(await eventTaken(event.id)).toBe(3);
    const pdf = await call(t.app, 'GET', quote.pdfUrl, { caller: owner.caller });
    expect(await pdfText(pdf.rawPayload)).toContain('3 seat(s) are held for this quote until');
    // The same unchanged cart reuses the quote: its seats are not taken twice.
    expect((await quoteOf(owner.caller)).quoteId).toBe(quote.quoteId);
    expect(await eventTaken(event.id)).toBe(3);

    const later = new Date(t.clock().getTime() + 30 * dayMs + 1);
    await expireHolds(t.deps.db, later);
    expect(await eventTaken(event.id)).toBe(0);
    await expireHolds(t.deps.db, later);
    expect(await eventTaken(event.id)).toBe(0);
    const [stored] = await t.deps.db.select().from(quotes).where(eq(quotes.id, quote.quoteId));
    expect(stored?.seatsHeld).toBe(false);
  });

  it('a quote holding the last seats makes another cart sold out, and passes them to its own buyer’s checkout', async () => {
    const { owner, school, event, ticketType } = await ownerWithCart({
      maxTickets: 3,
      quotesHoldSeats: true,
    });
    expect((await quoteCart(owner.caller)).statusCode).toBe(201);
    const rival = await signedInUser(t);
    const rivalAdd = await call(t.app, 'POST', '/api/cart/items', {
      caller: rival.caller,
      body: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 },
    });
    expect(rivalAdd.statusCode).toBe(409);
    await checkOutByPurchaseOrder(owner.caller, school.id);
    expect(await eventTaken(event.id)).toBe(3);
    const [stored] = await t.deps.db.select().from(quotes).where(eq(quotes.organizationId, school.id));
    expect(stored?.seatsHeld).toBe(false);
  });

  it('a quote asking for more seats than are left is refused as sold out, and takes no number', async () => {
    const { owner, event } = await ownerWithCart({ maxTickets: 3, quotesHoldSeats: true, tickets: 3 });
    await t.deps.db.update(events).set({ ticketsTaken: 1 }).where(eq(events.id, event.id));
    const refused = await quoteCart(owner.caller);
    expect(refused.statusCode).toBe(409);
    expect(await eventTaken(event.id)).toBe(1);
  });
});

describe('quotes of an accepted application and of a group registration request', () => {
  it("quotes an accepted application's seat to the applicant's school; refused before acceptance and to anyone else", async () => {
    const applicant = await signedInUser(t, 'MEMBER', { firstName: 'Tara' });
    const school = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, school.id, applicant.user.id, 'MEMBER');
    const institute = await createInstitute(t.deps.db, {}, 95_000);
    const application = await createCompleteApplication(t.deps.db, institute, applicant.user.id);
    const url = `/api/event-applications/${application.id}/quote`;
    const early = await call(t.app, 'POST', url, { caller: applicant.caller, body: {} });
    expect(early.statusCode).toBe(409);
    await setApplicationStatus(t.deps.db, application.id, 'ACCEPTED');
    const response = await call(t.app, 'POST', url, { caller: applicant.caller, body: {} });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ totalCents: 95_000, holdsSeats: false });
    const text = await pdfText(
      (await call(t.app, 'GET', response.json().pdfUrl, { caller: applicant.caller })).rawPayload,
    );
    expect(text).toContain(institute.event.name);
    expect(text).toContain('$950.00');
    expect(text).toContain(school.name);
    const stranger = await signedInUser(t);
    expect((await call(t.app, 'POST', url, { caller: stranger.caller, body: {} })).statusCode).toBe(404);
    const elsewhere = await createOrganization(t.deps.db);
    const notHers = await call(t.app, 'POST', url, {
      caller: applicant.caller,
      body: { organizationId: elsewhere.id },
    });
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json().errors).toEqual({ organizationId: quoteMessages.organizationRequired });
  });

  it("quotes a registration request's seats (paid and free) to its school; refused without a school", async () => {
    const requester = await signedInUser(t, 'MEMBER', { firstName: 'Rita' });
    const school = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, school.id, requester.user.id, 'OWNER');
    const { event } = await createEvent(t.deps.db, { startDate: '2027-09-01', endDate: '2027-09-01' });
    await t.deps.db
      .insert(eventGroupRegistrations)
      .values({ eventId: event.id, open: true, attendeeCostCents: 10_000 });
    const [request] = await t.deps.db
      .insert(eventRegistrationRequests)
      .values({ userId: requester.user.id, eventId: event.id, seatsRequested: 4 })
      .returning();
    const url = `/api/event-registration-requests/${request?.id}/quote`;
    const schoolless = await call(t.app, 'POST', url, { caller: requester.caller });
    expect(schoolless.statusCode).toBe(400);
    expect(schoolless.json().errors).toEqual({ organizationId: quoteMessages.organizationRequired });
    await t.deps.db
      .update(eventRegistrationRequests)
      .set({ organizationId: school.id })
      .where(eq(eventRegistrationRequests.id, request?.id ?? ''));
    const response = await call(t.app, 'POST', url, { caller: requester.caller });
    expect(response.statusCode).toBe(201);
    expect(response.json().totalCents).toBe(40_000);
    const text = await pdfText(
      (await call(t.app, 'GET', response.json().pdfUrl, { caller: requester.caller })).rawPayload,
    );
    expect(text).toContain(`${event.name} (group registration)`);
    expect(text).toContain('$400.00');
    const stranger = await signedInUser(t);
    expect((await call(t.app, 'POST', url, { caller: stranger.caller })).statusCode).toBe(404);
  });
});
