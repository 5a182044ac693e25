import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminApplicationPage } from '@portal/domain/applications/contracts.ts';
import type { AdminEventPaymentPage } from '@portal/domain/commerce/payments.ts';
import type { AdminPurchaseOrderPage } from '@portal/domain/commerce/purchase-orders.ts';
import type { StaffPackageRequestPage } from '@portal/domain/packages/contracts.ts';
import type { RegistrationRequestPage } from '@portal/domain/registrations/requests.ts';
import type {
  DashboardCardKind,
  DashboardReply,
  FailedMailPage,
  FailedMailRetryReply,
} from '@portal/domain/staff/dashboard.ts';
import { insertPackage, staffOnlyPackageSpec } from '../../db/seed/demo-packages.ts';
import { eventApplications } from '../../db/schema/applications.ts';
import { events, purchaseOrders } from '../../db/schema/commerce.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { packageRequests } from '../../db/schema/packages.ts';
import { jobs, mailMessages } from '../../db/schema/platform.ts';
import { eventRegistrationPayments, eventRegistrationRequests } from '../../db/schema/registration-requests.ts';
import { queueMail } from '../../platform/mail.ts';
import { createCompleteApplication, createInstitute } from '../../test/application-factories.ts';
import {
  createConferenceDay,
  createEvent,
  createPayment,
  createPurchaseOrder,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { tinyPdf } from '../../test/multipart.ts';

const t = useTestApp();
const dayMs = 24 * 3600_000;
let staff: Caller;
let member: Caller;

beforeAll(async () => {
  staff = (await signedInUser(t, 'STAFF')).caller;
  member = (await signedInUser(t)).caller;
});

const dashboard = async () => {
  const response = await call(t.app, 'GET', '/api/admin/dashboard', { caller: staff });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(response.json<DashboardReply>().cards.map((card) => [card.kind, card])) as Record<
    DashboardCardKind,
    DashboardReply['cards'][number]
  >;
};

const ids = async (url: string) => {
  const response = await call(t.app, 'GET', url, { caller: staff });
  expect(response.statusCode).toBe(200);
  const page = response.json<{ items: { id: string }[]; total: number }>();
  return { ids: page.items.map((item) => item.id).sort(), total: page.total };
};

async function buyerWithPayment(status: 'AWAITING_PO' | 'REFUND_NEEDED' | 'PAID') {
  const buyer = await signedInUser(t);
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, buyer.user.id);
  const day = await createConferenceDay(t.deps.db, 10);
  const payment = await createPayment(t.deps.db, {
    userId: buyer.user.id,
    status,
    organizationId: organization.id,
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 1 }],
  });
  return { buyer, organization, day, payment };
}

async function submittedPurchaseOrder(createdAt: Date) {
  const { buyer, organization, payment } = await buyerWithPayment('AWAITING_PO');
  const po = await createPurchaseOrder(t.deps.db, t.deps.storage, {
    paymentId: payment.id,
    userId: buyer.user.id,
    organizationId: organization.id,
    pdf: tinyPdf,
  });
  await t.deps.db.update(purchaseOrders).set({ createdAt }).where(eq(purchaseOrders.id, po.id));
  return po.id;
}

/** A request for a seat of an event with 3 payment due days, made `daysAgo` before the test clock. */
async function registrationRequest(daysAgo: number, paid = false) {
  const requester = await signedInUser(t);
  const { event } = await createEvent(t.deps.db, { paymentDueDays: 3 });
  const [request] = await t.deps.db
    .insert(eventRegistrationRequests)
    .values({
      userId: requester.user.id,
      eventId: event.id,
      seatsRequested: 1,
      createdAt: new Date(t.clock().getTime() - daysAgo * dayMs),
    })
    .returning();
  if (!request) throw new Error('request not created');
  if (paid) {
    const { payment } = await buyerWithPayment('PAID');
    await t.deps.db.insert(eventRegistrationPayments).values({ requestId: request.id, paymentId: payment.id });
  }
  return request.id;
}

/** A mail whose delivery the outbox gave up on. */
async function failedMail(to: string) {
  await queueMail(t.deps.db, { to, subject: 'Undeliverable', text: 'x' });
  await t.deps.db.execute(
    sql`update jobs set status = 'FAILED', finished_at = now(), last_error = 'mailbox full'
        where kind = 'mail.deliver' and payload ->> 'mailId' = (select id::text from mail_messages where "to" = ${to})`,
  );
}

describe('GET /api/admin/dashboard', () => {
  it('counts nothing on an empty console', async () => {
    const cards = await dashboard();
    expect(Object.keys(cards)).toEqual([
      'purchaseOrders',
      'applications',
      'packageRequests',
      'overdueRegistrationRequests',
      'refundsNeeded',
      'cancellationRequests',
      'latePayments',
      'failedMail',
    ]);
    for (const card of Object.values(cards)) expect(card).toMatchObject({ count: 0, oldestSince: null });
  });

  it('counts each kind of waiting work with its oldest, and each card’s filtered list returns exactly those items', async () => {
    const now = t.clock().getTime();
    const oldPo = await submittedPurchaseOrder(new Date(now - 3 * dayMs));
    const newPo = await submittedPurchaseOrder(new Date(now - dayMs));
    const approved = await submittedPurchaseOrder(new Date(now - 5 * dayMs));
    await t.deps.db.update(purchaseOrders).set({ status: 'APPROVED' }).where(eq(purchaseOrders.id, approved));

    const institute = await createInstitute(t.deps.db);
    const applicant = await signedInUser(t);
    const submitted = await createCompleteApplication(t.deps.db, institute, applicant.user.id);
    await t.deps.db
      .update(eventApplications)
      .set({ submittedAt: new Date(now - 2 * dayMs) })
      .where(eq(eventApplications.id, submitted.id));
    await createCompleteApplication(t.deps.db, institute, (await signedInUser(t)).user.id, { status: 'STARTED' });

    const [year] = await t.deps.db.select().from(schoolYears).where(eq(schoolYears.name, '2026-2027'));
    const packageId = await insertPackage(t.deps.db, year?.id ?? '', staffOnlyPackageSpec());
    const [packageRequest] = await t.deps.db
      .insert(packageRequests)
      .values([
        {
          packageId,
          organizationId: (await createOrganization(t.deps.db)).id,
          status: 'SUBMITTED',
          submittedAt: new Date(now - 4 * dayMs),
        },
        { packageId, organizationId: (await createOrganization(t.deps.db)).id, status: 'CHANGES_REQUESTED' },
      ])
      .returning();

    const overdue = await registrationRequest(10);
    await registrationRequest(1);
    await registrationRequest(10, true);

    const { payment: refund } = await buyerWithPayment('REFUND_NEEDED');
    await buyerWithPayment('PAID');
    await failedMail('nobody@unreachable.test');
    await queueMail(t.deps.db, { to: 'fine@school.test', subject: 'Delivered later', text: 'x' });

    const cards = await dashboard();
    expect(cards.purchaseOrders).toEqual({
      kind: 'purchaseOrders',
      count: 2,
      oldestSince: new Date(now - 3 * dayMs).toISOString(),
    });
    expect(cards.applications).toMatchObject({ count: 1, oldestSince: new Date(now - 2 * dayMs).toISOString() });
    expect(cards.packageRequests).toMatchObject({ count: 1, oldestSince: new Date(now - 4 * dayMs).toISOString() });
    // Due 3 days after it was made: overdue for 7 days.
    expect(cards.overdueRegistrationRequests).toMatchObject({
      count: 1,
      oldestSince: new Date(now - 7 * dayMs).toISOString(),
    });
    expect(cards.latePayments.count).toBe(1);
    expect(cards.refundsNeeded.count).toBe(0);
    expect(cards.failedMail.count).toBe(1);

    expect(await ids('/api/admin/purchase-orders?status=SUBMITTED')).toEqual({
      ids: [oldPo, newPo].sort(),
      total: 2,
    });
    const applications = await call(t.app, 'GET', '/api/admin/applications?status=SUBMITTED', { caller: staff });
    expect(applications.json<AdminApplicationPage>().items.map((row) => row.id)).toEqual([submitted.id]);
    const requests = await call(t.app, 'GET', '/api/admin/package-requests?status=SUBMITTED', { caller: staff });
    expect(requests.json<StaffPackageRequestPage>().items.map((row) => row.id)).toEqual([packageRequest?.id]);
    const registrations = await call(t.app, 'GET', '/api/admin/registration-requests?paymentOverdue=true', {
      caller: staff,
    });
    expect(registrations.json<RegistrationRequestPage>()).toMatchObject({ total: 1, items: [{ id: overdue }] });
    const refunds = await call(t.app, 'GET', '/api/admin/event-payments?status=REFUND_NEEDED', { caller: staff });
    expect(refunds.json<AdminEventPaymentPage>().items.map((row) => row.id)).toEqual([refund.id]);
    const failed = await call(t.app, 'GET', '/api/admin/failed-mail', { caller: staff });
    expect(failed.json<FailedMailPage>()).toMatchObject({
      total: 1,
      items: [{ to: 'nobody@unreachable.test', subject: 'Undeliverable', lastError: 'mailbox full' }],
    });
  });

  it('reads afresh on every visit: an approved purchase order leaves the count', async () => {
    const before = (await dashboard()).purchaseOrders.count;
    const { items } = (
      await call(t.app, 'GET', '/api/admin/purchase-orders?status=SUBMITTED', { caller: staff })
    ).json<AdminPurchaseOrderPage>();
    const [first] = items;
    expect(first).toBeDefined();
    await t.deps.db
      .update(purchaseOrders)
      .set({ status: 'VOIDED' })
      .where(eq(purchaseOrders.id, first?.id ?? ''));
    expect((await dashboard()).purchaseOrders.count).toBe(before - 1);
  });

  it('an event without payment due days makes a request due when the event starts', async () => {
    const before = (await dashboard()).overdueRegistrationRequests.count;
    const id = await registrationRequest(1);
    const [request] = await t.deps.db
      .select({ eventId: eventRegistrationRequests.eventId })
      .from(eventRegistrationRequests)
      .where(eq(eventRegistrationRequests.id, id));
    await t.deps.db
      .update(events)
      .set({ paymentDueDays: null, startDate: '2026-11-20', endDate: '2026-11-20' })
      .where(eq(events.id, request?.eventId ?? ''));
    expect((await dashboard()).overdueRegistrationRequests.count).toBe(before + 1);
  });

  it('is staff only', async () => {
    expect((await call(t.app, 'GET', '/api/admin/dashboard', { caller: member })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/dashboard')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/failed-mail', { caller: member })).statusCode).toBe(403);
  });

  it('refuses bad list input with 400', async () => {
    expect((await call(t.app, 'GET', '/api/admin/failed-mail?page=0', { caller: staff })).statusCode).toBe(400);
    const overdue = await call(t.app, 'GET', '/api/admin/registration-requests?paymentOverdue=yes', { caller: staff });
    expect(overdue.statusCode).toBe(400);
  });
});

describe('the failed-mail list', () => {
  it('lists only deliveries the outbox gave up on, paged', async () => {
    await failedMail('second@unreachable.test');
    const page = (
      await call(t.app, 'GET', '/api/admin/failed-mail?pageSize=1', { caller: staff })
    ).json<FailedMailPage>();
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    const failedJobs = await t.deps.db.select().from(jobs).where(eq(jobs.status, 'FAILED'));
    expect(failedJobs).toHaveLength(2);
  });
});

describe('retrying failed mail', () => {
  const deliveryOf = async (to: string) => {
    const [row] = await t.deps.db
      .select({ id: mailMessages.id, status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .innerJoin(mailMessages, sql`${mailMessages.id} = (${jobs.payload} ->> 'mailId')::uuid`)
      .where(eq(mailMessages.to, to));
    if (!row) throw new Error(`no mail to ${to}`);
    return row;
  };

  it('puts one failed mail back into the outbox, due now with every attempt again, and says how many', async () => {
    await failedMail('retry-one@unreachable.test');
    const { id } = await deliveryOf('retry-one@unreachable.test');
    const before = (await dashboard()).failedMail.count;
    const response = await call(t.app, 'POST', `/api/admin/failed-mail/${id}/retry`, { caller: staff });
    expect(response.statusCode).toBe(200);
    expect(response.json<FailedMailRetryReply>()).toEqual({ retried: 1 });
    expect(await deliveryOf('retry-one@unreachable.test')).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect((await dashboard()).failedMail.count).toBe(before - 1);
    // Retried already: no longer a failed mail, so a second retry finds nothing.
    expect((await call(t.app, 'POST', `/api/admin/failed-mail/${id}/retry`, { caller: staff })).statusCode).toBe(404);
  });

  it('puts every failed mail back at once', async () => {
    await failedMail('retry-all@unreachable.test');
    const before = (await dashboard()).failedMail.count;
    expect(before).toBeGreaterThan(0);
    const response = await call(t.app, 'POST', '/api/admin/failed-mail/retry', { caller: staff });
    expect(response.json<FailedMailRetryReply>()).toEqual({ retried: before });
    expect((await dashboard()).failedMail.count).toBe(0);
    expect((await call(t.app, 'POST', '/api/admin/failed-mail/retry', { caller: staff })).json()).toEqual({
      retried: 0,
    });
  });

  it('is staff only and refuses an id that is not one', async () => {
    await failedMail('refused@unreachable.test');
    const { id } = await deliveryOf('refused@unreachable.test');
    expect((await call(t.app, 'POST', `/api/admin/failed-mail/${id}/retry`, { caller: member })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/failed-mail/retry', { caller: member })).statusCode).toBe(403);
    expect((await deliveryOf('refused@unreachable.test')).status).toBe('FAILED');
    expect((await call(t.app, 'POST', '/api/admin/failed-mail/nope/retry', { caller: staff })).statusCode).toBe(400);
  });
});
