import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { legacyMessages, legacyPaymentHelp } from '@portal/domain/applications/rules.ts';
import type { LegacyApplicationPage } from '@portal/domain/applications/contracts.ts';
import type { AdminPurchaseOrderPage } from '@portal/domain/commerce/purchase-orders.ts';
import { idempotencyKeyReusedMessage } from '@portal/domain/problems/messages.ts';
import { legacyEventApplications } from '../../db/schema/applications.ts';
import { eventPaymentItems, eventPayments } from '../../db/schema/commerce.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { multipartBody, tinyPdf } from '../../test/multipart.ts';

const t = useTestApp();

const pay = (caller: Caller | undefined, id: string, key: string = randomUUID()) =>
  call(t.app, 'POST', `/api/legacy-event-applications/${id}/pay`, { caller, headers: { 'idempotency-key': key } });
const list = async (caller: Caller) =>
  (await call(t.app, 'GET', '/api/legacy-event-applications', { caller })).json<LegacyApplicationPage>();

/** A member of a school with one application imported from the previous system. */
async function legacyApplicant(
  fields: {
    statusId?: number;
    paymentStatusId?: number | null;
    paymentTypeId?: number;
    balanceCents?: number | null;
  } = {},
) {
  const member = await signedInUser(t);
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, member.user.id);
  const [row] = await t.deps.db
    .insert(legacyEventApplications)
    .values({
      userId: member.user.id,
      legacyId: `legacy-${randomUUID()}`,
      eventName: 'Writing Coaches Institute 2021',
      startDate: '2021-07-12',
      endDate: '2021-07-16',
      statusId: fields.statusId ?? 1,
      paymentStatusId: fields.paymentStatusId === undefined ? 1 : fields.paymentStatusId,
      paymentTypeId: fields.paymentTypeId ?? 4,
      balanceCents: fields.balanceCents === undefined ? 45_000 : fields.balanceCents,
    })
    .returning();
  if (!row) throw new Error('legacy application not created');
  return { ...member, organization, legacyApplicationId: row.id };
}

async function paymentRow(id: string) {
  const [row] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id));
  if (!row) throw new Error('no payment');
  return row;
}

describe('POST /api/legacy-event-applications/:id/pay by card', () => {
  it('takes the imported balance through the card provider, once, and the list follows the payment', async () => {
    const { caller, user, organization, legacyApplicationId } = await legacyApplicant({ paymentTypeId: 4 });
    expect((await list(caller)).items).toEqual([
      expect.objectContaining({ id: legacyApplicationId, balanceCents: 45_000, payment: null }),
    ]);

    const response = await pay(caller, legacyApplicationId);
    expect(response.statusCode).toBe(200);
    const { eventPaymentId, redirectUrl } = response.json();
    expect(redirectUrl).toBe(`/members/event-cart/checkout/demo-pay?eventPaymentId=${eventPaymentId}`);
    expect(await paymentRow(eventPaymentId)).toMatchObject({
      legacyApplicationId,
      applicationId: null,
      userId: user.id,
      organizationId: organization.id,
      status: 'PENDING',
      method: 'CARD',
      provider: 'demo',
      subtotalCents: 45_000,
      totalCents: 45_000,
    });
    // Nothing of the previous system's event is sold here: the payment has no items.
    expect(
      await t.deps.db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, eventPaymentId)),
    ).toEqual([]);
    // A second click while the card page is open answers the same payment.
    expect((await pay(caller, legacyApplicationId)).json()).toEqual(response.json());

    const read = await call(t.app, 'GET', `/api/event-payments/${eventPaymentId}`, { caller });
    expect(read.json()).toMatchObject({
      total: 45_000,
      items: [],
      legacyApplication: { id: legacyApplicationId, eventName: 'Writing Coaches Institute 2021' },
    });

    const demo = await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
      caller,
      body: { outcome: 'succeed' },
    });
    expect(demo.json()).toEqual({ redirectUrl: applicationPaths.success(eventPaymentId, 'demo') });
    expect((await list(caller)).items[0]?.payment).toMatchObject({ eventPaymentId, status: 'PAID' });

    const again = await pay(caller, legacyApplicationId);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(legacyMessages.notPayable);
    expect(await t.deps.db.select().from(eventPayments).where(eq(eventPayments.userId, user.id))).toHaveLength(1);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'legacy-application.pay'))).toContainEqual(
      expect.objectContaining({ subjectId: eventPaymentId, actorId: user.id }),
    );
  });

  it('answers the same payment for the same Idempotency-Key, racing or replayed', async () => {
    const { caller, user, legacyApplicationId } = await legacyApplicant();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      pay(caller, legacyApplicationId, key),
      pay(caller, legacyApplicationId, key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await pay(caller, legacyApplicationId, key)).json()).toEqual(first.json());
    expect(
      await t.deps.db.select().from(eventPayments).where(eq(eventPayments.legacyApplicationId, legacyApplicationId)),
    ).toHaveLength(1);
    // The same key sent for another of the member's applications names this payment: refused.
    const [another] = await t.deps.db
      .insert(legacyEventApplications)
      .values({
        userId: user.id,
        legacyId: `legacy-${randomUUID()}`,
        eventName: 'Math Leaders Institute 2022',
        statusId: 4,
        paymentStatusId: 1,
        paymentTypeId: 5,
        balanceCents: 60_000,
      })
      .returning();
    const reused = await pay(caller, another?.id ?? '', key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().detail).toBe(idempotencyKeyReusedMessage);
  });

  it('sends a declined card back to the applications and lets the member pay again; an abandoned one expires', async () => {
    const { caller, legacyApplicationId } = await legacyApplicant();
    const { eventPaymentId } = (await pay(caller, legacyApplicationId)).json();
    const declined = await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
      caller,
      body: { outcome: 'decline' },
    });
    expect(declined.json()).toEqual({ redirectUrl: applicationPaths.list });
    expect((await list(caller)).items[0]?.payment?.status).toBe('CANCELLED');

    const retry = (await pay(caller, legacyApplicationId)).json();
    expect(retry.eventPaymentId).not.toBe(eventPaymentId);
    t.clock.advance(31 * 60_000);
    expect((await list(caller)).items[0]?.payment).toMatchObject({
      eventPaymentId: retry.eventPaymentId,
      status: 'EXPIRED',
    });
    const third = (await pay(caller, legacyApplicationId)).json();
    expect(third.eventPaymentId).not.toBe(retry.eventPaymentId);
  });
});

describe('POST /api/legacy-event-applications/:id/pay by purchase order', () => {
  it('waits for the purchase order, which staff approve through the ordinary upload and approval', async () => {
    const { caller, organization, legacyApplicationId } = await legacyApplicant({
      statusId: 4,
      paymentTypeId: 5,
      balanceCents: 60_000,
    });
    const response = await pay(caller, legacyApplicationId);
    expect(response.statusCode).toBe(200);
    const { eventPaymentId, redirectUrl } = response.json();
    expect(redirectUrl).toBe(applicationPaths.purchaseOrder(eventPaymentId));
    expect(await paymentRow(eventPaymentId)).toMatchObject({
      status: 'AWAITING_PO',
      method: 'PURCHASE_ORDER',
      provider: null,
      totalCents: 60_000,
    });

    const form = multipartBody(
      {
        eventPaymentId,
        type: 'EVENT_APPLICATION',
        filename: 'District PO',
        contactEmail: 'purchasing@district.test',
        contactName: 'Pat Purchasing',
        contactPhone: '5551234567',
        number: `PO-${randomUUID().slice(0, 8)}`,
        organizationId: organization.id,
        total: '60000',
        couponCode: '',
      },
      { name: 'po.pdf', bytes: tinyPdf },
    );
    const upload = await call(t.app, 'POST', '/api/purchase-orders', {
      caller,
      body: form.body,
      headers: form.headers,
    });
    expect(upload.statusCode).toBe(201);
    expect((await list(caller)).items[0]?.payment?.status).toBe('PO_SUBMITTED');
    // Under review: no pay button, so no payment either.
    expect((await pay(caller, legacyApplicationId)).statusCode).toBe(409);

    const staff = (await signedInUser(t, 'STAFF')).caller;
    const { purchaseOrderId } = upload.json();
    const queued = await call(t.app, 'GET', `/api/admin/purchase-orders?search=${organization.name}`, {
      caller: staff,
    });
    expect(queued.json<AdminPurchaseOrderPage>().items).toEqual([
      expect.objectContaining({
        id: purchaseOrderId,
        type: 'EVENT_APPLICATION',
        paymentTotalCents: 60_000,
        paysFor: 'Writing Coaches Institute 2021 (previous system application)',
      }),
    ]);
    const approved = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrderId}/approve`, {
      caller: staff,
    });
    expect(approved.statusCode).toBe(200);
    expect((await paymentRow(eventPaymentId)).status).toBe('PAID');
    expect((await list(caller)).items[0]?.payment).toMatchObject({ eventPaymentId, status: 'PAID' });
    expect((await pay(caller, legacyApplicationId)).statusCode).toBe(409);
  });

  it('is approved even after its hold ran out: a payment of no items has no seat to take back', async () => {
    const { caller, organization, legacyApplicationId } = await legacyApplicant({ paymentTypeId: 3 });
    const { eventPaymentId } = (await pay(caller, legacyApplicationId)).json();
    const form = multipartBody(
      {
        eventPaymentId,
        filename: 'PO',
        contactEmail: 'purchasing@district.test',
        contactName: 'Pat Purchasing',
        contactPhone: '5551234567',
        number: 'PO-LATE',
        organizationId: organization.id,
        total: '45000',
      },
      { name: 'po.pdf', bytes: tinyPdf },
    );
    const { purchaseOrderId } = (
      await call(t.app, 'POST', '/api/purchase-orders', { caller, body: form.body, headers: form.headers })
    ).json();
    // Staff took longer than the purchase order's hold.
    await t.deps.db
      .update(eventPayments)
      .set({ holdExpiresAt: new Date(t.clock().getTime() - 1000) })
      .where(eq(eventPayments.id, eventPaymentId));
    expect((await list(caller)).items[0]?.payment?.status).toBe('EXPIRED');
    const staff = (await signedInUser(t, 'STAFF')).caller;
    const approved = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrderId}/approve`, {
      caller: staff,
    });
    expect(approved.statusCode).toBe(200);
    expect((await paymentRow(eventPaymentId)).status).toBe('PAID');
  });
});

describe('POST /api/legacy-event-applications/:id/pay refusals', () => {
  it('refuses what the ids do not offer (409 with the reason), writing nothing', async () => {
    const noBalance = await legacyApplicant({ balanceCents: null });
    const refused = await pay(noBalance.caller, noBalance.legacyApplicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(legacyPaymentHelp);
    for (const ids of [
      { paymentStatusId: 2 },
      { paymentStatusId: 6, paymentTypeId: 3 },
      { statusId: 2 },
      { statusId: 3 },
      { paymentTypeId: 2 },
    ]) {
      const { caller, user, legacyApplicationId } = await legacyApplicant(ids);
      const answer = await pay(caller, legacyApplicationId);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().detail).toBe(legacyMessages.notPayable);
      expect(await t.deps.db.select().from(eventPayments).where(eq(eventPayments.userId, user.id))).toEqual([]);
    }
  });

  it("refuses someone else's (404), a signed-out caller (401), a bad id and a missing Idempotency-Key (400)", async () => {
    const { legacyApplicationId } = await legacyApplicant();
    const stranger = await signedInUser(t);
    expect((await pay(stranger.caller, legacyApplicationId)).statusCode).toBe(404);
    expect((await pay(undefined, legacyApplicationId)).statusCode).toBe(401);
    expect((await pay(stranger.caller, 'not-an-id')).statusCode).toBe(400);
    const noKey = await call(t.app, 'POST', `/api/legacy-event-applications/${legacyApplicationId}/pay`, {
      caller: stranger.caller,
    });
    expect(noKey.statusCode).toBe(400);
    expect(
      await t.deps.db.select().from(eventPayments).where(eq(eventPayments.legacyApplicationId, legacyApplicationId)),
    ).toEqual([]);
  });
});
