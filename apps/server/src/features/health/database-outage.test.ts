import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporarilyUnavailableMessage } from '@portal/domain/problems/messages.ts';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openPostgres, type DatabaseHandle } from '../../db/client.ts';
import { localStorage } from '../../platform/storage.ts';
import { call } from '../../test/harness.ts';

/**
 * The portal on a database it cannot reach: a port where nothing listens (a stopped server) and a
 * server that takes the connection and never answers (a hung host). Every route answers 503 with
 * Retry-After in bounded time; the liveness probe still answers.
 */

let silent: Server;
const sockets = new Set<Socket>();
const handles: DatabaseHandle[] = [];
const apps: App[] = [];

async function appOn(url: string): Promise<App> {
  const handle = openPostgres(url, { connectTimeoutMs: 300, statementTimeoutMs: 1_000 });
  handles.push(handle);
  const app = await buildApp({
    config: loadConfig({ PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'silent' }),
    db: handle.db,
    clock: () => new Date(),
    storage: localStorage(mkdtempSync(path.join(tmpdir(), 'portal-outage-'))),
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close().catch(() => undefined);
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const silentUrl = () => {
  const address = silent.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `postgres://postgres@127.0.0.1:${address.port}/portal`;
};

describe.each([
  // Port 9 (discard) has no listener on these machines: the connection is refused at once.
  ['stopped', () => 'postgres://postgres@127.0.0.1:9/portal'],
  ['hung', silentUrl],
])('with the database %s', (_, url) => {
  let app: App;
  beforeAll(async () => {
    app = await appOn(url());
  });

  it.each([
    ['GET', '/api/health/ready'],
    ['GET', '/api/health'],
    ['GET', '/api/catalogue/events'],
    ['POST', '/api/auth/login'],
  ] as const)('%s %s answers 503 with Retry-After, soon', async (method, route) => {
    const started = Date.now();
    // A session cookie makes the signed-in route look its session up in the database.
    const response = await call(app, method, route, {
      caller: { cookie: 'portal_session=a-session-the-database-would-know' },
      body: method === 'POST' ? { email: 'someone@example.test', password: 'a password' } : undefined,
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 503, detail: temporarilyUnavailableMessage });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('still answers the liveness probe', async () => {
    const response = await call(app, 'GET', '/api/health/live');
    expect(response.statusCode).toBe(200);
  });
});
