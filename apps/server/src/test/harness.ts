import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app.ts';
import type { AppDeps } from '../app-deps.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { seedLookups } from '../db/seed/lookups.ts';
import { csrfHeader, csrfHeaderValue } from '../platform/security.ts';
import { localStorage } from '../platform/storage.ts';
import { startTracing, type Tracing } from '../platform/tracing.ts';
import { createTestDatabase } from './database.ts';

/** A clock the test moves by hand. */
export function testClock(start = new Date('2026-11-22T15:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export interface TestContext {
  app: App;
  deps: AppDeps;
  database: DatabaseHandle;
  clock: ReturnType<typeof testClock>;
  /** Started as main.ts starts it: only when the overrides set OTEL_EXPORTER_OTLP_ENDPOINT. */
  tracing: Tracing | null;
}

/** One real database and app per test file, built in beforeAll and closed in afterAll. */
export function useTestApp(overrides: Partial<Record<string, string>> = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const clock = testClock();
    // Every injected request comes from one address: a test file signs in far more often than one school does.
    const config = loadConfig({
      PUBLIC_URL: 'http://portal.test',
      LOG_LEVEL: 'silent',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '100000',
      // A developer's own collector in the environment does not receive every test's spans.
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      ...overrides,
    });
    const deps: AppDeps = {
      config,
      db: database.db,
      clock,
      storage: localStorage(mkdtempSync(path.join(tmpdir(), 'portal-files-'))),
    };
    await seedLookups(database.db, clock());
    const tracing = await startTracing(config.tracing);
    Object.assign(context, { app: await buildApp(deps, { tracing }), deps, database, clock, tracing });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    await context.tracing?.shutdown();
  });
  return context;
}

export interface Caller {
  cookie?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as the browser does: session cookie and CSRF header included. */
export function call(
  app: App,
  method: Method,
  url: string,
  options: { caller?: Caller; body?: unknown; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(method === 'GET' ? {} : { [csrfHeader]: csrfHeaderValue }),
      ...(options.caller?.cookie ? { cookie: options.caller.cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

export function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [header];
  const session = cookies.find((c): c is string => typeof c === 'string' && c.startsWith('portal_session='));
  if (!session) throw new Error('no session cookie was set');
  return session.split(';')[0] ?? '';
}

export async function signIn(app: App, email: string, password: string): Promise<Caller> {
  const response = await call(app, 'POST', '/api/auth/login', { body: { email, password } });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed for ${email}: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieOf(response) };
}
