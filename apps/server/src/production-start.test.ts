import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { openPglite } from './db/client.ts';
import { csrfHeader, csrfHeaderValue } from './platform/security.ts';
import { createUser, testPassword } from './test/factories.ts';

/**
 * The real entry point, started as an operator would in production: each development part is
 * refused at start-up, and a valid production start serves none of them.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainEntry = path.join(repoRoot, 'apps/server/src/main.ts');

/**
 * The environment of a production start, built from nothing: no variable of the test run (such as
 * DATABASE_URL or a payment key) can switch a part on. Node is started by its full path.
 */
function productionEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SELLER_LEGAL_NAME: 'Provider Learning, Inc.',
    SELLER_ADDRESS: '1 Test Way | Albany, NY 12207',
    SELLER_TAX_ID: '12-3456789',
    SELLER_REMITTANCE: 'Checks to Provider Learning, Inc. | ACH routing 011000015, account 123456789',
    ...overrides,
  };
}

function startServer(env: NodeJS.ProcessEnv): {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', mainEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => ({ stdout, stderr }), exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

describe.concurrent('production start-up refuses development parts', () => {
  it.each([
    ['PAYMENT_PROVIDER', 'demo', 'PAYMENT_PROVIDER: demo is refused in production'],
    ['DEV_MAILBOX', 'true', 'DEV_MAILBOX: refused in production'],
    ['SEED_DEMO', 'true', 'SEED_DEMO: refused in production'],
    ['ENCRYPTION_KEY', '', 'ENCRYPTION_KEY: required in production'],
    ['SELLER_TAX_ID', '', 'SELLER_TAX_ID: required in production'],
  ])('exits non-zero with %s=%s, saying why on stderr', async (name, value, message) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-production-'));
    try {
      const env = productionEnvironment({ DATA_DIR: dataDir, PORT: '0', [name]: value });
      if (value === '') delete env[name];
      const server = startServer(env);
      // A start that is not refused keeps running: stop it, so the test fails instead of waiting.
      const stillRunning = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
      const code = await server.exited;
      clearTimeout(stillRunning);
      expect(code).not.toBe(0);
      expect(server.output().stderr).toContain('Invalid configuration:');
      expect(server.output().stderr).toContain(message);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a start with Redis out of reach', () => {
  it('stops before touching the database, naming the cause in one line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-no-redis-'));
    try {
      const server = startServer(
        productionEnvironment({ DATA_DIR: dataDir, PORT: '0', REDIS_URL: 'redis://127.0.0.1:9' }),
      );
      const stillRunning = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
      const code = await server.exited;
      clearTimeout(stillRunning);
      expect(code).toBe(1);
      const { stderr } = server.output();
      expect(stderr.trim().split('\n')).toEqual([
        'REDIS_URL: Redis is not reachable (connect ECONNREFUSED 127.0.0.1:9). Start it, or correct REDIS_URL.',
      ]);
      // Nothing was migrated or seeded: the embedded database was never created.
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a valid production start', () => {
  let dataDir = '';
  let baseUrl = '';
  let server: ReturnType<typeof startServer>;
  let memberEmail = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-production-'));
    // A production database is never seeded: the one member is written before the server opens it.
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.migrate();
    memberEmail = (await createUser(database.db)).email;
    await database.close();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = startServer(productionEnvironment({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: baseUrl }));
    const deadline = Date.now() + 50_000;
    for (;;) {
      const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
      if (health?.status === 200) break;
      if (server.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the production server did not start:\n${server.output().stderr}${server.output().stdout}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, body: unknown, cookie?: string) =>
    fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [csrfHeader]: csrfHeaderValue, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('answers its health check and prints no demo sign-ins nor a mailbox', async () => {
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    expect(server.output().stdout).not.toContain('Demo sign-ins');
    expect(server.output().stdout).not.toContain('mailbox');
  });

  it('serves no development route, nor the page of one', async () => {
    expect((await fetch(`${baseUrl}/api/dev/mailbox`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/dev/mailbox`)).status).toBe(404);
    const journeyData = { people: [{ copyOf: memberEmail, firstName: 'Jo', lastName: 'Journey' }] };
    expect((await post('/api/dev/journey-data', journeyData)).status).toBe(404);
    const offer = '/api/dev/journey-data/waiting-list-offers/00000000-0000-4000-8000-000000000000/run-out';
    expect((await post(offer, {})).status).toBe(404);
    expect((await fetch(`${baseUrl}/members/event-cart/checkout/demo-pay`)).status).toBe(404);
    expect((await post('/api/payments/demo/00000000-0000-4000-8000-000000000000', { outcome: 'succeed' })).status).toBe(
      404,
    );
    expect((await post('/api/payments/demo/webhook', { id: 'evt', outcome: 'succeed' })).status).toBe(404);
  });

  it('has no demo accounts', async () => {
    const login = await post('/api/auth/login', { email: 'staff@demo.test', password: 'demo-password' });
    expect(login.status).toBe(401);
  });

  it('says card payment is unavailable, and why, to a signed-in member only', async () => {
    expect((await fetch(`${baseUrl}/api/payments/options`)).status).toBe(401);
    const login = await post('/api/auth/login', { email: memberEmail, password: testPassword });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const options = await fetch(`${baseUrl}/api/payments/options`, { headers: { cookie } });
    expect(options.status).toBe(200);
    expect(await options.json()).toEqual({
      card: { available: false, unavailableReason: paymentMessages.cardUnavailable },
    });
  });

  it('documents no development route', async () => {
    const openApi = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openApi.paths).filter((route) => route.includes('/demo') || route.includes('/dev/'))).toEqual(
      [],
    );
  });
});
