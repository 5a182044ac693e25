import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { eventPaymentItems } from '../../../db/schema/commerce.ts';
import { billingContacts, organizationMemberships } from '../../../db/schema/organizations.ts';
import {
  eventGroupRegistrations,
  eventRegistrationPayments,
  eventRegistrationRequests,
  eventRegistrationSeats,
} from '../../../db/schema/registration-requests.ts';
import { sessions } from '../../../db/schema/users.ts';
import { csrfHeader, csrfHeaderValue } from '../../../platform/security.ts';
import { createSession, sessionCookie } from '../../../platform/sessions.ts';
import { issueQuote } from '../../../core/quotes.ts';
import { createInstitute } from '../../application-factories.ts';
import { createCoupon, createEvent, createPayment } from '../../commerce-factories.ts';
import {
  cartLineOf,
  freshApplication,
  freshInvitationFor,
  freshMember,
  freshPaymentOfA,
  multipart,
  newEmail,
  pdf,
  type CallerName,
  type World,
} from '../fixtures.ts';
import type { CellInput } from './rows.ts';

/**
 * Ownership one level down: a caller allowed on the object of the URL names, in the URL or the body, a
 * second object that is not theirs (another school's contact, member, payment item; another event's
 * option, ticket type or section). Each must be refused with a 4xx and write nothing.
 */
export interface CrossedCell {
  route: string;
  as: CallerName;
  what: string;
  /** A `cookie` header here calls as someone outside the nine callers (a former admin, an expired session). */
  input: (w: World) => CellInput | Promise<CellInput>;
  expect: number;
}

const a = (w: World) => w.schoolA.organization.id;

async function contactOfB(w: World): Promise<string> {
  const [contact] = await w.t.deps.db
    .insert(billingContacts)
    .values({ organizationId: w.schoolB.organization.id, firstName: 'Bo', lastName: 'Bee', email: 'bo@school-b.test' })
    .returning();
  if (!contact) throw new Error('contact not created');
  return contact.id;
}

async function itemOfB(w: World): Promise<string> {
  const series = await createEvent(w.t.deps.db, { maxTickets: null });
  const payment = await createPayment(w.t.deps.db, {
    userId: w.schoolB.admin.user.id,
    organizationId: w.schoolB.organization.id,
    status: 'PAID',
    lines: [{ eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 1 }],
  });
  const [item] = await w.t.deps.db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
  if (!item) throw new Error('item not created');
  return item.id;
}

/** A group registration request of `userId` for one seat of a fresh event open to it. */
async function requestOf(w: World, userId: string) {
  const series = await createEvent(w.t.deps.db, { maxTickets: null });
  await w.t.deps.db
    .insert(eventGroupRegistrations)
    .values({ eventId: series.event.id, open: true, attendeeCostCents: 10_000 });
  const [request] = await w.t.deps.db
    .insert(eventRegistrationRequests)
    .values({ userId, eventId: series.event.id, seatsRequested: 1 })
    .returning();
  if (!request) throw new Error('registration request not created');
  return { series, request };
}

/** School B's member's request with its payment and its attendee (school B's member on the seat). */
async function requestOfB(w: World) {
  const member = w.schoolB.member.user;
  const { series, request } = await requestOf(w, member.id);
  const payment = await createPayment(w.t.deps.db, {
    userId: member.id,
    status: 'AWAITING_PO',
    lines: [{ eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 1, priceCents: 10_000 }],
  });
  await w.t.deps.db.insert(eventRegistrationPayments).values({ requestId: request.id, paymentId: payment.id });
  await w.t.deps.db
    .insert(eventRegistrationSeats)
    .values({ requestId: request.id, position: 1, userId: member.id, email: member.email });
  return { request, paymentId: payment.id, attendeeId: member.id };
}

export const crossedCells: CrossedCell[] = [
  {
    route: 'PUT /api/organizations/:organizationId/billing-contacts/:contactId',
    as: 'admin',
    what: "school B's billing contact under school A's URL",
    input: async (w) => ({
      params: { organizationId: a(w), contactId: await contactOfB(w) },
      body: { firstName: 'Hi', lastName: 'Jack', email: 'hi@jack.test' },
    }),
    expect: 404,
  },
  {
    route: 'PUT /api/organizations/:organizationId/ticket-recipient',
    as: 'admin',
    what: "school B's member as school A's ticket recipient",
    input: (w) => ({ params: { organizationId: a(w) }, body: { membershipId: w.schoolB.member.membership.id } }),
    expect: 400,
  },
  {
    route: 'DELETE /api/organizations/:organizationId/members/:userId',
    as: 'admin',
    what: "school B's member deleted through school A",
    input: (w) => ({ params: { organizationId: a(w), userId: w.schoolB.member.user.id } }),
    expect: 404,
  },
  {
    route: 'PUT /api/organizations/:organizationId/memberships/:membershipId/role',
    as: 'owner',
    what: "school B's membership promoted through school A",
    input: (w) => ({
      params: { organizationId: a(w), membershipId: w.schoolB.member.membership.id },
      body: { role: 'ADMIN' },
    }),
    expect: 404,
  },
  {
    route: 'PUT /api/organizations/:organizationId/members/:userId/toolkit-access',
    as: 'admin',
    what: "toolkit access (a flag of the person) granted to school B's member through school A",
    input: (w) => ({
      params: { organizationId: a(w), userId: w.schoolB.member.user.id },
      body: { toolKitAccess: true },
    }),
    expect: 404,
  },
  {
    route: 'PUT /api/admin/organizations/:organizationId/memberships/:membershipId/role',
    as: 'staff',
    what: "school B's membership under school A's URL",
    input: (w) => ({
      params: { organizationId: a(w), membershipId: w.schoolB.member.membership.id },
      body: { role: 'OWNER' },
    }),
    expect: 404,
  },
  {
    route: 'POST /api/organizations/:organizationId/pending-users',
    as: 'admin',
    what: "a pending user for school B, sent to school A's URL",
    input: (w) => ({
      params: { organizationId: a(w) },
      body: {
        firstName: 'Pat',
        lastName: 'Pending',
        email: newEmail('crossed'),
        organizationId: w.schoolB.organization.id,
      },
    }),
    expect: 400,
  },
  {
    route: 'PUT /api/event-payments/:eventPaymentId/allocation',
    as: 'admin',
    what: "a ticket of school A's payment given to school B's member",
    input: (w) => ({
      params: { eventPaymentId: w.paidPayment.id },
      body: { items: [{ itemId: w.paidItemId, assignedUsers: [w.schoolB.member.user.id] }] },
    }),
    expect: 400,
  },
  {
    route: 'PUT /api/event-payments/:eventPaymentId/allocation',
    as: 'admin',
    what: "school B's payment item saved through school A's payment",
    input: async (w) => ({
      params: { eventPaymentId: w.paidPayment.id },
      body: { items: [{ itemId: await itemOfB(w), assignedUsers: [w.schoolA.member.user.id] }] },
    }),
    expect: 400,
  },
  {
    route: 'POST /api/checkout',
    as: 'admin',
    what: 'tickets bought for school B by an admin of school A',
    input: async (w) => {
      await cartLineOf(w, w.schoolA.admin.user.id);
      return {
        body: { method: 'PURCHASE_ORDER', organizationId: w.schoolB.organization.id },
        headers: { 'idempotency-key': randomUUID() },
      };
    },
    expect: 400,
  },
  {
    route: 'POST /api/purchase-orders',
    as: 'admin',
    what: "school A's payment's purchase order filed for school B",
    input: async (w) => {
      const payment = await freshPaymentOfA(w, 'AWAITING_PO');
      return multipart(
        {
          eventPaymentId: payment.id,
          type: 'CONFERENCE_DAY',
          filename: 'District PO',
          contactEmail: 'purchasing@district.test',
          contactName: 'Pat Purchasing',
          contactPhone: '5551234567',
          number: `PO-${randomUUID().slice(0, 6)}`,
          organizationId: w.schoolB.organization.id,
          total: String(payment.totalCents),
          couponCode: '',
        },
        pdf,
      );
    },
    expect: 400,
  },
  {
    route: 'POST /api/cart/quote',
    as: 'admin',
    what: 'a quote for school B asked by an admin of school A',
    input: async (w) => {
      await cartLineOf(w, w.schoolA.admin.user.id);
      return { body: { organizationId: w.schoolB.organization.id } };
    },
    expect: 400,
  },
  {
    route: 'POST /api/purchase-orders',
    as: 'admin',
    what: "school B's quote named on school A's purchase order",
    input: async (w) => {
      const payment = await freshPaymentOfA(w, 'AWAITING_PO');
      const quote = await issueQuote(
        w.t.deps,
        {
          organizationId: w.schoolB.organization.id,
          subject: 'CART',
          subjectId: null,
          userId: w.schoolB.owner.user.id,
          lines: [{ description: 'Crossed ticket', quantity: 1, unitPriceCents: 500, amountCents: 500 }],
          couponCode: null,
          subtotalCents: 500,
          discountCents: 0,
          totalCents: 500,
          seats: [],
        },
        w.t.clock(),
      );
      return multipart(
        {
          eventPaymentId: payment.id,
          filename: 'District PO',
          contactEmail: 'purchasing@district.test',
          contactName: 'Pat Purchasing',
          contactPhone: '5551234567',
          number: `PO-${randomUUID().slice(0, 6)}`,
          organizationId: w.schoolA.organization.id,
          total: String(payment.totalCents),
          quoteNumber: quote.number,
        },
        pdf,
      );
    },
    expect: 400,
  },
  {
    route: 'POST /api/cart/items',
    as: 'member',
    what: "another event's ticket type on this event's line",
    input: (w) => ({ body: { eventId: w.series.event.id, ticketTypeId: w.day.ticketType.id, numberOfTickets: 1 } }),
    expect: 400,
  },
  {
    route: 'POST /api/cart/items',
    as: 'member',
    what: "another event's section on this event's line",
    input: (w) => ({
      body: {
        eventId: w.series.event.id,
        ticketTypeId: w.series.ticketType.id,
        sectionId: w.day.section.id,
        numberOfTickets: 1,
      },
    }),
    expect: 400,
  },
  {
    route: 'PUT /api/event-applications/:applicationId/payment-method',
    as: 'member',
    what: "another institute's payment option",
    input: async (w) => {
      const { application } = await freshApplication(w, 'ACCEPTED');
      const other = await createInstitute(w.t.deps.db);
      return { params: { applicationId: application.id }, body: { paymentOptionId: other.options.purchaseOrder.id } };
    },
    expect: 400,
  },
  {
    route: 'PUT /api/event-applications/:applicationId/segments',
    as: 'member',
    what: "another institute's path and sections",
    input: async (w) => {
      const other = await createInstitute(w.t.deps.db);
      const [first, second] = other.firstYear.sections;
      return {
        params: { applicationId: w.startedApplication.id },
        body: {
          segment: 'SECTIONS',
          data: {
            pathId: other.firstYear.path.id,
            requestedGroupings: [],
            requestedSections: [
              { id: first?.id, ranking: 1 },
              { id: second?.id, ranking: 2 },
            ],
          },
        },
      };
    },
    expect: 400,
  },
  {
    route: 'POST /api/event-applications/:applicationId/coupon',
    as: 'member',
    what: 'a coupon limited to another event',
    input: async (w) => {
      const { application } = await freshApplication(w, 'ACCEPTED');
      const coupon = await createCoupon(w.t.deps.db, { eventId: w.series.event.id });
      return { params: { applicationId: application.id }, body: { code: coupon.code } };
    },
    expect: 400,
  },
  {
    route: 'PUT /api/admin/events/:eventId/application-settings',
    as: 'staff',
    what: "another event's ticket type as the application's price",
    input: (w) => ({
      params: { eventId: w.staffInstitute.event.id },
      body: { acceptsApplications: true, ticketTypeId: w.series.ticketType.id, dueDays: 30, paymentOptions: [] },
    }),
    expect: 400,
  },
  {
    route: 'GET /api/catalogue/events/:eventId',
    as: 'member',
    what: 'an unpublished event',
    input: async (w) => ({ params: { eventId: (await createEvent(w.t.deps.db, { published: false })).event.id } }),
    expect: 404,
  },
  {
    route: 'POST /api/event-applications',
    as: 'member',
    what: 'an application to an event that takes none',
    input: (w) => ({ body: { eventId: w.series.event.id } }),
    expect: 400,
  },
  {
    route: 'POST /api/invitations/:code/accept',
    as: 'otherAdmin',
    what: "another person's invitation",
    input: async (w) => ({ params: { code: await freshInvitationFor(w, w.schoolA.member.user.id) } }),
    expect: 403,
  },
  {
    route: 'GET /api/event-payments/:eventPaymentId',
    as: 'admin',
    what: "a payment school A's member bought for themselves",
    input: async (w) => ({ params: { eventPaymentId: (await personalPaymentOfMember(w)).id } }),
    expect: 404,
  },
  {
    route: 'PUT /api/event-payments/:eventPaymentId/allocation',
    as: 'owner',
    what: "the tickets school A's member bought for themselves",
    input: async (w) => ({ params: { eventPaymentId: (await personalPaymentOfMember(w)).id }, body: { items: [] } }),
    expect: 404,
  },
  {
    route: 'GET /api/organizations/:organizationId/roster',
    as: 'admin',
    what: 'the roster, by a former admin whose membership was archived',
    input: async (w) => {
      const former = await freshMember(w, a(w));
      await w.t.deps.db
        .update(organizationMemberships)
        .set({ role: 'ADMIN', archivedAt: w.t.deps.clock() })
        .where(eq(organizationMemberships.id, former.membership.id));
      return { params: { organizationId: a(w) }, headers: { cookie: await cookieOf(w, former.user.id) } };
    },
    expect: 404,
  },
  {
    route: 'GET /api/me',
    as: 'member',
    what: 'an expired session',
    input: async (w) => ({ headers: { cookie: await cookieOf(w, w.schoolA.member.user.id, -1) } }),
    expect: 401,
  },
  {
    route: 'GET /api/profile',
    as: 'member',
    what: 'a revoked session',
    input: async (w) => {
      const cookie = await cookieOf(w, w.schoolA.member.user.id);
      await w.t.deps.db
        .update(sessions)
        .set({ revokedAt: w.t.deps.clock() })
        .where(eq(sessions.userId, w.schoolA.member.user.id));
      return { headers: { cookie } };
    },
    expect: 401,
  },
  {
    route: 'GET /api/event-payments/:eventPaymentId/allocation',
    as: 'admin',
    what: "the seat school A's member paid for with their own application",
    input: async (w) => ({ params: { eventPaymentId: await applicationPaymentOfMember(w) } }),
    expect: 404,
  },
  {
    route: 'PUT /api/event-payments/:eventPaymentId/allocation',
    as: 'owner',
    what: "the seat of school A's member's own application given to someone else",
    input: async (w) => ({ params: { eventPaymentId: await applicationPaymentOfMember(w) }, body: { items: [] } }),
    expect: 404,
  },
  {
    route: 'PUT /api/event-applications/:applicationId/segments',
    as: 'member',
    what: "answers to another institute's questions",
    input: async (w) => {
      const other = await createInstitute(w.t.deps.db);
      return {
        params: { applicationId: w.startedApplication.id },
        body: {
          segment: 'QUESTIONNAIRE',
          data: { answers: [{ questionId: other.questions.why.id, value: ['Because'] }] },
        },
      };
    },
    expect: 400,
  },
  {
    route: 'PUT /api/event-applications/:applicationId/segments',
    as: 'member',
    what: "another institute's payment option on review",
    input: async (w) => {
      const other = await createInstitute(w.t.deps.db);
      return {
        params: { applicationId: w.startedApplication.id },
        body: { segment: 'REVIEW_AND_SUBMIT', data: { paymentOptionId: other.options.card.id } },
      };
    },
    expect: 400,
  },
  {
    route: 'GET /api/event-registration-requests/:requestId/payments/:eventPaymentId',
    as: 'member',
    what: "another member's registration payment read through the member's own request",
    input: async (w) => {
      const { request } = await requestOf(w, w.schoolA.member.user.id);
      return { params: { requestId: request.id, eventPaymentId: (await requestOfB(w)).paymentId } };
    },
    expect: 404,
  },
  {
    route: 'GET /api/event-registration-requests/:requestId/applications/:userId',
    as: 'member',
    what: "the attendee of another member's request looked up through the member's own request",
    input: async (w) => {
      const { request } = await requestOf(w, w.schoolA.member.user.id);
      return { params: { requestId: request.id, userId: (await requestOfB(w)).attendeeId } };
    },
    expect: 404,
  },
  {
    route: 'POST /api/event-registration-requests',
    as: 'member',
    what: "another event's section on a request for this event",
    input: async (w) => {
      const { series } = await requestOf(w, w.schoolB.member.user.id);
      const other = await createInstitute(w.t.deps.db);
      return {
        body: { eventId: series.event.id, seatsRequested: 2, sectionIds: [other.firstYear.sections[0]?.id] },
        headers: { 'idempotency-key': randomUUID() },
      };
    },
    expect: 400,
  },
];

/** A session cookie for any user; a negative lifetime makes it expired already. */
async function cookieOf(w: World, userId: string, ttlMs = w.t.deps.config.sessionTtlMs): Promise<string> {
  const { secret } = await createSession(w.t.deps.db, w.t.deps.clock, ttlMs, { userId });
  return `${sessionCookie}=${secret}`;
}

async function personalPaymentOfMember(w: World) {
  return createPayment(w.t.deps.db, {
    userId: w.schoolA.member.user.id,
    status: 'PAID',
    lines: [{ eventId: w.series.event.id, ticketTypeId: w.series.ticketType.id, numberOfTickets: 1 }],
  });
}

/** The member pays their accepted application (by purchase order, so it needs no provider) through the API. */
async function applicationPaymentOfMember(w: World): Promise<string> {
  const { institute, application } = await freshApplication(w, 'ACCEPTED');
  const cookie = await cookieOf(w, w.schoolA.member.user.id);
  const headers = { cookie, [csrfHeader]: csrfHeaderValue };
  await w.t.app.inject({
    method: 'PUT',
    url: `/api/event-applications/${application.id}/payment-method`,
    headers,
    payload: { paymentOptionId: institute.options.purchaseOrder.id },
  });
  const paid = await w.t.app.inject({
    method: 'POST',
    url: `/api/event-applications/${application.id}/pay`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
  });
  return paid.json<{ eventPaymentId: string }>().eventPaymentId;
}
