import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { eventApplications } from '../../../db/schema/applications.ts';
import {
  eventGroupRegistrations,
  eventRegistrationPayments,
  eventRegistrationRequests,
  eventRegistrationSeats,
} from '../../../db/schema/registration-requests.ts';
import { createEvent, createPayment } from '../../commerce-factories.ts';
import type { CallerName, World } from '../fixtures.ts';
import { memberOfA, signedIn, staffOnly, type Rows } from './rows.ts';

/** An event open to group registration, made per cell. */
async function openEvent(w: World) {
  const series = await createEvent(w.t.deps.db, { maxTickets: null });
  await w.t.deps.db
    .insert(eventGroupRegistrations)
    .values({ eventId: series.event.id, open: true, attendeeCostCents: 10_000 });
  return series;
}

/** A registration request of school A's member for one seat, with, when asked, an unpaid purchase-order payment. */
async function freshRequestOfA(w: World, withPayment = false) {
  const series = await openEvent(w);
  const [request] = await w.t.deps.db
    .insert(eventRegistrationRequests)
    .values({ userId: w.schoolA.member.user.id, eventId: series.event.id, seatsRequested: 1 })
    .returning();
  if (!request) throw new Error('registration request not created');
  if (!withPayment) return { request, paymentId: '' };
  const payment = await createPayment(w.t.deps.db, {
    userId: w.schoolA.member.user.id,
    status: 'AWAITING_PO',
    lines: [{ eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 1, priceCents: 10_000 }],
  });
  await w.t.deps.db.insert(eventRegistrationPayments).values({ requestId: request.id, paymentId: payment.id });
  return { request, paymentId: payment.id };
}

const ofRequest = async (w: World) => ({ requestId: (await freshRequestOfA(w)).request.id });

function schoolOf(w: World, who: CallerName): string | undefined {
  if (who === 'otherMember' || who === 'otherAdmin' || who === 'otherOwner') return w.schoolB.organization.id;
  if (who === 'member' || who === 'admin' || who === 'owner' || who === 'staffAsMember')
    return w.schoolA.organization.id;
  return undefined;
}

/** Group registration requests: each is its member's (others get 404); staff see them all in the console. */
export const registrationRequestRows: Rows = {
  'GET /api/catalogue/events/:eventId/group-registration': {
    input: async (w) => ({ params: { eventId: (await openEvent(w)).event.id } }),
    expect: signedIn(200),
  },
  'GET /api/event-registration-requests': { expect: signedIn(200) },
  'POST /api/event-registration-requests': {
    // The caller's own school: other rows may have made a caller a member of a second organization.
    input: async (w, who) => ({
      body: { eventId: (await openEvent(w)).event.id, seatsRequested: 2, organizationId: schoolOf(w, who) },
      headers: { 'idempotency-key': randomUUID() },
    }),
    expect: signedIn(201),
  },
  'GET /api/event-registration-requests/:requestId': {
    input: async (w) => ({ params: await ofRequest(w) }),
    expect: memberOfA(200),
  },
  'PUT /api/event-registration-requests/:requestId/seats': {
    input: async (w) => ({ params: await ofRequest(w), body: { seatsRequested: 3 } }),
    expect: memberOfA(200),
  },
  'PUT /api/event-registration-requests/:requestId/attendees': {
    input: async (w) => ({
      params: await ofRequest(w),
      body: { emails: [`matrix-attendee-${randomUUID().slice(0, 8)}@example.test`] },
    }),
    expect: memberOfA(200),
  },
  'POST /api/event-registration-requests/:requestId/coupon': {
    input: async (w) => ({ params: await ofRequest(w), body: { code: w.coupon.code } }),
    expect: memberOfA(200),
  },
  'POST /api/event-registration-requests/:requestId/quote': {
    why: "The requester's own request, quoted to its school (school A).",
    input: async (w) => {
      const { request } = await freshRequestOfA(w);
      await w.t.deps.db
        .update(eventRegistrationRequests)
        .set({ organizationId: w.schoolA.organization.id })
        .where(eq(eventRegistrationRequests.id, request.id));
      return { params: { requestId: request.id } };
    },
    expect: memberOfA(201),
  },
  'POST /api/event-registration-requests/:requestId/pay': {
    input: async (w) => ({
      params: await ofRequest(w),
      body: { method: 'PURCHASE_ORDER' },
      headers: { 'idempotency-key': randomUUID() },
    }),
    expect: memberOfA(200),
  },
  'GET /api/event-registration-requests/:requestId/payments/:eventPaymentId': {
    input: async (w) => {
      const { request, paymentId } = await freshRequestOfA(w, true);
      return { params: { requestId: request.id, eventPaymentId: paymentId } };
    },
    expect: memberOfA(200),
  },
  'GET /api/event-registration-requests/:requestId/applications/:userId': {
    input: async (w) => {
      const { request } = await freshRequestOfA(w);
      const [application] = await w.t.deps.db
        .insert(eventApplications)
        .values({ userId: w.schoolA.member.user.id, eventId: request.eventId, isSimplified: true })
        .returning();
      if (!application) throw new Error('application not created');
      await w.t.deps.db.insert(eventRegistrationSeats).values({
        requestId: request.id,
        position: 1,
        userId: w.schoolA.member.user.id,
        email: w.schoolA.member.user.email,
        applicationId: application.id,
      });
      return { params: { requestId: request.id, userId: w.schoolA.member.user.id } };
    },
    expect: memberOfA(200),
  },
  'POST /api/event-registration-requests/:requestId/cancel': {
    input: async (w) => ({ params: await ofRequest(w) }),
    expect: memberOfA(200),
  },
  'GET /api/admin/events/:eventId/group-registration': {
    input: (w) => ({ params: { eventId: w.staffInstitute.event.id } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/events/:eventId/group-registration': {
    input: async (w) => ({
      params: { eventId: (await createEvent(w.t.deps.db)).event.id },
      body: { open: true, attendeeCost: 12_500, paidSeatsRequiredForOffer: 10, freeSeatsInOffer: 2 },
    }),
    expect: staffOnly(200),
  },
  'GET /api/admin/registration-requests': {
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'Staff read every request, with who made it.',
  },
  'GET /api/admin/registration-requests/:requestId': {
    input: async (w) => ({ params: await ofRequest(w) }),
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'Staff read any request, with who made it.',
  },
};
