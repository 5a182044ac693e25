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

async function appOn(
  url: string,
  timeouts = { connectTimeoutMs: 300, statementTimeoutMs: 1_000 },
  settings: Record<string, string> = {},
): Promise<App> {
  const handle = openPostgres(url, timeouts);
  handles.push(handle);
  const app = await buildApp({
    config: loadConfig({ PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'silent', ...settings }),
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

/**
 * A server that speaks just enough of PostgreSQL's protocol to let a client in, after `delayMs`
 * (authentication ok, ready for query), then never answers a statement: a database that is slow to
 * connect to and hung once connected.
 */
async function slowThenHungDatabase(delayMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.once('data', () => {
      const authenticationOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      setTimeout(() => socket.write(Buffer.concat([authenticationOk, readyForQuery])), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `postgres://postgres@127.0.0.1:${address.port}/portal`,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('one database budget per request', () => {
  it('a request slow to get its connection and then hung answers 503 when the budget is spent, not connect + statement later', async () => {
    // Each wait alone is within its own limit (600 ms of an 800 ms connect timeout, then a statement
    // with 800 ms), together past the request's 1 s.
    const database = await slowThenHungDatabase(600);
    try {
      const app = await appOn(
        database.url,
        { connectTimeoutMs: 800, statementTimeoutMs: 800 },
        { DATABASE_REQUEST_TIMEOUT_MS: '1000' },
      );
      const started = Date.now();
      const response = await call(app, 'GET', '/api/catalogue/events', {
        caller: { cookie: 'portal_session=a-session-the-database-would-know' },
      });
      const took = Date.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ status: 503, detail: temporarilyUnavailableMessage });
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(1_400);
    } finally {
      await database.close();
    }
  });
});
