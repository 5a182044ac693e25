import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { publicAddresses, refusedAddresses } from '../test/address-forms.ts';
import { standardHeaders, webhookReceiver } from '../test/webhook-receiver.ts';
import { isPublicAddress, newSigningSecret, postSigned, responseExcerptBytes } from './webhooks.ts';

let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  receiver = await webhookReceiver((n) => (n === 2 ? 500 : 200));
});
afterAll(() => receiver.close());

describe('isPublicAddress', () => {
  it.each(refusedAddresses)('refuses %s: %s', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(publicAddresses)('takes the global unicast %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('postSigned', () => {
  it('signs as Standard Webhooks defines: the verifier accepts it with the secret, refuses it with another', async () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: 'test', data: { n: 1 } });
    const outcome = await postSigned({
      url: receiver.url,
      secrets: [secret],
      messageId: 'msg_1',
      body,
      publicOnly: false,
    });
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, responseExcerpt: 'ok', error: null });
    const got = receiver.received.at(-1)!;
    expect(got.headers['webhook-id']).toBe('msg_1');
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(new Webhook(secret).verify(got.body, standardHeaders(got.headers))).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(got.body, standardHeaders(got.headers))).toThrow();
  });

  it('reports a failing answer with its status and excerpt', async () => {
    const outcome = await postSigned({
      url: receiver.url,
      secrets: [newSigningSecret()],
      messageId: 'msg_2',
      body: '{}',
      publicOnly: false,
    });
    expect(outcome).toMatchObject({ ok: false, statusCode: 500, responseExcerpt: 'receiver failed' });
    expect(responseExcerptBytes).toBe(1024);
  });

  it('signs with every secret given, space-separated: the verifier accepts it with either, refuses it with another', async () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const body = JSON.stringify({ type: 'test', data: { n: 2 } });
    await postSigned({ url: receiver.url, secrets: [current, previous], messageId: 'msg_3', body, publicOnly: false });
    const got = receiver.received.at(-1)!;
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
    for (const secret of [current, previous])
      expect(new Webhook(secret).verify(got.body, standardHeaders(got.headers))).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(got.body, standardHeaders(got.headers))).toThrow();
  });

  // Refused before any connection is tried: no packet leaves for these addresses.
  it.each(refusedAddresses.filter(([, address]) => address.includes('.') || address.includes(':')))(
    'in production refuses to connect to %s (%s) written in the URL',
    async (_, address) => {
      const host = address.includes(':') ? `[${address}]` : address;
      const outcome = await postSigned({
        url: `https://${host}/webhooks`,
        secrets: [newSigningSecret()],
        messageId: 'msg_5',
        body: '{}',
        publicOnly: true,
      });
      expect(outcome).toMatchObject({ ok: false, statusCode: null, durationMs: 0 });
      expect(outcome.error).toMatch(/is not a public address/);
    },
  );

  it.each([
    ['a literal loopback address', (port: number) => `http://127.0.0.1:${port}/webhooks`],
    ['a name that resolves to loopback', (port: number) => `http://localhost:${port}/webhooks`],
  ])('in production refuses %s at delivery time, posting nothing', async (_, url) => {
    const before = receiver.received.length;
    const outcome = await postSigned({
      url: url(receiver.port),
      secrets: [newSigningSecret()],
      messageId: 'msg_3',
      body: '{}',
      publicOnly: true,
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toMatch(/private, loopback or link-local/);
    expect(receiver.received.length).toBe(before);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const outcome = await postSigned({
      url: `http://127.0.0.1:${port}/`,
      secrets: [newSigningSecret()],
      messageId: 'msg_4',
      body: '{}',
      publicOnly: false,
      timeoutMs: 200,
    });
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 200 ms' });
  });
});
