import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminEventPaymentRow, EventPaymentPage } from '@portal/domain/commerce/payments.ts';
import {
  registrationRequestMessages as messages,
  type RegistrationRequestDetail,
  type RegistrationRequestPage,
} from '@portal/domain/registrations/requests.ts';
import { allocationMessages, type MyTicketsReply } from '@portal/domain/tickets/allocation.ts';
import { eventPayments } from '../../db/schema/commerce.ts';
import { eventGroupRegistrations, eventRegistrationRequests } from '../../db/schema/registration-requests.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { createInstitute } from '../../test/application-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

/*
 * A registration request's seats are its attendees' (issue 22, events.md §2 and §5): its payment is
 * not tickets to allocate, it carries the organization chosen on the request, and each attendee
 * finds their seat under My tickets.
 */

const t = useTestApp();

const base = '/api/event-registration-requests';
const create = (caller: Caller, body: unknown) =>
  call(t.app, 'POST', base, { caller, body, headers: { 'idempotency-key': randomUUID() } });
const read = (caller: Caller, id: string) => call(t.app, 'GET', `${base}/${id}`, { caller });

/** An event open to group registration at $100 a seat, two free seats past ten. */
async function openEvent() {
  const institute = await createInstitute(t.deps.db);
  await t.deps.db.insert(eventGroupRegistrations).values({
    eventId: institute.event.id,
    open: true,
    attendeeCostCents: 10_000,
    paidSeatsRequiredForOffer: 10,
    freeSeatsInOffer: 2,
  });
  return institute;
}

/** A member who OWNs a school, as in the issue. */
async function schoolOwner() {
  const member = await signedInUser(t);
  const school = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, school.id, member.user.id, 'OWNER');
  return { ...member, school };
}

/** The case: 12 seats (2 free under the offer), 12 attendees named, paid by the demo card. */
async function paidGroupOf12() {
  const institute = await openEvent();
  const owner = await schoolOwner();
  const created = await create(owner.caller, { eventId: institute.event.id, seatsRequested: 12 });
  expect(created.statusCode).toBe(201);
  const requestId = created.json<{ id: string }>().id;
  const colleague = await signedInUser(t);
  const emails = [
    owner.user.email,
    colleague.user.email,
    ...Array.from({ length: 10 }, (_, i) => `attendee-${i}-${randomUUID().slice(0, 8)}@example.test`),
  ];
  const named = await call(t.app, 'PUT', `${base}/${requestId}/attendees`, { caller: owner.caller, body: { emails } });
  expect(named.statusCode).toBe(200);
  const started = await call(t.app, 'POST', `${base}/${requestId}/pay`, {
    caller: owner.caller,
    body: { method: 'CARD' },
    headers: { 'idempotency-key': randomUUID() },
  });
  const { eventPaymentId } = started.json<{ eventPaymentId: string }>();
  const paid = await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
    caller: owner.caller,
    body: { outcome: 'succeed' },
  });
  expect(paid.statusCode).toBe(200);
  return { institute, owner, colleague, requestId, eventPaymentId };
}

describe('the organization a registration request is for', () => {
  it('a member of one organization: the request and its payment carry it without a choice', async () => {
    const { owner, requestId, eventPaymentId } = await paidGroupOf12();
    expect((await read(owner.caller, requestId)).json<RegistrationRequestDetail>().organization).toEqual({
      id: owner.school.id,
      name: owner.school.name,
    });
    const [payment] = await t.deps.db
      .select({ organizationId: eventPayments.organizationId })
      .from(eventPayments)
      .where(eq(eventPayments.id, eventPaymentId));
    expect(payment?.organizationId).toBe(owner.school.id);
  });

  it('a member of several chooses one; none chosen, or one not theirs, is refused (400)', async () => {
    const institute = await openEvent();
    const owner = await schoolOwner();
    const district = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, district.id, owner.user.id, 'MEMBER');
    const stranger = await createOrganization(t.deps.db);

    const unchosen = await create(owner.caller, { eventId: institute.event.id, seatsRequested: 2 });
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json().errors).toEqual({ organizationId: messages.organizationRequired });
    const notTheirs = await create(owner.caller, {
      eventId: institute.event.id,
      seatsRequested: 2,
      organizationId: stranger.id,
    });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().errors).toEqual({ organizationId: messages.organizationNotYours });

    const chosen = await create(owner.caller, {
      eventId: institute.event.id,
      seatsRequested: 2,
      organizationId: district.id,
    });
    expect(chosen.statusCode).toBe(201);
    const [stored] = await t.deps.db
      .select({ organizationId: eventRegistrationRequests.organizationId })
      .from(eventRegistrationRequests)
      .where(eq(eventRegistrationRequests.id, chosen.json<{ id: string }>().id));
    expect(stored?.organizationId).toBe(district.id);
  });

  it('a member of none: the request is for no organization', async () => {
    const institute = await openEvent();
    const member = await signedInUser(t);
    const created = await create(member.caller, { eventId: institute.event.id, seatsRequested: 1 });
    expect(created.statusCode).toBe(201);
    const detail = (await read(member.caller, created.json<{ id: string }>().id)).json<RegistrationRequestDetail>();
    expect(detail.organization).toBeNull();
  });

  it('staff see the organization on the request and on its payment', async () => {
    const { owner, requestId, eventPaymentId } = await paidGroupOf12();
    const staff = await signedInUser(t, 'STAFF');
    const requests = await call(t.app, 'GET', '/api/admin/registration-requests?pageSize=100', {
      caller: staff.caller,
    });
    expect(requests.json<RegistrationRequestPage>().items.find((row) => row.id === requestId)?.organization).toEqual({
      id: owner.school.id,
      name: owner.school.name,
    });
    const payment = await call(t.app, 'GET', `/api/admin/event-payments/${eventPaymentId}`, { caller: staff.caller });
    expect(payment.json<AdminEventPaymentRow>()).toMatchObject({
      organizationName: owner.school.name,
      registrationRequestId: requestId,
      numberOfTickets: 12,
      attendeesNamed: 12,
      applicationId: null,
    });
  });
});

describe("a paid registration request's payment is its attendees' seats, not tickets to allocate", () => {
  it('Manage Events lists it with its 12 seats (free ones included), its attendees and its request; no Allocate', async () => {
    const { owner, requestId, eventPaymentId } = await paidGroupOf12();
    const page = await call(t.app, 'GET', '/api/event-payments', { caller: owner.caller });
    expect(page.statusCode).toBe(200);
    expect(page.json<EventPaymentPage>().items).toEqual([
      expect.objectContaining({
        id: eventPaymentId,
        status: 'PAID',
        organizationName: owner.school.name,
        numberOfTickets: 12,
        allocatedTickets: 0,
        attendeesNamed: 12,
        registrationRequestId: requestId,
        applicationId: null,
        canAllocate: false,
      }),
    ]);
  });

  it("the school's other OWNERs and ADMINs do not see it: the request is its requester's", async () => {
    const { owner } = await paidGroupOf12();
    const admin = await signedInUser(t);
    await addMembership(t.deps.db, owner.school.id, admin.user.id, 'ADMIN');
    const page = await call(t.app, 'GET', '/api/event-payments', { caller: admin.caller });
    expect(page.json<EventPaymentPage>().total).toBe(0);
  });

  it('the allocation API refuses it: 409 with why to its buyer and staff, 404 to the school admin', async () => {
    const { owner, eventPaymentId } = await paidGroupOf12();
    const url = `/api/event-payments/${eventPaymentId}/allocation`;
    const readByBuyer = await call(t.app, 'GET', url, { caller: owner.caller });
    expect(readByBuyer.statusCode).toBe(409);
    expect(readByBuyer.json().detail).toBe(allocationMessages.registrationSeats);
    const [item] = (await call(t.app, 'GET', `/api/event-payments/${eventPaymentId}`, { caller: owner.caller })).json<{
      items: { id: string }[];
    }>().items;
    const save = await call(t.app, 'PUT', url, {
      caller: owner.caller,
      body: { items: [{ itemId: item?.id, assignedUsers: [owner.user.id] }] },
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().detail).toBe(allocationMessages.registrationSeats);

    const staff = await signedInUser(t, 'STAFF');
    const staffRead = await call(t.app, 'GET', `/api/admin/event-payments/${eventPaymentId}/allocation`, {
      caller: staff.caller,
    });
    expect(staffRead.statusCode).toBe(409);

    const admin = await signedInUser(t);
    await addMembership(t.deps.db, owner.school.id, admin.user.id, 'ADMIN');
    expect((await call(t.app, 'GET', url, { caller: admin.caller })).statusCode).toBe(404);
  });

  it('My tickets lists each attendee their seat; a cancelled request holds none', async () => {
    const { institute, owner, colleague, requestId } = await paidGroupOf12();
    for (const attendee of [owner, colleague]) {
      const mine = await call(t.app, 'GET', '/api/my-tickets', { caller: attendee.caller });
      expect(mine.json<MyTicketsReply>().items).toEqual([
        expect.objectContaining({
          id: requestId,
          kind: 'REGISTRATION_SEAT',
          eventId: institute.event.id,
          organizationName: owner.school.name,
        }),
      ]);
    }
    const outsider = await signedInUser(t);
    expect(
      (await call(t.app, 'GET', '/api/my-tickets', { caller: outsider.caller })).json<MyTicketsReply>().items,
    ).toEqual([]);

    expect((await call(t.app, 'POST', `${base}/${requestId}/cancel`, { caller: owner.caller })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'GET', '/api/my-tickets', { caller: colleague.caller })).json<MyTicketsReply>().items,
    ).toEqual([]);
  });

  it("an unpaid request's seat is no ticket yet", async () => {
    const institute = await openEvent();
    const owner = await schoolOwner();
    const requestId = (await create(owner.caller, { eventId: institute.event.id, seatsRequested: 1 })).json<{
      id: string;
    }>().id;
    await call(t.app, 'PUT', `${base}/${requestId}/attendees`, {
      caller: owner.caller,
      body: { emails: [owner.user.email] },
    });
    const mine = await call(t.app, 'GET', '/api/my-tickets', { caller: owner.caller });
    expect(mine.json<MyTicketsReply>().items).toEqual([]);
  });

  it("an attendee's seat opens the event's resources to them", async () => {
    const { institute, colleague } = await paidGroupOf12();
    const resources = await call(t.app, 'GET', `/api/events/${institute.event.id}/resources`, {
      caller: colleague.caller,
    });
    expect(resources.statusCode).toBe(200);
    const outsider = await signedInUser(t);
    expect(
      (await call(t.app, 'GET', `/api/events/${institute.event.id}/resources`, { caller: outsider.caller })).statusCode,
    ).toBe(404);
  });
});
