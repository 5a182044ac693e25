// Throw-away PostgreSQL databases for the benchmarks that measure how reads grow with the data
// (scale, organization resources): each is created on the server DATABASE_URL names (default the
// local one), migrated, seeded with the lookups and the demo accounts, driven through the real app
// with app.inject, and dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './app-server.mjs';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.LOG_LEVEL = 'silent';

// The benchmarks drive the server's own app and seed, so they import server code; dynamically, so
// the settings above are in place before the server reads its configuration.
const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { seedDemo, demoPassword } = await import('../../apps/server/src/db/seed/demo.ts');
const { seedLookups } = await import('../../apps/server/src/db/seed/lookups.ts');
const { systemClock } = await import('../../apps/server/src/platform/clock.ts');
const { localStorage } = await import('../../apps/server/src/platform/storage.ts');
const { createBenchDatabase } = await import('./bench-database.mjs');

export const rows = (result) => result.rows;

/**
 * A fresh database with the lookups and the demo accounts, the app over it, sign-in of a demo
 * account (its cookie header), and close(), which drops the database and the app's file folder.
 * @param {string} benchmark named in the error when DATABASE_URL does not lead to PostgreSQL
 */
async function openScratchApp(benchmark) {
  const database = await createBenchDatabase();
  if (database.kind !== 'postgres') {
    await database.close();
    throw new Error(`${benchmark} needs PostgreSQL (DATABASE_URL)`);
  }
  const { db } = database;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
    PUBLIC_URL: 'http://portal.bench',
  });
  await seedLookups(db, systemClock());
  await seedDemo(db, config.publicUrl);
  const files = mkdtempSync(path.join(tmpdir(), 'portal-bench-files-'));
  const app = await buildApp({ config, db, clock: systemClock, storage: localStorage(files) });
  const signIn = async (email) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'portal', origin: config.publicUrl },
      payload: { email, password: demoPassword },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email}: ${response.statusCode} ${response.body}`);
    return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  };
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(files, { recursive: true, force: true });
  };
  return { db, app, signIn, close };
}

/**
 * Runs a benchmark over scratch databases, which `measure` opens with the function it is given, and
 * drops every one opened, whether it finished or failed. These benchmarks report only: a failure is
 * printed and the process always exits 0.
 * @param {string} benchmark
 * @param {(open: () => ReturnType<typeof openScratchApp>) => Promise<void>} measure
 */
export async function withScratchApps(benchmark, measure) {
  const opened = [];
  const open = async () => {
    const handle = await openScratchApp(benchmark);
    opened.push(handle);
    return handle;
  };
  try {
    await measure(open);
  } catch (error) {
    console.error(`${benchmark} failed:`, error);
  } finally {
    for (const handle of opened) await handle.close();
  }
  process.exit(0);
}

/** A GET through the app, with a session cookie, that must answer 200. */
export function caller(app, cookie, url) {
  return async () => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response;
  };
}

/**
 * Median milliseconds of two calls measured side by side: after a warm-up, `samples` rounds each
 * calling both, in alternating order, so load from anything else on the machine falls on both alike.
 * Both calls answer a page whose `total` is returned with the times.
 */
export async function sideBySide(small, large, samples) {
  for (let i = 0; i < 20; i += 1) {
    await small();
    await large();
  }
  const timings = { small: [], large: [] };
  const last = {};
  for (let i = 0; i < samples; i += 1) {
    for (const which of i % 2 ? ['small', 'large'] : ['large', 'small']) {
      const start = performance.now();
      last[which] = await (which === 'small' ? small : large)();
      timings[which].push(performance.now() - start);
    }
  }
  return {
    small: { ms: median(timings.small), total: last.small.json().total },
    large: { ms: median(timings.large), total: last.large.json().total },
  };
}
