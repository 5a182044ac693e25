import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { LegacyApplicationPage } from '@portal/domain/applications/contracts.ts';
import { legacyEventApplications } from '../../db/schema/applications.ts';
import { eventPayments, paymentProviderEvents } from '../../db/schema/commerce.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

/**
 * The CashNet-style gateway's verification endpoint (the outside system): it approves a transaction id
 * starting with "ok-" for the amount it charged, and declines anything else.
 */
const charged = new Map<string, number>();
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const parameters = JSON.parse(body) as { tx: string; ref3val1: string };
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        status: parameters.tx.startsWith('ok-') ? 'approved' : 'declined',
        ref3val1: parameters.ref3val1,
        amountCents: charged.get(parameters.ref3val1) ?? 0,
      }),
    );
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const t = useTestApp({
  PAYMENT_PROVIDER: 'cashnet',
  CASHNET_CHECKOUT_URL: `${gatewayUrl}/pay`,
  CASHNET_VERIFY_URL: `${gatewayUrl}/verify`,
});

const confirm = (caller: Caller, paymentId: string, tx: string) =>
  call(t.app, 'POST', '/api/payments/cashnet/confirm', {
    caller,
    body: { batchno: '1042', tx, custcode: 'CUST-7', ref3val1: paymentId },
  });

describe('a legacy application paid by card through the CashNet-style gateway', () => {
  it('confirms the return through the legacy confirm call (batchno, tx, custcode, ref3val1), verified, once', async () => {
    const { user, caller } = await signedInUser(t);
    const [legacy] = await t.deps.db
      .insert(legacyEventApplications)
      .values({
        userId: user.id,
        legacyId: `legacy-${randomUUID()}`,
        eventName: 'Writing Coaches Institute 2021',
        statusId: 1,
        paymentStatusId: 1,
        paymentTypeId: 1,
        balanceCents: 45_000,
      })
      .returning();
    const legacyApplicationId = legacy?.id ?? '';
    const paid = await call(t.app, 'POST', `/api/legacy-event-applications/${legacyApplicationId}/pay`, {
      caller,
      headers: { 'idempotency-key': randomUUID() },
    });
    const { eventPaymentId, redirectUrl } = paid.json();
    expect(redirectUrl).toBe(`${gatewayUrl}/pay?ref3val1=${eventPaymentId}&amount=450.00`);
    expect((await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, eventPaymentId)))[0]).toMatchObject(
      { provider: 'cashnet', status: 'PENDING', totalCents: 45_000 },
    );

    charged.set(eventPaymentId, 45_000);
    const confirmed = await confirm(caller, eventPaymentId, 'ok-legacy-1');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      id: eventPaymentId,
      status: 'PAID',
      provider: 'cashnet',
      legacyApplication: { id: legacyApplicationId },
    });
    // The success page confirms again on reload: one provider event, the payment unchanged.
    const [before] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, eventPaymentId));
    expect((await confirm(caller, eventPaymentId, 'ok-legacy-1')).json().status).toBe('PAID');
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, eventPaymentId));
    expect(after).toEqual(before);
    expect(
      await t.deps.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.paymentId, eventPaymentId)),
    ).toHaveLength(1);
    const listed = await call(t.app, 'GET', '/api/legacy-event-applications', { caller });
    expect(listed.json<LegacyApplicationPage>().items[0]?.payment).toMatchObject({ eventPaymentId, status: 'PAID' });

    // Only the buyer confirms their payment.
    const stranger = await signedInUser(t);
    expect((await confirm(stranger.caller, eventPaymentId, 'ok-legacy-2')).statusCode).toBe(404);
  });
});
