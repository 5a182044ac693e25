import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { eventPayments, paymentProviderEvents } from '../../db/schema/commerce.ts';
import { createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

/**
 * A stand-in for the CashNet-style gateway's verification endpoint (the outside system): it approves
 * a transaction id starting with "ok-" for the amount it was told, and declines anything else; `echo`
 * makes it report a transaction as another payment's.
 */
const gateway = { amounts: new Map<string, number>(), echo: new Map<string, string>() };
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const parameters = JSON.parse(body) as { tx: string; ref3val1: string };
    const approved = parameters.tx.startsWith('ok-');
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        status: approved ? 'approved' : 'declined',
        ref3val1: gateway.echo.get(parameters.tx) ?? parameters.ref3val1,
        amountCents: gateway.amounts.get(parameters.ref3val1) ?? 0,
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

async function cashnetPayment() {
  const buyer = await signedInUser(t);
  const { event, ticketType } = await createEvent(t.deps.db, { maxTickets: 10 });
  await call(t.app, 'POST', '/api/cart/items', {
    caller: buyer.caller,
    body: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 2 },
  });
  const response = await call(t.app, 'POST', '/api/checkout', {
    caller: buyer.caller,
    body: { method: 'CARD' },
    headers: { 'idempotency-key': randomUUID() },
  });
  const paymentId = response.json().eventPaymentId as string;
  gateway.amounts.set(paymentId, 29_800);
  return { ...buyer, paymentId, redirectUrl: response.json().redirectUrl as string };
}

const confirm = (caller: { cookie?: string }, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/payments/cashnet/confirm', { caller, body });
const returnOf = (paymentId: string, tx: string) => ({ batchno: '1042', tx, custcode: 'CUST-7', ref3val1: paymentId });

describe('POST /api/payments/cashnet/confirm', () => {
  it('sends the buyer to the gateway with ref3val1, then confirms the return with the gateway once', async () => {
    const { caller, paymentId, redirectUrl } = await cashnetPayment();
    expect(redirectUrl).toBe(`${gatewayUrl}/pay?ref3val1=${paymentId}&amount=298.00`);
    const confirmed = await confirm(caller, returnOf(paymentId, 'ok-1'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: paymentId, status: 'PAID', provider: 'cashnet', total: 29_800 });
    // Reloading the success page confirms the same return again: nothing changes.
    const [before] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, paymentId));
    expect((await confirm(caller, returnOf(paymentId, 'ok-1'))).json().status).toBe('PAID');
    const [after] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, paymentId));
    expect(after).toEqual(before);
    expect(
      await t.deps.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.paymentId, paymentId)),
    ).toHaveLength(1);
  });

  it('records a declined return as a decline', async () => {
    const { caller, paymentId } = await cashnetPayment();
    expect((await confirm(caller, returnOf(paymentId, 'no-1'))).json().status).toBe('CANCELLED');
  });

  it('records a return the gateway approved for another amount, and flags it REFUND_NEEDED instead of PAID', async () => {
    const { caller, paymentId } = await cashnetPayment();
    // The buyer edited the amount on the gateway's address: $1.00 for a $298.00 order.
    gateway.amounts.set(paymentId, 100);
    const confirmed = await confirm(caller, returnOf(paymentId, 'ok-2'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'REFUND_NEEDED', refundReason: 'AMOUNT_MISMATCH', paidAt: null });
    expect((await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, paymentId)))[0]).toMatchObject({
      status: 'REFUND_NEEDED',
      seatsHeld: false,
    });
    expect(
      await t.deps.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.paymentId, paymentId)),
    ).toHaveLength(1);
  });

  it('refuses a transaction the gateway reports for another payment, recording nothing', async () => {
    const { caller, paymentId } = await cashnetPayment();
    const other = await cashnetPayment();
    // The gateway echoes the payment it really charged: a return pointed at this payment is not its.
    gateway.echo.set('ok-swapped', other.paymentId);
    const refused = await confirm(caller, returnOf(paymentId, 'ok-swapped'));
    expect(refused.statusCode).toBe(400);
    expect(
      await t.deps.db
        .select()
        .from(paymentProviderEvents)
        .where(eq(paymentProviderEvents.providerEventId, 'ok-swapped')),
    ).toHaveLength(0);
    expect((await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, paymentId)))[0]?.status).toBe(
      'PENDING',
    );
  });

  it('refuses another member (404), a signed-out caller (401) and missing parameters (400)', async () => {
    const { paymentId } = await cashnetPayment();
    const other = await signedInUser(t);
    expect((await confirm(other.caller, returnOf(paymentId, 'ok-3'))).statusCode).toBe(404);
    expect((await confirm({}, returnOf(paymentId, 'ok-3'))).statusCode).toBe(401);
    const missing = await confirm(other.caller, { ref3val1: paymentId });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['batchno', 'custcode', 'tx']);
  });
});
