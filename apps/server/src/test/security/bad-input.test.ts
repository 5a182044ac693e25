import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sentProblem } from '@portal/domain/problems/contracts.ts';
import { amountTooLargeMessage, int4Max } from '@portal/domain/stored-integers.ts';
import { buildApp } from '../../app.ts';
import { eventTicketTypes } from '../../db/schema/commerce.ts';
import { createConferenceDay, createEvent, signedInUser } from '../commerce-factories.ts';
import { call, useTestApp } from '../harness.ts';
import { nulMessage } from '../../platform/stored-text.ts';
import { databaseFingerprint } from './fingerprint.ts';

const t = useTestApp();

/** The one error shape: problem+json, and a body with nothing but the problem's keys. */
function expectProblem(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = sentProblem.parse(JSON.parse(response.body));
  expect(body.status).toBe(status);
  return body;
}

describe('Origin on a mutating route', () => {
  it.each([
    ['null', 'null'],
    ['not a URL', 'not a url'],
    ['a scheme without a host', 'http://'],
    ['a broken IPv6 host', 'http://[::1'],
    ['another site', 'https://evil.test'],
  ])('%s is refused with 403 problem+json, not a 500', async (_label, origin) => {
    const { caller } = await signedInUser(t);
    const response = await call(t.app, 'POST', '/api/cart/coupon', {
      caller,
      body: { code: 'SAVE10' },
      headers: { origin },
    });
    expect(expectProblem(response, 403).detail).toBe('Cross-site request refused.');
  });

  it("the portal's own origin passes the check", async () => {
    const { caller } = await signedInUser(t);
    const response = await call(t.app, 'POST', '/api/cart/coupon', {
      caller,
      body: { code: 'NO-SUCH-CODE' },
      headers: { origin: 'http://portal.test' },
    });
    expect(response.statusCode).not.toBe(403);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('a NUL character in any input is a 400 naming the field, before the database sees it', () => {
  it.each([
    ['the catalogue search', '/api/catalogue/events?search=a%00b', 'search'],
    ['the district search', '/api/districts/search?search=abc%00', 'search'],
    ['the staff user search', '/api/admin/users?search=%00', 'search'],
    ['the staff coupon search', '/api/admin/coupons?search=%00', 'search'],
    ['a path parameter', '/api/catalogue/events/%00', 'eventId'],
  ])('%s', async (_label, url, field) => {
    const { caller } = await signedInUser(t, 'STAFF');
    const response = await call(t.app, 'GET', url, { caller });
    expect(expectProblem(response, 400).errors).toEqual({ [field]: nulMessage });
  });

  it('a coupon code, and a key nested in a JSON body, write nothing', async () => {
    const { caller } = await signedInUser(t);
    const before = await databaseFingerprint(t.deps.db);
    const coupon = await call(t.app, 'POST', '/api/cart/coupon', { caller, body: { code: 'SAVE\u000010' } });
    expect(expectProblem(coupon, 400).errors).toEqual({ code: nulMessage });
    const nested = await call(t.app, 'PUT', '/api/profile', {
      caller,
      body: { firstName: 'Ann', extra: { 'k\u0000': 1 } },
    });
    expect(expectProblem(nested, 400).errors).toEqual({ 'extra.k\u0000': nulMessage });
    expect(await databaseFingerprint(t.deps.db)).toBe(before);
  });

  it('a body nested far deeper than the call stack is walked without a 500', async () => {
    const { caller } = await signedInUser(t);
    const deep = `${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`;
    const response = await call(t.app, 'POST', '/api/cart/coupon', {
      caller,
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expectProblem(response, 400);
  });
});

describe('numbers past what the database stores are a 400, not a 500', () => {
  it('a path position beyond int4 (found by the fuzz)', async () => {
    const { caller } = await signedInUser(t, 'STAFF');
    const day = await createConferenceDay(t.deps.db);
    const body = {
      name: 'First Year',
      level: 'FIRST_YEAR',
      applicationSelectionLevel: 'SECTIONS',
      requireRankedSelection: false,
      rankedSelectionAmount: 1,
      position: Number.MAX_SAFE_INTEGER,
    };
    const response = await call(t.app, 'PUT', `/api/admin/paths/${day.path.id}`, { caller, body });
    expect(Object.keys(expectProblem(response, 400).errors ?? {})).toEqual(['position']);
  });

  it('a cart whose total would not fit an amount column is refused at checkout, with nothing written', async () => {
    const { caller } = await signedInUser(t);
    const { event, ticketType } = await createEvent(t.deps.db);
    await t.deps.db.update(eventTicketTypes).set({ priceCents: int4Max }).where(eq(eventTicketTypes.id, ticketType.id));
    const added = await call(t.app, 'POST', '/api/cart/items', {
      caller,
      body: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 2 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const before = await databaseFingerprint(t.deps.db);
    const checkout = await call(t.app, 'POST', '/api/checkout', {
      caller,
      body: { method: 'PURCHASE_ORDER' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(expectProblem(checkout, 400).detail).toBe(amountTooLargeMessage);
    expect(await databaseFingerprint(t.deps.db)).toBe(before);
  });
});

describe('every error the API sends has the one problem+json shape', () => {
  const json = { 'content-type': 'application/json' };
  it.each([
    ['bad JSON', 400, { method: 'POST', url: '/api/cart/coupon', body: '{"code":', headers: json }],
    ['an empty JSON body', 400, { method: 'POST', url: '/api/cart/coupon', body: '', headers: json }],
    [
      'a prototype-polluting key',
      400,
      { method: 'POST', url: '/api/cart/coupon', body: '{"code":"A","__proto__":{"admin":true}}', headers: json },
    ],
    [
      'a constructor.prototype key',
      400,
      { method: 'POST', url: '/api/cart/coupon', body: '{"constructor":{"prototype":{"admin":true}}}', headers: json },
    ],
    [
      'a body over the 1 MB limit',
      413,
      { method: 'POST', url: '/api/cart/coupon', body: JSON.stringify({ code: 'x'.repeat(1_100_000) }), headers: json },
    ],
    [
      'an unsupported media type',
      415,
      {
        method: 'POST',
        url: '/api/cart/coupon',
        body: 'code=A',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    ],
    ['a route that does not exist', 404, { method: 'GET', url: '/api/no-such-thing' }],
    ['a method the route does not have', 404, { method: 'PATCH', url: '/api/cart' }],
    [
      'a path parameter over the router limit (414)',
      414,
      { method: 'GET', url: `/api/catalogue/events/${'a'.repeat(500)}` },
    ],
    ['a malformed percent escape', 400, { method: 'GET', url: '/api/catalogue/events/%E0%A4%A' }],
    [
      'a missing CSRF header',
      403,
      { method: 'POST', url: '/api/cart/coupon', body: '{}', headers: { ...json, 'x-requested-with': '' } },
    ],
    ['a signed-in route without a session', 401, { method: 'GET', url: '/api/cart', anonymous: true }],
    ['a staff route as a member', 403, { method: 'GET', url: '/api/admin/users' }],
    ['an invalid query', 400, { method: 'GET', url: '/api/districts/search?search=a' }],
    ["the documentation's missing asset", 404, { method: 'GET', url: '/api/docs/static/no-such-file.js' }],
  ] as const)('%s → %i', async (_label, status, request) => {
    const { caller } = await signedInUser(t);
    const response = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: {
        'x-requested-with': 'portal',
        ...('anonymous' in request ? {} : { cookie: caller.cookie ?? '' }),
        ...('headers' in request ? request.headers : {}),
      },
      ...('body' in request ? { payload: request.body } : {}),
    });
    expectProblem(response, status);
  });

  it('a rate-limited route → 429', async () => {
    let response = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.test' } });
    for (let attempt = 0; attempt < 100 && response.statusCode !== 429; attempt += 1) {
      response = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.test' } });
    }
    expectProblem(response, 429);
    expect(response.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  });

  describe('errors from the HTTP parser, before Fastify sees the request', () => {
    async function rawRequest(path: string, headers: Record<string, string>) {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      return new Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body }));
        });
        request.on('error', reject);
        request.end();
      });
    }

    it("an address or headers over Node's 16 kB header limit → 431", async () => {
      expectProblem(await rawRequest(`/api/catalogue/events?search=${'a'.repeat(20_000)}`, {}), 431);
      expectProblem(await rawRequest('/api/health', { 'x-padding': 'a'.repeat(20_000) }), 431);
    });
  });

  it('the served web app (@fastify/static): a missing asset or a bad escape → problem+json, a page → index.html', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
    writeFileSync(path.join(webDist, 'assets', 'app.js'), 'export {};');
    const web = await buildApp({ ...t.deps, config: { ...t.deps.config, webDist } }, { serveWeb: true });
    try {
      expectProblem(await web.inject({ method: 'GET', url: '/assets/missing.js' }), 404);
      expectProblem(await web.inject({ method: 'GET', url: '/assets/%E0%A4%A' }), 400);
      expectProblem(await web.inject({ method: 'GET', url: '/api/no-such-thing' }), 404);
      expectProblem(
        await web.inject({ method: 'POST', url: '/members', headers: { 'x-requested-with': 'portal' } }),
        404,
      );
      const page = await web.inject({ method: 'GET', url: '/members/profile?tab=%00' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect((await web.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    } finally {
      await web.close();
    }
  });
});
