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
    client.pipe(upstream).pipe(client);
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
    expect(Date.now() - started).toBeLessThan(10_000);

    await openProxy();
    await expect.poll(async () => (await forgotPassword()).statusCode, { timeout: 15_000 }).toBeLessThan(300);
  });
});

describe('checkRedisReachable', () => {
  it('names the real cause of an unreachable Redis, and nothing for a reachable one', async () => {
    expect(await checkRedisReachable('redis://127.0.0.1:9')).toMatch(/ECONNREFUSED 127\.0\.0\.1:9/);
    expect(await checkRedisReachable('redis://127.0.0.1:6379')).toBeNull();
  });
});
