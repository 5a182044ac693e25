import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { productionEnvironment } from '../../test/production-environment.ts';

describe('production without a card provider', () => {
  const t = useTestApp(productionEnvironment);

  const checkout = (caller: Caller, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/checkout', { caller, body, headers: { 'idempotency-key': randomUUID() } });

  async function buyerWithCart() {
    const { user, caller } = await signedInUser(t);
    const organization = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, organization.id, user.id, 'ADMIN');
    const { event, ticketType } = await createEvent(t.deps.db);
    const added = await call(t.app, 'POST', '/api/cart/items', {
      caller,
      body: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 },
    });
    expect(added.statusCode).toBe(200);
    return { caller, organization };
  }

  it('tells a signed-in member that card payment is off and why; refuses anonymous callers', async () => {
    const { caller } = await signedInUser(t);
    const options = await call(t.app, 'GET', '/api/payments/options', { caller });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ card: { available: false, unavailableReason: paymentMessages.cardUnavailable } });
    expect((await call(t.app, 'GET', '/api/payments/options')).statusCode).toBe(401);
  });

  it('refuses a card checkout with the reason, and still takes a purchase order for the same cart', async () => {
    const { caller, organization } = await buyerWithCart();
    const card = await checkout(caller, { method: 'CARD' });
    expect(card.statusCode).toBe(409);
    expect(card.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(card.json()).toMatchObject({ detail: paymentMessages.cardUnavailable });
    const purchaseOrder = await checkout(caller, { method: 'PURCHASE_ORDER', organizationId: organization.id });
    expect(purchaseOrder.statusCode).toBe(201);
  });

  it('has no demo payment page, no demo provider webhook and no development mailbox', async () => {
    const { caller } = await signedInUser(t);
    const pay = await call(t.app, 'POST', `/api/payments/demo/${randomUUID()}`, {
      caller,
      body: { outcome: 'succeed' },
    });
    expect(pay.statusCode).toBe(404);
    const webhook = await call(t.app, 'POST', '/api/payments/demo/webhook', {
      headers: { 'x-demo-signature': 'anything' },
      body: { id: randomUUID(), eventPaymentId: randomUUID(), outcome: 'succeed' },
    });
    expect(webhook.statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/dev/mailbox')).statusCode).toBe(404);
    expect(
      t.app.registeredRoutes.filter((route) => route.url.includes('/demo') || route.url.includes('/dev/')),
    ).toEqual([]);
  });
});

describe('development with the demo provider', () => {
  const t = useTestApp({ NODE_ENV: 'development', PAYMENT_PROVIDER: 'demo' });

  it('offers card payment and serves the demo routes', async () => {
    const { caller } = await signedInUser(t);
    const options = await call(t.app, 'GET', '/api/payments/options', { caller });
    expect(options.json()).toEqual({ card: { available: true, unavailableReason: null } });
    const pay = await call(t.app, 'POST', `/api/payments/demo/${randomUUID()}`, {
      caller,
      body: { outcome: 'succeed' },
    });
    expect(pay.statusCode).toBe(404);
    expect(pay.json().detail).not.toBe('Not found.');
    expect(t.app.registeredRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/payments/demo/:eventPaymentId', 'POST /api/payments/demo/webhook']),
    );
  });
});
