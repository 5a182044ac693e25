import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartMessages } from '@portal/domain/commerce/cart.ts';
import { catalogueMessages } from '@portal/domain/events/catalogue.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import {
  registrationRequestMessages as messages,
  registrationRequestPaths,
  type RegistrationRequestDetail,
  type RegistrationRequestPage,
} from '@portal/domain/registrations/requests.ts';
import type { ApplicationPage } from '@portal/domain/applications/contracts.ts';
import { idempotencyKeyReusedMessage } from '@portal/domain/problems/messages.ts';
import { eventApplicationSections, eventApplications } from '../../db/schema/applications.ts';
import { coupons, eventPaths, eventPayments, events, purchaseOrders } from '../../db/schema/commerce.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { eventGroupRegistrations, eventRegistrationRequests } from '../../db/schema/registration-requests.ts';
import { signDemoEvent } from '../../platform/payment-providers.ts';
import { users } from '../../db/schema/users.ts';
import { createCoupon, createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { createInstitute } from '../../test/application-factories.ts';
import { addMembership, createOrganization, createUser } from '../../test/factories.ts';
import { multipart, pdf } from '../../test/security/fixtures.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

const base = '/api/event-registration-requests';
const create = (caller: Caller | undefined, body: unknown, key: string = randomUUID()) =>
  call(t.app, 'POST', base, { caller, body, headers: { 'idempotency-key': key } });
const read = (caller: Caller, id: string) => call(t.app, 'GET', `${base}/${id}`, { caller });
const seats = (caller: Caller, id: string, seatsRequested: unknown) =>
  call(t.app, 'PUT', `${base}/${id}/seats`, { caller, body: { seatsRequested } });
const attendees = (caller: Caller, id: string, emails: string[]) =>
  call(t.app, 'PUT', `${base}/${id}/attendees`, { caller, body: { emails } });
const coupon = (caller: Caller, id: string, code: string) =>
  call(t.app, 'POST', `${base}/${id}/coupon`, { caller, body: { code } });
const pay = (caller: Caller, id: string, method: 'CARD' | 'PURCHASE_ORDER' = 'CARD', key: string = randomUUID()) =>
  call(t.app, 'POST', `${base}/${id}/pay`, { caller, body: { method }, headers: { 'idempotency-key': key } });
const cancel = (caller: Caller, id: string) => call(t.app, 'POST', `${base}/${id}/cancel`, { caller });

/** An event open to group registration at $100 a seat, two free seats past ten, with `maxTickets` seats. */
async function openEvent(maxTickets: number | null = null) {
  const institute = await createInstitute(t.deps.db, { maxTickets });
  await t.deps.db.insert(eventGroupRegistrations).values({
    eventId: institute.event.id,
    open: true,
    attendeeCostCents: 10_000,
    paidSeatsRequiredForOffer: 10,
    freeSeatsInOffer: 2,
  });
  return institute;
}

async function requestFor(seatsRequested: number, maxTickets: number | null = null) {
  const institute = await openEvent(maxTickets);
  const member = await signedInUser(t);
  const response = await create(member.caller, {
    eventId: institute.event.id,
    seatsRequested,
    sectionIds: [institute.firstYear.sections[0]?.id],
    groupingIds: [],
  });
  expect(response.statusCode).toBe(201);
  return { ...member, institute, requestId: response.json<{ id: string }>().id };
}

/**
 * The requester pays by purchase order and sends the form (type EVENT) for an organization they belong to: the
 * payment it started and the form's answer.
 */
async function submitPurchaseOrder(
  { caller, user, requestId }: Awaited<ReturnType<typeof requestFor>>,
  number: string,
  total: string,
) {
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, user.id);
  const started = (await pay(caller, requestId, 'PURCHASE_ORDER')).json<{ eventPaymentId: string }>();
  const { body, headers } = multipart(
    {
      eventPaymentId: started.eventPaymentId,
      filename: 'District PO',
      contactEmail: 'purchasing@district.test',
      contactName: 'Pat Purchasing',
      contactPhone: '5551234567',
      number,
      organizationId: organization.id,
      total,
      type: 'EVENT',
    },
    pdf,
  );
  const submitted = await call(t.app, 'POST', '/api/purchase-orders', { caller, body, headers });
  return { started, submitted };
}

const emailsFor = (n: number) =>
  Array.from({ length: n }, (_, i) => `attendee-${i}-${randomUUID().slice(0, 8)}@example.test`);

describe('POST /api/event-registration-requests', () => {
  it('creates a request for an open event, priced with the offer', async () => {
    const { caller, requestId, institute } = await requestFor(12);
    const detail = (await read(caller, requestId)).json<RegistrationRequestDetail>();
    expect(detail).toMatchObject({
      status: 'OPEN',
      seatsRequested: 12,
      event: { id: institute.event.id },
      price: { attendeeCost: 10_000, freeSeats: 2, grossTotal: 120_000, subtotal: 100_000, total: 100_000 },
      paymentStatus: null,
      requestedSections: [{ id: institute.firstYear.sections[0]?.id }],
    });
    // The last seats are the free ones (§9: deducted from the last first).
    expect(detail.seats.map((seat) => seat.free)).toEqual([...Array<boolean>(10).fill(false), true, true]);
  });

  it.each([
    ['0 seats', 0],
    ['101 seats', 101],
    ['a fraction', 2.5],
  ])('refuses %s (400)', async (_, seatsRequested) => {
    const institute = await openEvent();
    const { caller } = await signedInUser(t);
    const response = await create(caller, { eventId: institute.event.id, seatsRequested });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.seatsRequested).toBe(messages.seatsRange);
  });

  it('refuses an event not open to group registration, and sections of another event', async () => {
    const closed = await createInstitute(t.deps.db);
    const open = await openEvent();
    const { caller } = await signedInUser(t);
    const notOpen = await create(caller, { eventId: closed.event.id, seatsRequested: 2 });
    expect(notOpen.statusCode).toBe(400);
    expect(notOpen.json().detail).toBe(messages.notOpen);
    const foreign = await create(caller, {
      eventId: open.event.id,
      seatsRequested: 2,
      sectionIds: [closed.firstYear.sections[0]?.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(messages.sectionNotInEvent);
  });

  it('refuses once the purchase window has closed, and paying then too (409)', async () => {
    const { caller, requestId, institute } = await requestFor(2);
    // The test clock is 2026-11-22; an event starting in 5 days with a 7-day window is closed.
    await t.deps.db
      .update(events)
      .set({ startDate: '2026-11-27', endDate: '2026-11-28', daysBeforePurchaseClose: 7 })
      .where(eq(events.id, institute.event.id));
    const created = await create(caller, { eventId: institute.event.id, seatsRequested: 2 });
    expect(created.statusCode).toBe(409);
    expect(created.json().detail).toBe(catalogueMessages.purchaseClosed);
    expect((await pay(caller, requestId)).statusCode).toBe(409);
  });

  it('a double click or a replay (the same Idempotency-Key) makes one request; two at once too', async () => {
    const institute = await openEvent();
    const { caller, user } = await signedInUser(t);
    const body = { eventId: institute.event.id, seatsRequested: 3 };
    const key = randomUUID();
    const both = await Promise.all([create(caller, body, key), create(caller, body, key)]);
    expect(both.map((response) => response.statusCode)).toEqual([201, 201]);
    const [first, second] = both.map((response) => response.json<{ id: string }>().id);
    expect(second).toBe(first);
    const replayed = await create(caller, body, key);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json<{ id: string }>().id).toBe(first);
    const made = await t.deps.db
      .select()
      .from(eventRegistrationRequests)
      .where(eq(eventRegistrationRequests.userId, user.id));
    expect(made).toHaveLength(1);
    // Another click of another attempt (a new key) is another request.
    expect((await create(caller, body)).json<{ id: string }>().id).not.toBe(first);
    // The key of one request makes no other request, and is not answered with the first: another event, other seats.
    const other = await openEvent();
    for (const changed of [
      { eventId: other.event.id, seatsRequested: 3 },
      { eventId: institute.event.id, seatsRequested: 4 },
    ]) {
      const reused = await create(caller, changed, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().detail).toBe(idempotencyKeyReusedMessage);
    }
    expect(
      await t.deps.db.select().from(eventRegistrationRequests).where(eq(eventRegistrationRequests.userId, user.id)),
    ).toHaveLength(2);
  });

  it('refuses a create without an Idempotency-Key (400)', async () => {
    const institute = await openEvent();
    const { caller } = await signedInUser(t);
    const response = await call(t.app, 'POST', base, {
      caller,
      body: { eventId: institute.event.id, seatsRequested: 2 },
    });
    expect(response.statusCode).toBe(400);
  });

  it('asks for groupings on a path chosen by grouping and sections on one chosen by section, and refuses the other way round (400)', async () => {
    const institute = await openEvent();
    await t.deps.db
      .update(eventPaths)
      .set({ applicationSelectionLevel: 'GROUPINGS' })
      .where(eq(eventPaths.id, institute.advanced.path.id));
    const { caller } = await signedInUser(t);
    const offer = await call(t.app, 'GET', `/api/catalogue/events/${institute.event.id}/group-registration`, {
      caller,
    });
    expect(offer.json()).toMatchObject({ groupingPathIds: [institute.advanced.path.id] });

    const fitting = await create(caller, {
      eventId: institute.event.id,
      seatsRequested: 2,
      sectionIds: [institute.firstYear.sections[0]?.id],
      groupingIds: [institute.advanced.grouping.id],
    });
    expect(fitting.statusCode).toBe(201);
    const detail = (await read(caller, fitting.json<{ id: string }>().id)).json<RegistrationRequestDetail>();
    expect(detail.requestedGroupings).toEqual([
      { id: institute.advanced.grouping.id, name: institute.advanced.grouping.name },
    ]);

    const groupingOfSectionPath = await create(caller, {
      eventId: institute.event.id,
      seatsRequested: 2,
      groupingIds: [institute.firstYear.grouping.id],
    });
    expect(groupingOfSectionPath.statusCode).toBe(400);
    expect(groupingOfSectionPath.json().errors.groupingIds).toBe(messages.groupingOfSectionPath);
    const sectionOfGroupingPath = await create(caller, {
      eventId: institute.event.id,
      seatsRequested: 2,
      sectionIds: [institute.advanced.sections[0]?.id],
    });
    expect(sectionOfGroupingPath.statusCode).toBe(400);
    expect(sectionOfGroupingPath.json().errors.sectionIds).toBe(messages.sectionOfGroupingPath);
  });

  it('refuses an anonymous caller (401)', async () => {
    const institute = await openEvent();
    expect((await create(undefined, { eventId: institute.event.id, seatsRequested: 2 })).statusCode).toBe(401);
  });
});

describe('reading requests', () => {
  it('lists only the member’s own requests, and another member gets 404 for the detail', async () => {
    const mine = await requestFor(3);
    const other = await signedInUser(t);
    const list = (await call(t.app, 'GET', base, { caller: mine.caller })).json<RegistrationRequestPage>();
    expect(list.items.map((row) => row.id)).toEqual([mine.requestId]);
    expect(list.items[0]).toMatchObject({
      seatsRequested: 3,
      attendeesAssigned: 0,
      total: 30_000,
      paymentStatus: null,
    });
    expect((await call(t.app, 'GET', base, { caller: other.caller })).json<RegistrationRequestPage>().items).toEqual(
      [],
    );
    expect((await read(other.caller, mine.requestId)).statusCode).toBe(404);
    expect((await seats(other.caller, mine.requestId, 4)).statusCode).toBe(404);
    expect((await cancel(other.caller, mine.requestId)).statusCode).toBe(404);
  });

  it('the open offer of an event; nothing to offer (200, null) for one not open; 404 for one the catalogue does not show', async () => {
    const institute = await openEvent();
    const closed = await createEvent(t.deps.db);
    const unpublished = await createEvent(t.deps.db, { published: false });
    const { caller } = await signedInUser(t);
    const offer = await call(t.app, 'GET', `/api/catalogue/events/${institute.event.id}/group-registration`, {
      caller,
    });
    expect(offer.json()).toEqual({
      eventId: institute.event.id,
      attendeeCost: 10_000,
      paidSeatsRequiredForOffer: 10,
      freeSeatsInOffer: 2,
      groupingPathIds: [],
    });
    const notOpen = await call(t.app, 'GET', `/api/catalogue/events/${closed.event.id}/group-registration`, { caller });
    expect(notOpen.statusCode).toBe(200);
    expect(notOpen.json()).toBeNull();
    for (const eventId of [unpublished.event.id, randomUUID()]) {
      const offer = await call(t.app, 'GET', `/api/catalogue/events/${eventId}/group-registration`, { caller });
      expect(offer.statusCode).toBe(404);
    }
  });
});

describe('PUT /api/event-registration-requests/:id/seats', () => {
  it('changes the seats (1–100) and the price; refuses 101 (400)', async () => {
    const { caller, requestId } = await requestFor(3);
    const updated = await seats(caller, requestId, 11);
    expect(updated.statusCode).toBe(200);
    expect(updated.json<RegistrationRequestDetail>().price).toMatchObject({ seats: 11, freeSeats: 1, total: 100_000 });
    const tooMany = await seats(caller, requestId, 101);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.seatsRequested).toBe(messages.seatsRange);
  });

  it('is refused once paid (409), and fewer seats drop the last attendees', async () => {
    const { caller, requestId, institute } = await requestFor(3);
    const emails = emailsFor(3);
    expect((await attendees(caller, requestId, emails)).statusCode).toBe(200);
    const fewer = (await seats(caller, requestId, 2)).json<RegistrationRequestDetail>();
    expect(fewer.seats.map((seat) => seat.attendee?.email)).toEqual(emails.slice(0, 2));
    const [dropped] = await t.deps.db
      .select({ status: eventApplications.status })
      .from(eventApplications)
      .innerJoin(users, eq(users.id, eventApplications.userId))
      .where(eq(users.email, emails[2] ?? ''));
    expect(dropped?.status).toBe('VOIDED');

    // A free event: nothing to pay, PAID at once.
    await t.deps.db
      .update(eventGroupRegistrations)
      .set({ attendeeCostCents: 0 })
      .where(eq(eventGroupRegistrations.eventId, institute.event.id));
    const paid = await pay(caller, requestId);
    expect(paid.json().redirectUrl).toContain(registrationRequestPaths.success(requestId, paid.json().eventPaymentId));
    const refused = await seats(caller, requestId, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(messages.isPaid);
  });
});

describe('PUT /api/event-registration-requests/:id/attendees', () => {
  it('refuses until every seat is filled, a bad email and a duplicate (400, per seat)', async () => {
    const { caller, requestId } = await requestFor(3);
    const missing = await attendees(caller, requestId, ['a@example.test', 'b@example.test']);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(messages.fillAllSeats);
    const bad = await attendees(caller, requestId, ['a@example.test', 'not-an-email', 'A@example.test']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'emails.1': messages.emailInvalid, 'emails.2': messages.emailDuplicate });
    expect(
      (await read(caller, requestId)).json<RegistrationRequestDetail>().seats.every((seat) => seat.attendee === null),
    ).toBe(true);
  });

  it('gives each attendee a simplified application with the requested sections, invites those without an account, and shows Manage Registration to the requester', async () => {
    const { caller, user, requestId, institute } = await requestFor(3);
    const existing = await createUser(t.deps.db, { email: `existing-${randomUUID().slice(0, 8)}@example.test` });
    const [newcomer1, newcomer2] = emailsFor(2);
    const saved = await attendees(caller, requestId, [existing.email, newcomer1 ?? '', user.email]);
    expect(saved.statusCode).toBe(200);
    const detail = saved.json<RegistrationRequestDetail>();
    expect(detail.seats.map((seat) => [seat.attendee?.email, seat.attendee?.isPending])).toEqual([
      [existing.email, false],
      [newcomer1, true],
      [user.email, false],
    ]);
    const applicationIds = detail.seats.map((seat) => seat.attendee?.applicationId ?? '');
    const applications = await t.deps.db
      .select()
      .from(eventApplications)
      .where(eq(eventApplications.eventId, institute.event.id));
    expect(
      applications.filter((a) => applicationIds.includes(a.id)).every((a) => a.isSimplified && a.status === 'STARTED'),
    ).toBe(true);
    const sections = await t.deps.db
      .select()
      .from(eventApplicationSections)
      .where(eq(eventApplicationSections.applicationId, applicationIds[1] ?? ''));
    expect(sections.map((s) => s.sectionId)).toEqual([institute.firstYear.sections[0]?.id]);
    const mail = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, newcomer1 ?? ''));
    expect(mail[0]?.text).toContain('/auth/forgot-password');

    const list = (await call(t.app, 'GET', '/api/event-applications', { caller })).json<ApplicationPage>();
    expect(list.items.find((row) => row.id === applicationIds[2])).toMatchObject({
      isSimplified: true,
      registrationRequestId: requestId,
    });

    // Replacing an attendee voids their application and keeps the others'.
    const replaced = (
      await attendees(caller, requestId, [existing.email, newcomer2 ?? '', user.email])
    ).json<RegistrationRequestDetail>();
    expect(replaced.seats[0]?.attendee?.applicationId).toBe(applicationIds[0]);
    const [voided] = await t.deps.db
      .select({ status: eventApplications.status })
      .from(eventApplications)
      .where(eq(eventApplications.id, applicationIds[1] ?? ''));
    expect(voided?.status).toBe('VOIDED');
  });

  it('names a pasted list’s new people as the list gives them; people with an account keep their names', async () => {
    const { caller, requestId } = await requestFor(2);
    const existing = await createUser(t.deps.db, {
      email: `existing-${randomUUID().slice(0, 8)}@example.test`,
      firstName: 'Kept',
    });
    const [newcomer] = emailsFor(1);
    const saved = await call(t.app, 'PUT', `${base}/${requestId}/attendees`, {
      caller,
      body: {
        emails: [newcomer, existing.email],
        names: [
          { email: (newcomer ?? '').toUpperCase(), firstName: 'Ann', lastName: 'de la Cruz' },
          { email: existing.email, firstName: 'Other', lastName: 'Name' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const named = await t.deps.db
      .select({
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(eq(users.email, newcomer ?? ''));
    expect(named).toEqual([{ email: newcomer, firstName: 'Ann', lastName: 'de la Cruz', passwordHash: null }]);
    const [kept] = await t.deps.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, existing.id));
    expect(kept?.firstName).toBe('Kept');
  });

  it('refuses names that are too long or too many (400) and writes nothing', async () => {
    const { caller, requestId } = await requestFor(1);
    const [email] = emailsFor(1);
    const long = await call(t.app, 'PUT', `${base}/${requestId}/attendees`, {
      caller,
      body: { emails: [email], names: [{ email, firstName: 'x'.repeat(101), lastName: '' }] },
    });
    expect(long.statusCode).toBe(400);
    const many = await call(t.app, 'PUT', `${base}/${requestId}/attendees`, {
      caller,
      body: { emails: [email], names: Array.from({ length: 101 }, () => ({ email, firstName: 'A', lastName: 'B' })) },
    });
    expect(many.statusCode).toBe(400);
    expect(
      await t.deps.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email ?? '')),
    ).toEqual([]);
  });

  it('the simplified application lookup (request, user): for the requester and the attendee, 404 for anyone else', async () => {
    const { caller, requestId } = await requestFor(1);
    const attendee = await signedInUser(t);
    const saved = (await attendees(caller, requestId, [attendee.user.email])).json<RegistrationRequestDetail>();
    const url = `${base}/${requestId}/applications/${attendee.user.id}`;
    const byRequester = await call(t.app, 'GET', url, { caller });
    expect(byRequester.statusCode).toBe(200);
    expect(byRequester.json()).toMatchObject({
      id: saved.seats[0]?.attendee?.applicationId,
      isSimplified: true,
      status: 'STARTED',
    });
    expect((await call(t.app, 'GET', url, { caller: attendee.caller })).statusCode).toBe(200);
    const stranger = await signedInUser(t);
    expect((await call(t.app, 'GET', url, { caller: stranger.caller })).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', `${base}/${requestId}/applications/${stranger.user.id}`, { caller })).statusCode,
    ).toBe(404);
  });

  it('two requests naming the same new person at once: one gets the seat, the other a 400, never a 500', async () => {
    const first = await requestFor(1);
    const second = await signedInUser(t);
    const other = await create(second.caller, { eventId: first.institute.event.id, seatsRequested: 1 });
    const [email] = emailsFor(1);
    const responses = await Promise.all([
      attendees(first.caller, first.requestId, [email ?? '']),
      attendees(second.caller, other.json<{ id: string }>().id, [email ?? '']),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(
      await t.deps.db
        .select()
        .from(users)
        .where(eq(users.email, email ?? '')),
    ).toHaveLength(1);
  });

  it('refuses someone who already applies to the event', async () => {
    const { caller, requestId, institute } = await requestFor(1);
    const applicant = await signedInUser(t);
    expect(
      (
        await call(t.app, 'POST', '/api/event-applications', {
          caller: applicant.caller,
          body: { eventId: institute.event.id },
        })
      ).statusCode,
    ).toBe(201);
    const refused = await attendees(caller, requestId, [applicant.user.email]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'emails.0': messages.alreadyApplied });
  });
});

describe('coupon and payment', () => {
  it('applies a coupon of the event, refuses an unknown one, and pays by the demo card', async () => {
    const { caller, requestId, institute } = await requestFor(3);
    const tenOff = await createCoupon(t.deps.db, { eventId: institute.event.id, discountPercentage: 10 });
    const unknown = await coupon(caller, requestId, 'NOPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(cartMessages.couponError);
    const applied = await coupon(caller, requestId, tenOff.code.toLowerCase());
    expect(applied.json<RegistrationRequestDetail>().price).toMatchObject({
      subtotal: 30_000,
      couponDiscount: 3_000,
      total: 27_000,
    });

    const key = randomUUID();
    const started = await pay(caller, requestId, 'CARD', key);
    expect(started.statusCode).toBe(200);
    const { eventPaymentId, redirectUrl } = started.json<{ eventPaymentId: string; redirectUrl: string }>();
    expect(redirectUrl).toContain('demo-pay');
    // A double click answers the same payment.
    expect((await pay(caller, requestId, 'CARD', key)).json().eventPaymentId).toBe(eventPaymentId);
    const [payment] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, eventPaymentId));
    expect(payment).toMatchObject({
      status: 'PENDING',
      subtotalCents: 30_000,
      discountCents: 3_000,
      totalCents: 27_000,
      seatsHeld: true,
    });
    const [event] = await t.deps.db
      .select({ taken: events.ticketsTaken })
      .from(events)
      .where(eq(events.id, institute.event.id));
    expect(event?.taken).toBe(3);
    const [used] = await t.deps.db
      .select({ timesUsed: coupons.timesUsed })
      .from(coupons)
      .where(eq(coupons.id, tenOff.id));
    expect(used?.timesUsed).toBe(1);

    const demo = await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
      caller,
      body: { outcome: 'succeed' },
    });
    expect(demo.json().redirectUrl).toBe(registrationRequestPaths.success(requestId, eventPaymentId));
    const lookup = await call(t.app, 'GET', `${base}/${requestId}/payments/${eventPaymentId}`, { caller });
    expect(lookup.json()).toMatchObject({ id: eventPaymentId, status: 'PAID', total: 27_000 });
    const detail = (await read(caller, requestId)).json<RegistrationRequestDetail>();
    expect(detail).toMatchObject({
      paymentStatus: 'PAID',
      abilities: { changeSeats: false, changeCoupon: false, pay: false, assignAttendees: true, cancel: true },
    });
    expect((await coupon(caller, requestId, '')).statusCode).toBe(409);
    expect((await pay(caller, requestId)).statusCode).toBe(409);
  });

  it('paid by the demo card: audited once, and posted as payment.paid and registration_request.paid to the endpoints taking them', async () => {
    const [both, paidOnly, disabled] = await t.deps.db
      .insert(webhookEndpoints)
      .values([
        {
          url: 'https://erp.test/both',
          eventTypes: ['payment.paid', 'registration_request.paid'],
          secretEncrypted: 'x',
        },
        { url: 'https://erp.test/paid', eventTypes: ['payment.paid'], secretEncrypted: 'x' },
        { url: 'https://erp.test/off', eventTypes: ['payment.paid'], secretEncrypted: 'x', enabled: false },
      ])
      .returning({ id: webhookEndpoints.id });
    const { caller, requestId } = await requestFor(2);
    const { eventPaymentId } = (await pay(caller, requestId, 'CARD')).json<{ eventPaymentId: string }>();
    const demo = await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
      caller,
      body: { outcome: 'succeed' },
    });
    expect(demo.statusCode).toBe(200);

    const posted = async (endpointId: string | undefined) =>
      (
        await t.deps.db
          .select({ eventType: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId ?? ''))
      ).sort((a, b) => a.eventType.localeCompare(b.eventType));
    const paidEvent = {
      eventType: 'payment.paid',
      payload: { data: { paymentId: eventPaymentId, status: 'PAID', registrationRequestId: requestId } },
    };
    expect(await posted(both?.id)).toMatchObject([
      paidEvent,
      {
        eventType: 'registration_request.paid',
        payload: { data: { registrationRequestId: requestId, paymentId: eventPaymentId } },
      },
    ]);
    expect(await posted(paidOnly?.id)).toMatchObject([paidEvent]);
    expect(await posted(disabled?.id)).toEqual([]);
    const audits = await t.deps.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, data: auditLog.data })
      .from(auditLog)
      .where(eq(auditLog.subjectId, eventPaymentId));
    expect(audits.filter((entry) => entry.action === 'event-payment.paid')).toEqual([
      {
        action: 'event-payment.paid',
        actorId: null,
        data: { provider: 'demo', providerEventId: expect.any(String), late: false },
      },
    ]);
  });

  it('the key of a payment with another method or for another request is refused (422), never answered with the first', async () => {
    const { caller, requestId } = await requestFor(2);
    const key = randomUUID();
    const first = await pay(caller, requestId, 'CARD', key);
    expect(first.statusCode).toBe(200);
    const otherMethod = await pay(caller, requestId, 'PURCHASE_ORDER', key);
    expect(otherMethod.statusCode).toBe(422);
    expect(otherMethod.json().detail).toBe(idempotencyKeyReusedMessage);
    const otherRequest = await create(caller, { eventId: (await openEvent()).event.id, seatsRequested: 1 });
    expect((await pay(caller, otherRequest.json<{ id: string }>().id, 'CARD', key)).statusCode).toBe(422);
    const made = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.idempotencyKey, key));
    expect(made.map((payment) => payment.method)).toEqual(['CARD']);
    expect((await pay(caller, requestId, 'CARD', key)).json().eventPaymentId).toBe(first.json().eventPaymentId);
  });

  it('the payment lookup is refused for another member and for a payment of another request (404)', async () => {
    const first = await requestFor(1);
    const started = (await pay(first.caller, first.requestId)).json<{ eventPaymentId: string }>();
    const second = await requestFor(1);
    const other = await signedInUser(t);
    expect(
      (
        await call(t.app, 'GET', `${base}/${first.requestId}/payments/${started.eventPaymentId}`, {
          caller: other.caller,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'GET', `${base}/${second.requestId}/payments/${started.eventPaymentId}`, {
          caller: second.caller,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('pays by purchase order: the purchase order page, then the existing form makes it PO_SUBMITTED', async () => {
    const { caller, requestId } = await requestFor(2);
    const started = (await pay(caller, requestId, 'PURCHASE_ORDER')).json<{
      eventPaymentId: string;
      redirectUrl: string;
    }>();
    expect(started.redirectUrl).toBe(registrationRequestPaths.purchaseOrder(requestId, started.eventPaymentId));
    const [payment] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, started.eventPaymentId));
    expect(payment).toMatchObject({ status: 'AWAITING_PO', method: 'PURCHASE_ORDER', totalCents: 20_000 });
    // Switching to a card cancels the purchase-order payment and gives its seats back first.
    const card = (await pay(caller, requestId, 'CARD')).json<{ eventPaymentId: string }>();
    expect(card.eventPaymentId).not.toBe(started.eventPaymentId);
    const [old] = await t.deps.db
      .select({ status: eventPayments.status })
      .from(eventPayments)
      .where(eq(eventPayments.id, started.eventPaymentId));
    expect(old?.status).toBe('CANCELLED');
  });

  it('a card payment that became REFUND_NEEDED (a late success without its seats) is not answered again: paying makes a new one', async () => {
    const { caller, requestId } = await requestFor(1);
    const first = (await pay(caller, requestId)).json<{ eventPaymentId: string }>();
    await t.deps.db
      .update(eventPayments)
      .set({ status: 'REFUND_NEEDED', refundReason: 'SEATS_GONE', seatsHeld: false })
      .where(eq(eventPayments.id, first.eventPaymentId));
    await t.deps.db
      .update(events)
      .set({ ticketsTaken: 0 })
      .where(eq(events.id, (await read(caller, requestId)).json<RegistrationRequestDetail>().event.id));
    const second = await pay(caller, requestId);
    expect(second.statusCode).toBe(200);
    expect(second.json().eventPaymentId).not.toBe(first.eventPaymentId);
  });

  it('the purchase order goes through the existing form (type EVENT) and staff approval makes the request paid', async () => {
    const requester = await requestFor(2);
    const { caller, requestId } = requester;
    // Typed in dollars on the form, sent in cents.
    const { submitted } = await submitPurchaseOrder(requester, 'PO-7', '20000');
    expect(submitted.statusCode).toBe(201);
    expect((await read(caller, requestId)).json<RegistrationRequestDetail>()).toMatchObject({
      paymentStatus: 'PO_SUBMITTED',
      abilities: { changeSeats: false, pay: false },
    });
    const staff = await signedInUser(t, 'STAFF');
    const approved = await call(
      t.app,
      'POST',
      `/api/admin/purchase-orders/${submitted.json<{ purchaseOrderId: string }>().purchaseOrderId}/approve`,
      { caller: staff.caller },
    );
    expect(approved.statusCode).toBe(200);
    expect((await read(caller, requestId)).json<RegistrationRequestDetail>().paymentStatus).toBe('PAID');
  });

  it('cancelling a request voids its purchase order under review, and says so to the webhook endpoints', async () => {
    const [endpoint] = await t.deps.db
      .insert(webhookEndpoints)
      .values({ url: 'https://erp.test/hooks', eventTypes: ['purchase_order.voided'], secretEncrypted: 'unused' })
      .returning({ id: webhookEndpoints.id });
    const requester = await requestFor(1);
    const { caller, requestId } = requester;
    const { started, submitted } = await submitPurchaseOrder(requester, 'PO-9', '10000');
    const { purchaseOrderId } = submitted.json<{ purchaseOrderId: string }>();
    expect((await cancel(caller, requestId)).statusCode).toBe(200);

    const [order] = await t.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, purchaseOrderId));
    expect(order?.status).toBe('VOIDED');
    const posted = await t.deps.db
      .select({ eventType: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(posted).toMatchObject([
      {
        eventType: 'purchase_order.voided',
        payload: { data: { purchaseOrderId, number: 'PO-9', paymentId: started.eventPaymentId } },
      },
    ]);
  });

  it('a payment without the Idempotency-Key is refused (400)', async () => {
    const { caller, requestId } = await requestFor(1);
    expect(
      (await call(t.app, 'POST', `${base}/${requestId}/pay`, { caller, body: { method: 'CARD' } })).statusCode,
    ).toBe(400);
  });
});

describe('concurrent requests never oversell', () => {
  it('of 8 requests of 3 seats for 10 seats, 3 are paid and 5 refused as sold out', { timeout: 60_000 }, async () => {
    const institute = await openEvent(10);
    const members = await Promise.all(Array.from({ length: 8 }, () => signedInUser(t)));
    const ids: string[] = [];
    for (const member of members) {
      const response = await create(member.caller, { eventId: institute.event.id, seatsRequested: 3 });
      ids.push(response.json<{ id: string }>().id);
    }
    const responses = await Promise.all(members.map((member, i) => pay(member.caller, ids[i] ?? '')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    for (const refused of responses.filter((r) => r.statusCode === 409))
      expect(refused.json().detail).toBe(paymentMessages.soldOut(institute.event.name, 1));
    const [event] = await t.deps.db
      .select({ taken: events.ticketsTaken })
      .from(events)
      .where(eq(events.id, institute.event.id));
    expect(event?.taken).toBe(9);
  });
});

describe('POST /api/event-registration-requests/:id/cancel', () => {
  it('cancels an unpaid request: its payment cancelled, seats and attendees released', async () => {
    const { caller, requestId, institute } = await requestFor(2, 10);
    await attendees(caller, requestId, emailsFor(2));
    const started = (await pay(caller, requestId)).json<{ eventPaymentId: string }>();
    const cancelled = await cancel(caller, requestId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<RegistrationRequestDetail>()).toMatchObject({
      status: 'CANCELLED',
      abilities: { assignAttendees: false, cancel: false },
    });
    const [payment] = await t.deps.db
      .select({ status: eventPayments.status })
      .from(eventPayments)
      .where(eq(eventPayments.id, started.eventPaymentId));
    expect(payment?.status).toBe('CANCELLED');
    const [event] = await t.deps.db
      .select({ taken: events.ticketsTaken })
      .from(events)
      .where(eq(events.id, institute.event.id));
    expect(event?.taken).toBe(0);
    const voided = await t.deps.db
      .select({ status: eventApplications.status })
      .from(eventApplications)
      .where(eq(eventApplications.eventId, institute.event.id));
    expect(voided.map((a) => a.status)).toEqual(['VOIDED', 'VOIDED']);
    expect((await cancel(caller, requestId)).statusCode).toBe(409);
  });

  it('a paid request becomes a refund for staff, who are mailed', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { caller, requestId, institute } = await requestFor(2, 10);
    const started = (await pay(caller, requestId)).json<{ eventPaymentId: string }>();
    await call(t.app, 'POST', `/api/payments/demo/${started.eventPaymentId}`, { caller, body: { outcome: 'succeed' } });
    expect((await cancel(caller, requestId)).statusCode).toBe(200);
    const [payment] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, started.eventPaymentId));
    expect(payment).toMatchObject({ status: 'REFUND_NEEDED', refundReason: 'BUYER_CANCELLED', seatsHeld: false });
    const [event] = await t.deps.db
      .select({ taken: events.ticketsTaken })
      .from(events)
      .where(eq(events.id, institute.event.id));
    expect(event?.taken).toBe(0);
    const mail = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, staff.user.email));
    expect(mail.map((m) => m.subject)).toContain('A cancelled registration request needs a refund');
  });

  it('a card success after the cancel (the demo page, the provider’s webhook) is a refund for staff, never PAID', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { caller, requestId, institute } = await requestFor(2, 10);
    const started = (await pay(caller, requestId)).json<{ eventPaymentId: string }>();
    expect((await cancel(caller, requestId)).statusCode).toBe(200);

    const demo = await call(t.app, 'POST', `/api/payments/demo/${started.eventPaymentId}`, {
      caller,
      body: { outcome: 'succeed' },
    });
    expect(demo.statusCode).toBe(200);
    const [payment] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, started.eventPaymentId));
    expect(payment).toMatchObject({
      status: 'REFUND_NEEDED',
      refundReason: 'BUYER_CANCELLED',
      seatsHeld: false,
      paidAt: null,
    });
    const [event] = await t.deps.db
      .select({ taken: events.ticketsTaken })
      .from(events)
      .where(eq(events.id, institute.event.id));
    expect(event?.taken).toBe(0);
    expect((await read(caller, requestId)).json<RegistrationRequestDetail>()).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'REFUND_NEEDED',
    });
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, started.eventPaymentId));
    expect(audits.map((row) => row.action)).toContain('event-payment.refund-needed');
    const mail = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, staff.user.email));
    expect(
      mail.some((m) => m.subject === 'A card payment needs a refund' && m.text.includes(started.eventPaymentId)),
    ).toBe(true);
    const listed = await call(t.app, 'GET', '/api/admin/event-payments?status=REFUND_NEEDED&pageSize=100', {
      caller: staff.caller,
    });
    expect(listed.json<{ items: { id: string; refundReason: string }[] }>().items).toContainEqual(
      expect.objectContaining({ id: started.eventPaymentId, refundReason: 'BUYER_CANCELLED' }),
    );

    // The provider's own webhook for another of its events settles nothing again.
    const raw = JSON.stringify({
      id: `demo_${randomUUID()}`,
      type: 'payment.succeeded',
      eventPaymentId: started.eventPaymentId,
    });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/demo/webhook',
      headers: {
        'content-type': 'application/json',
        'x-demo-signature': signDemoEvent(t.deps.config.payments.demoSecret, raw),
      },
      payload: raw,
    });
    expect(webhook.json()).toEqual({ outcome: 'ignored' });
    const [after] = await t.deps.db
      .select({ status: eventPayments.status })
      .from(eventPayments)
      .where(eq(eventPayments.id, started.eventPaymentId));
    expect(after?.status).toBe('REFUND_NEEDED');
  });

  it('a webhook success for a card payment whose request was cancelled is REFUND_NEEDED (BUYER_CANCELLED)', async () => {
    const { caller, requestId } = await requestFor(1, 10);
    const started = (await pay(caller, requestId)).json<{ eventPaymentId: string }>();
    expect((await cancel(caller, requestId)).statusCode).toBe(200);
    const raw = JSON.stringify({
      id: `demo_${randomUUID()}`,
      type: 'payment.succeeded',
      eventPaymentId: started.eventPaymentId,
    });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/demo/webhook',
      headers: {
        'content-type': 'application/json',
        'x-demo-signature': signDemoEvent(t.deps.config.payments.demoSecret, raw),
      },
      payload: raw,
    });
    expect(webhook.json()).toEqual({ outcome: 'applied' });
    const [payment] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, started.eventPaymentId));
    expect(payment).toMatchObject({ status: 'REFUND_NEEDED', refundReason: 'BUYER_CANCELLED', seatsHeld: false });
  });

  it(
    'a cancel and a card success at once: the request is cancelled and its payment is a refund, never PAID',
    { timeout: 60_000 },
    async () => {
      for (let round = 0; round < 4; round += 1) {
        const { caller, requestId, institute } = await requestFor(2, 10);
        const started = (await pay(caller, requestId)).json<{ eventPaymentId: string }>();
        const [cancelled, succeeded] = await Promise.all([
          cancel(caller, requestId),
          call(t.app, 'POST', `/api/payments/demo/${started.eventPaymentId}`, { caller, body: { outcome: 'succeed' } }),
        ]);
        expect(cancelled.statusCode).toBe(200);
        expect(succeeded.statusCode).toBe(200);
        const [request] = await t.deps.db
          .select({ status: eventRegistrationRequests.status })
          .from(eventRegistrationRequests)
          .where(eq(eventRegistrationRequests.id, requestId));
        expect(request?.status).toBe('CANCELLED');
        const [payment] = await t.deps.db
          .select()
          .from(eventPayments)
          .where(eq(eventPayments.id, started.eventPaymentId));
        expect(payment).toMatchObject({ status: 'REFUND_NEEDED', refundReason: 'BUYER_CANCELLED', seatsHeld: false });
        const [event] = await t.deps.db
          .select({ taken: events.ticketsTaken })
          .from(events)
          .where(eq(events.id, institute.event.id));
        expect(event?.taken).toBe(0);
      }
    },
  );
});
