import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookMessages, type WebhookDeliveryPage, type WebhookEventType } from '@portal/domain/staff/webhooks.ts';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema/webhooks.ts';
import {
  attemptPruningJobHandler,
  emitWebhookEvent,
  scheduleAttemptPruning,
  webhookAttemptPruningJob,
  webhookDeliveryJob,
  webhookDeliveryJobHandler,
} from '../../core/webhooks.ts';
import { jobs } from '../../db/schema/platform.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { signDemoEvent } from '../../platform/payment-providers.ts';
import {
  createConferenceDay,
  createPayment,
  createPurchaseOrder,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { createCompleteApplication, createInstitute } from '../../test/application-factories.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { refusedAddresses } from '../../test/address-forms.ts';
import { productionEnvironment } from '../../test/production-environment.ts';
import { standardHeaders, webhookReceiver } from '../../test/webhook-receiver.ts';

const t = useTestApp();
let staff: Caller;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
/** What the receiver answers next: tests set it before they deliver. */
let answers: number[] = [];
let onRequest: () => void = () => undefined;

beforeAll(async () => {
  staff = (await signedInUser(t, 'STAFF')).caller;
  receiver = await webhookReceiver(() => {
    onRequest();
    return answers.shift() ?? 204;
  });
});
afterAll(() => receiver.close());

const newSecretForNobody = () => `whsec_${Buffer.from(randomUUID()).toString('base64')}`;

const deliver = () => runDueJobs(t.deps.db, { [webhookDeliveryJob]: webhookDeliveryJobHandler(t.deps) });

async function register(eventTypes: WebhookEventType[], url = receiver.url) {
  const response = await call(t.app, 'POST', '/api/admin/webhooks', {
    caller: staff,
    body: { url, eventTypes, description: 'Finance system' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ endpoint: { id: string }; secret: string }>();
}

/** Only this endpoint takes events from here on: earlier tests' endpoints are switched off. */
async function only(endpointId: string) {
  await t.deps.db.update(webhookEndpoints).set({ enabled: false });
  await t.deps.db.update(webhookEndpoints).set({ enabled: true }).where(eq(webhookEndpoints.id, endpointId));
}

/** A member pays a cart by demo card: the demo provider's signed success marks the payment paid. */
async function demoCardPurchase() {
  const buyer = await signedInUser(t);
  const day = await createConferenceDay(t.deps.db, 100);
  await call(t.app, 'POST', '/api/cart/items', {
    caller: buyer.caller,
    body: { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 1 },
  });
  const checkout = await call(t.app, 'POST', '/api/checkout', {
    caller: buyer.caller,
    body: { method: 'CARD' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(checkout.statusCode).toBe(201);
  const paymentId = checkout.json().eventPaymentId as string;
  const raw = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.succeeded', eventPaymentId: paymentId });
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/demo/webhook',
    headers: {
      'content-type': 'application/json',
      'x-demo-signature': signDemoEvent(t.deps.config.payments.demoSecret, raw),
    },
    payload: raw,
  });
  expect(paid.statusCode).toBeLessThan(300);
  return paymentId;
}

const deliveriesOf = async (endpointId: string) =>
  (
    await call(t.app, 'GET', `/api/admin/webhooks/${endpointId}/deliveries`, { caller: staff })
  ).json<WebhookDeliveryPage>();

describe('webhook endpoints', () => {
  it('staff register one: the secret is answered once, kept encrypted, and never listed', async () => {
    const { endpoint, secret } = await register(['payment.paid']);
    expect(secret).toMatch(/^whsec_/);
    const [stored] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored?.secretEncrypted).not.toContain(secret.slice(6));
    const list = await call(t.app, 'GET', '/api/admin/webhooks', { caller: staff });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ id: endpoint.id, url: receiver.url, eventTypes: ['payment.paid'], enabled: true }),
    );
  });

  it('refuses members (403) and the signed out (401)', async () => {
    const member = (await signedInUser(t)).caller;
    const body = { url: receiver.url, eventTypes: ['payment.paid'] };
    expect((await call(t.app, 'POST', '/api/admin/webhooks', { caller: member, body })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/webhooks', { body })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/webhooks', { caller: member })).statusCode).toBe(403);
  });

  it.each([
    [{ url: '', eventTypes: ['payment.paid'] }, webhookMessages.urlRequired],
    [{ url: 'not a url', eventTypes: ['payment.paid'] }, webhookMessages.urlInvalid],
    [{ url: 'https://hooks.example.org', eventTypes: [] }, webhookMessages.eventsRequired],
    [{ url: 'https://hooks.example.org', eventTypes: ['nothing.happened'] }, 'Unknown event'],
  ])('answers 400 to %j', async (body, message) => {
    const response = await call(t.app, 'POST', '/api/admin/webhooks', { caller: staff, body });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it('staff disable, rotate the secret of and delete an endpoint; an unknown one is 404', async () => {
    const { endpoint, secret } = await register(['payment.paid']);
    const disabled = await call(t.app, 'PATCH', `/api/admin/webhooks/${endpoint.id}`, {
      caller: staff,
      body: { enabled: false },
    });
    expect(disabled.json()).toMatchObject({ enabled: false });
    const rotated = await call(t.app, 'POST', `/api/admin/webhooks/${endpoint.id}/rotate-secret`, { caller: staff });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
    expect((await call(t.app, 'DELETE', `/api/admin/webhooks/${endpoint.id}`, { caller: staff })).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/admin/webhooks/${endpoint.id}`, { caller: staff })).statusCode).toBe(404);
    const badToggle = await call(t.app, 'PATCH', `/api/admin/webhooks/${randomUUID()}`, {
      caller: staff,
      body: { enabled: 'yes' },
    });
    expect(badToggle.statusCode).toBe(400);
  });
});

describe('webhook deliveries', () => {
  it('a demo card purchase is posted to the endpoint, signed so that the standardwebhooks verifier accepts it', async () => {
    const { endpoint, secret } = await register(['payment.paid', 'registration_request.paid']);
    await only(endpoint.id);
    const before = receiver.received.length;
    const paymentId = await demoCardPurchase();
    await deliver();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const body = new Webhook(secret).verify(got[0]!.body, standardHeaders(got[0]!.headers));
    expect(body).toMatchObject({ type: 'payment.paid', data: { paymentId, status: 'PAID', totalCents: 14_900 } });
    const page = await deliveriesOf(endpoint.id);
    expect(page.items).toEqual([
      expect.objectContaining({
        eventType: 'payment.paid',
        status: 'DELIVERED',
        attempts: 1,
        lastStatusCode: 204,
        messageId: got[0]!.headers['webhook-id'],
      }),
    ]);
  });

  it('staff approving a purchase order send purchase_order.approved and payment.paid; voiding one, purchase_order.voided', async () => {
    const { endpoint, secret } = await register(['purchase_order.approved', 'purchase_order.voided', 'payment.paid']);
    await only(endpoint.id);
    const submittedOrder = async (number: string) => {
      const buyer = await signedInUser(t);
      const organization = await createOrganization(t.deps.db);
      await addMembership(t.deps.db, organization.id, buyer.user.id);
      const day = await createConferenceDay(t.deps.db, 5);
      const payment = await createPayment(t.deps.db, {
        userId: buyer.user.id,
        status: 'AWAITING_PO',
        organizationId: organization.id,
        lines: [
          { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 3 },
        ],
      });
      const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
      const order = await createPurchaseOrder(t.deps.db, t.deps.storage, {
        paymentId: payment.id,
        userId: buyer.user.id,
        organizationId: organization.id,
        number,
        pdf,
      });
      return { paymentId: payment.id, purchaseOrderId: order.id };
    };
    const approved = await submittedOrder('PO-WEBHOOK-1');
    const voided = await submittedOrder('PO-WEBHOOK-2');
    const before = receiver.received.length;
    const approve = `/api/admin/purchase-orders/${approved.purchaseOrderId}/approve`;
    expect((await call(t.app, 'POST', approve, { caller: staff })).statusCode).toBe(200);
    const voiding = `/api/admin/purchase-orders/${voided.purchaseOrderId}/void`;
    expect((await call(t.app, 'POST', voiding, { caller: staff })).statusCode).toBe(200);
    await deliver();
    const bodies = receiver.received
      .slice(before)
      .map(
        (got) => new Webhook(secret).verify(got.body, standardHeaders(got.headers)) as { type: string; data: object },
      );
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'payment.paid',
          data: expect.objectContaining({ paymentId: approved.paymentId }),
        }),
        expect.objectContaining({
          type: 'purchase_order.approved',
          data: { purchaseOrderId: approved.purchaseOrderId, number: 'PO-WEBHOOK-1', paymentId: approved.paymentId },
        }),
        expect.objectContaining({
          type: 'purchase_order.voided',
          data: { purchaseOrderId: voided.purchaseOrderId, number: 'PO-WEBHOOK-2', paymentId: voided.paymentId },
        }),
      ]),
    );
    expect(bodies).toHaveLength(3);
  });

  it('attendance saved is posted at every save, certificate.issued only when the certificate is first issued', async () => {
    const { endpoint } = await register(['attendance.saved', 'certificate.issued']);
    await only(endpoint.id);
    const world = await createAttendanceSection(t.deps.db, ['2026-11-21', '2026-11-22']);
    const { secret: session } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, {
      userId: world.taker.id,
    });
    const url = `/api/events/${world.event.id}/attendance/${world.section.id}`;
    for (const date of ['2026-11-21', '2026-11-22']) {
      const saved = await call(t.app, 'PUT', url, {
        caller: { cookie: `${sessionCookie}=${session}` },
        body: { date, rows: [{ userId: world.holder.id, attended: true }] },
      });
      expect(saved.statusCode).toBe(200);
    }
    const types = (await deliveriesOf(endpoint.id)).items.map((delivery) => delivery.eventType).sort();
    expect(types).toEqual(['attendance.saved', 'attendance.saved', 'certificate.issued']);
  });

  it('a staff decision on an application is posted with the decision', async () => {
    const { endpoint, secret } = await register(['application.decided']);
    await only(endpoint.id);
    const institute = await createInstitute(t.deps.db);
    const applicant = await signedInUser(t);
    const application = await createCompleteApplication(t.deps.db, institute, applicant.user.id);
    const before = receiver.received.length;
    const decided = await call(t.app, 'POST', `/api/admin/applications/${application.id}/decision`, {
      caller: staff,
      body: { decision: 'ACCEPT' },
    });
    expect(decided.statusCode).toBe(200);
    await deliver();
    const [got] = receiver.received.slice(before);
    expect(new Webhook(secret).verify(got!.body, standardHeaders(got!.headers))).toMatchObject({
      type: 'application.decided',
      data: { applicationId: application.id, decision: 'ACCEPT', from: 'SUBMITTED', to: 'ACCEPTED' },
    });
  });

  it('nothing is queued for a change that rolls back', async () => {
    const { endpoint } = await register(['attendance.saved']);
    await expect(
      t.deps.db.transaction(async (tx) => {
        await emitWebhookEvent(tx, 'attendance.saved', { eventId: randomUUID() }, t.clock());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(
      await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toEqual([]);
  });

  it('retries after a 500, with the same webhook-id, a minute later, and logs each attempt', async () => {
    const { endpoint, secret } = await register(['certificate.issued']);
    await only(endpoint.id);
    answers = [500, 200];
    const before = receiver.received.length;
    await t.deps.db.transaction((tx) => emitWebhookEvent(tx, 'certificate.issued', { code: 'ABC' }, t.clock()));
    await deliver();
    const got = receiver.received.slice(before);
    expect(got.map((request) => request.headers['webhook-id'])).toEqual([
      got[0]!.headers['webhook-id'],
      got[0]!.headers['webhook-id'],
    ]);
    expect(new Webhook(secret).verify(got[1]!.body, standardHeaders(got[1]!.headers))).toMatchObject({
      type: 'certificate.issued',
    });
    const [delivery] = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 2, lastStatusCode: 200 });
    const attempts = await t.deps.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.deliveryId, delivery!.id))
      .orderBy(webhookDeliveryAttempts.id);
    expect(attempts.map((a) => [a.statusCode, a.responseExcerpt])).toEqual([
      [500, 'receiver failed'],
      [200, 'ok'],
    ]);
  });

  it('gives up 24 hours after the first attempt; staff redeliver it and it arrives', async () => {
    const { endpoint } = await register(['attendance.saved']);
    await only(endpoint.id);
    answers = [500, 500, 500];
    // Each failing answer takes 10 hours on the test's clock: after the third, the 24 hours are over.
    onRequest = () => t.clock.advance(10 * 3600_000);
    await t.deps.db.transaction((tx) => emitWebhookEvent(tx, 'attendance.saved', { eventId: 'e' }, t.clock()));
    await deliver();
    onRequest = () => undefined;
    const failed = (await deliveriesOf(endpoint.id)).items[0]!;
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 3, lastStatusCode: 500, nextAttemptAt: null });
    expect((await call(t.app, 'GET', '/api/admin/webhooks', { caller: staff })).json().items).toContainEqual(
      expect.objectContaining({ id: endpoint.id, failingDeliveries: 1 }),
    );

    const url = `/api/admin/webhooks/${endpoint.id}/deliveries/${failed.id}/redeliver`;
    const member = (await signedInUser(t)).caller;
    expect((await call(t.app, 'POST', url, { caller: member })).statusCode).toBe(403);
    expect(
      (
        await call(t.app, 'POST', `/api/admin/webhooks/${endpoint.id}/deliveries/${randomUUID()}/redeliver`, {
          caller: staff,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'POST', url, { caller: staff })).statusCode).toBe(202);
    await deliver();
    const [redelivered] = (await deliveriesOf(endpoint.id)).items;
    expect(redelivered).toMatchObject({ id: failed.id, status: 'DELIVERED', attempts: 4, lastStatusCode: 204 });
  });

  it('a disabled endpoint is sent nothing', async () => {
    const { endpoint } = await register(['application.decided']);
    await call(t.app, 'PATCH', `/api/admin/webhooks/${endpoint.id}`, { caller: staff, body: { enabled: false } });
    await t.deps.db.transaction((tx) => emitWebhookEvent(tx, 'application.decided', {}, t.clock()));
    expect((await deliveriesOf(endpoint.id)).items).toEqual([]);
  });
});

describe('secret rotation with an overlap', () => {
  const rotate = (id: string, caller?: Caller) =>
    call(t.app, 'POST', `/api/admin/webhooks/${id}/rotate-secret`, { caller });

  /** One event posted to the endpoint now: its signature header and whether each secret verifies it. */
  async function postedOnce(secrets: string[]) {
    const before = receiver.received.length;
    await t.deps.db.transaction((tx) => emitWebhookEvent(tx, 'attendance.saved', { eventId: 'rotation' }, t.clock()));
    await deliver();
    const [got] = receiver.received.slice(before);
    const verifies = secrets.map((secret) => {
      try {
        new Webhook(secret).verify(got!.body, standardHeaders(got!.headers));
        return true;
      } catch {
        return false;
      }
    });
    return { signatures: String(got!.headers['webhook-signature']).split(' '), verifies };
  }

  it('staff rotate: the new secret is answered once; both sign for 24 hours, then only the new one', async () => {
    const { endpoint, secret: old } = await register(['attendance.saved']);
    await only(endpoint.id);
    const rotated = await rotate(endpoint.id, staff);
    expect(rotated.statusCode).toBe(200);
    const { secret: fresh, endpoint: after } = rotated.json<{
      secret: string;
      endpoint: { previousSecretExpiresAt: string };
    }>();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect(after.previousSecretExpiresAt).toBe(new Date(t.clock().getTime() + 24 * 3600_000).toISOString());
    expect((await call(t.app, 'GET', '/api/admin/webhooks', { caller: staff })).body).not.toContain(fresh);

    const during = await postedOnce([old, fresh, newSecretForNobody()]);
    expect(during.signatures).toHaveLength(2);
    expect(during.verifies).toEqual([true, true, false]);

    t.clock.advance(24 * 3600_000 + 60_000);
    const later = await postedOnce([old, fresh]);
    expect(later.signatures).toHaveLength(1);
    expect(later.verifies).toEqual([false, true]);
    const listed = (await call(t.app, 'GET', '/api/admin/webhooks', { caller: staff })).json().items;
    expect(listed).toContainEqual(expect.objectContaining({ id: endpoint.id, previousSecretExpiresAt: null }));
  });

  it('a second rotation during the overlap keeps each replaced secret signing until its own overlap ends', async () => {
    const { endpoint, secret: first } = await register(['attendance.saved']);
    await only(endpoint.id);
    const second = (await rotate(endpoint.id, staff)).json<{ secret: string }>().secret;
    t.clock.advance(6 * 3600_000);
    const rotated = await rotate(endpoint.id, staff);
    const third = rotated.json<{ secret: string }>().secret;
    // The endpoint says until when an old secret still signs: the overlap that ends last.
    expect(rotated.json().endpoint.previousSecretExpiresAt).toBe(
      new Date(t.clock().getTime() + 24 * 3600_000).toISOString(),
    );
    const during = await postedOnce([first, second, third]);
    expect(during.signatures).toHaveLength(3);
    expect(during.verifies).toEqual([true, true, true]);

    t.clock.advance(18 * 3600_000 + 60_000);
    expect((await postedOnce([first, second, third])).verifies).toEqual([false, true, true]);
    t.clock.advance(6 * 3600_000);
    expect((await postedOnce([first, second, third])).verifies).toEqual([false, false, true]);
  });

  it('a rotation forgets the secrets whose overlap has ended', async () => {
    const { endpoint } = await register(['attendance.saved']);
    await rotate(endpoint.id, staff);
    t.clock.advance(25 * 3600_000);
    await rotate(endpoint.id, staff);
    const [stored] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored?.previousSecrets).toHaveLength(1);
  });

  it('refuses members (403) and the signed out (401); a malformed id is 400, an unknown one 404', async () => {
    const { endpoint } = await register(['attendance.saved']);
    const member = (await signedInUser(t)).caller;
    expect((await rotate(endpoint.id, member)).statusCode).toBe(403);
    expect((await rotate(endpoint.id)).statusCode).toBe(401);
    expect((await rotate('not-an-id', staff)).statusCode).toBe(400);
    expect((await rotate(randomUUID(), staff)).statusCode).toBe(404);
    const [stored] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored?.previousSecrets).toEqual([]);
  });
});

describe('the attempt log’s upkeep', () => {
  const day = 24 * 3600_000;

  it('the daily job deletes attempts older than 30 days, keeps the newer ones, and queues its next run', async () => {
    const { endpoint } = await register(['attendance.saved']);
    const [delivery] = await t.deps.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, messageId: `msg_${randomUUID()}`, eventType: 'attendance.saved', payload: {} })
      .returning({ id: webhookDeliveries.id });
    const now = t.clock().getTime();
    const attempt = (ageMs: number) => ({
      deliveryId: delivery!.id,
      attemptedAt: new Date(now - ageMs),
      statusCode: 500,
      durationMs: 10,
    });
    await t.deps.db
      .insert(webhookDeliveryAttempts)
      .values([attempt(31 * day), attempt(30 * day + 60_000), attempt(29 * day), attempt(60_000)]);

    const pruningJobs = () => t.deps.db.select().from(jobs).where(eq(jobs.kind, webhookAttemptPruningJob));
    await t.deps.db.delete(jobs).where(eq(jobs.kind, webhookAttemptPruningJob));
    // Every instance asks at start: one run is queued.
    await scheduleAttemptPruning(t.deps.db, t.clock());
    await scheduleAttemptPruning(t.deps.db, t.clock());
    const [waiting, ...others] = await pruningJobs();
    expect(others).toEqual([]);
    // Claimed by the worker, which runs the handler (called here: the queue runs jobs by the database's clock).
    await t.deps.db.update(jobs).set({ status: 'RUNNING' }).where(eq(jobs.id, waiting!.id));
    await attemptPruningJobHandler(t.deps)({});

    const kept = await t.deps.db
      .select({ attemptedAt: webhookDeliveryAttempts.attemptedAt })
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.deliveryId, delivery!.id))
      .orderBy(webhookDeliveryAttempts.attemptedAt);
    expect(kept.map((row) => row.attemptedAt.getTime())).toEqual([now - 29 * day, now - 60_000]);
    const next = (await pruningJobs()).filter((job) => job.status === 'PENDING');
    expect(next.map((job) => job.runAt.getTime())).toEqual([now + day]);
    await t.deps.db.delete(jobs).where(eq(jobs.kind, webhookAttemptPruningJob));
  });
});

describe('webhook endpoints in production', () => {
  const production = useTestApp(productionEnvironment);

  it.each([
    ['http://hooks.example.org/portal', webhookMessages.urlNotHttps],
    ['https://127.0.0.1/hook', webhookMessages.urlPrivate],
    ['https://192.168.1.20/hook', webhookMessages.urlPrivate],
    ['https://[fd00::1]/hook', webhookMessages.urlPrivate],
    ['https://localhost/hook', webhookMessages.urlPrivate],
  ])('refuses %s', async (url, message) => {
    const caller = (await signedInUser(production, 'STAFF')).caller;
    const response = await call(production.app, 'POST', '/api/admin/webhooks', {
      caller,
      body: { url, eventTypes: ['payment.paid'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ url: message });
  });

  it.each(refusedAddresses.filter(([, address]) => address.includes('.') || address.includes(':')))(
    'refuses to register %s (%s)',
    async (_, address) => {
      const caller = (await signedInUser(production, 'STAFF')).caller;
      const host = address.includes(':') ? `[${address}]` : address;
      const response = await call(production.app, 'POST', '/api/admin/webhooks', {
        caller,
        body: { url: `https://${host}/hook`, eventTypes: ['payment.paid'] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ url: webhookMessages.urlPrivate });
    },
  );
});
