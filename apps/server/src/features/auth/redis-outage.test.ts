import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { checkRedisReachable } from '../../platform/rate-limit.ts';
import { localStorage } from '../../platform/storage.ts';
import { createTestDatabase } from '../../test/database.ts';
import { call } from '../../test/harness.ts';

/**
 * Redis lost while the portal runs: the machine's Redis (127.0.0.1:6379, as in the shared-limit
 * tests) is reached through a proxy this test cuts and restores. The limited routes answer 503 with
 * Retry-After while it is gone, never 500, and count again once it is back, without a restart.
 */

let proxy: Server | undefined;
let port = 0;
const sockets = new Set<Socket>();
/**
 * While set, the proxy keeps its connections open and holds what either side sends: a Redis that hangs. What was
 * held is passed on when it is cleared (resume), as TCP would once a stalled host answers again.
 */
let hung = false;
const held: (() => void)[] = [];
function resume(): void {
  hung = false;
  for (const send of held.splice(0)) send();
}
let database: DatabaseHandle;
let app: App;

async function openProxy(): Promise<void> {
  proxy = createServer((client) => {
    const upstream = connect(6379, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('data', (chunk) => {
      if (hung) held.push(() => upstream.write(chunk));
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (hung) held.push(() => client.write(chunk));
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => proxy?.listen(port, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address && typeof address !== 'string') port = address.port;
}

async function cutProxy(): Promise<void> {
  const closed = new Promise<void>((resolve) => proxy?.close(() => resolve()));
  for (const socket of sockets) socket.destroy();
  await closed;
}

beforeAll(async () => {
  await openProxy();
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({
      PUBLIC_URL: 'http://portal.test',
      LOG_LEVEL: 'silent',
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_KEY_PREFIX: `portal-test:${randomUUID()}:`,
    }),
    db: database.db,
    clock: () => new Date(),
    storage: localStorage(mkdtempSync(path.join(tmpdir(), 'portal-redis-outage-'))),
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await cutProxy();
});

const forgotPassword = () =>
  call(app, 'POST', '/api/auth/forgot-password', { body: { email: 'someone@example.test' } });

describe('a limited route while Redis is gone', () => {
  it('answers 503 with Retry-After, then counts again once Redis is back', { timeout: 30_000 }, async () => {
    expect((await forgotPassword()).statusCode).toBeLessThan(300);

    await cutProxy();
    const started = Date.now();
    const refused = await forgotPassword();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(Date.now() - started).toBeLessThan(1_000);
    // Every request while it is gone is answered as soon, not only the first.
    const again = Date.now();
    expect((await forgotPassword()).statusCode).toBe(503);
    expect(Date.now() - again).toBeLessThan(1_000);

    await openProxy();
    await expect.poll(async () => (await forgotPassword()).statusCode, { timeout: 15_000 }).toBeLessThan(300);
  });

  it('answers 503 within a second while Redis holds the connection and says nothing', { timeout: 30_000 }, async () => {
    await expect.poll(async () => (await forgotPassword()).statusCode, { timeout: 15_000 }).toBeLessThan(300);
    hung = true;
    try {
      const started = Date.now();
      const refused = await forgotPassword();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      resume();
    }
    await expect.poll(async () => (await forgotPassword()).statusCode, { timeout: 15_000 }).toBeLessThan(300);
  });

  it('closes sign-in (503 with Retry-After) within a second while Redis is gone', { timeout: 30_000 }, async () => {
    await cutProxy();
    try {
      const started = Date.now();
      const refused = await call(app, 'POST', '/api/auth/login', {
        body: { email: 'someone@example.test', password: 'a password' },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await openProxy();
    }
  });
});

describe('checkRedisReachable', () => {
  it('names the real cause of an unreachable Redis, and nothing for a reachable one', async () => {
    expect(await checkRedisReachable('redis://127.0.0.1:9')).toMatch(/ECONNREFUSED 127\.0\.0\.1:9/);
    expect(await checkRedisReachable('redis://127.0.0.1:6379')).toBeNull();
  });
});
