// Three member reads served by the real app against a bare Fastify + pg server issuing the same SQL,
// loaded with autocannon side by side: the catalogue (GET /api/catalogue/events), the payments list
// (GET /api/event-payments) and a school's roster (GET /api/organizations/:id/roster), each as the
// demo OWNER of Lincoln Elementary sees it.
//
// The SQL is captured from the app itself: one request of each read through an in-process app over
// the same database, recording every statement node-postgres is given (text, parameters, row mode,
// prepared-statement name; statements issued while another was in flight form one concurrent
// group). The bare server (bench/lib/bare-server.mjs) replays exactly those, session lookup
// included, and answers the rows as JSON. Both run as their own process over a pool of 10 on a
// throw-away PostgreSQL database (DATABASE_URL, default the local server; dropped afterwards), and
// are measured in short turns (app, bare, app, bare: four of 4 s each) so load from anything else
// falls on both alike. Each server's CPU time per request is reported too: unlike requests/s, it
// hardly moves with what else the machine runs.
// The ratio is app requests/s over bare requests/s; the goal is >= 0.7. Writes
// bench/results/reads.json. Reports only: always exits 0.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { freePort, processCpuMs, repoRoot, signIn, startApp } from './lib/app-server.mjs';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.LOG_LEVEL = 'silent';

const { buildApp } = await import('../apps/server/src/app.ts');
const { loadConfig } = await import('../apps/server/src/config.ts');
const { localStorage } = await import('../apps/server/src/platform/storage.ts');
const { systemClock } = await import('../apps/server/src/platform/clock.ts');
const { createBenchDatabase } = await import('./lib/bench-database.mjs');

export const goal = 0.7;
const seconds = Number(process.env.READS_SECONDS ?? 4);
const rounds = Number(process.env.READS_ROUNDS ?? 4);
const connections = Number(process.env.READS_CONNECTIONS ?? 10);

/**
 * Every statement the app sends PostgreSQL while `capture.groups` is set, through its pool or a
 * connection it holds (a transaction), grouped: one sent while another is in flight joins its group.
 */
const capture = { groups: null, inFlight: 0 };
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  if (!capture.groups || typeof text !== 'string') return clientQuery.call(this, config, values, callback);
  if (typeof values === 'function') {
    callback = values;
    values = undefined;
  }
  const parameters = (typeof config === 'object' ? config.values : undefined) ?? values ?? [];
  const statement = { text, values: parameters.map((value) => (value instanceof Date ? value.toISOString() : value)) };
  if (config.rowMode) statement.rowMode = config.rowMode;
  if (config.name) statement.name = config.name;
  if (capture.inFlight === 0 || capture.groups.length === 0) capture.groups.push([]);
  capture.groups.at(-1).push(statement);
  capture.inFlight += 1;
  const done = () => {
    capture.inFlight -= 1;
  };
  if (callback) {
    return clientQuery.call(this, config, values, (...answer) => {
      done();
      callback(...answer);
    });
  }
  const result = clientQuery.call(this, config, values);
  result.then(done, done);
  return result;
};

function startBare(capturedFile, databaseUrl, port) {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'bench/lib/bare-server.mjs'), capturedFile, String(port)],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async ready() {
      for (let i = 0; i < 200; i += 1) {
        try {
          await fetch(`http://127.0.0.1:${port}/none`);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      throw new Error('the bare server did not start');
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Loads one server's read; besides requests/s, the server process's own CPU time per request, which
 * hardly depends on what else the machine runs (requests/s does).
 */
function load(url, headers, pid) {
  const cpuBefore = processCpuMs(pid);
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0)
        return reject(new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
      const cpuMsPerRequest = (processCpuMs(pid) - cpuBefore) / result.requests.total;
      resolve({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpuMsPerRequest,
      });
    });
  });
}

const database = await createBenchDatabase();
const stops = [];
const temporary = [];
try {
  if (database.kind !== 'postgres') throw new Error('bench:reads needs PostgreSQL (DATABASE_URL)');
  const { db } = database;
  const [{ name }] = (await db.execute(sql`select current_database() as name`)).rows;
  const databaseUrl = new URL(process.env.DATABASE_URL);
  databaseUrl.pathname = `/${name}`;

  // The real app, as `npm start` runs it (it migrates and seeds the demo data on start).
  const app = await startApp({ databaseUrl: databaseUrl.toString() });
  stops.push(app.stop);
  const cookie = await signIn(app.url, 'owner.lincoln@demo.test');
  const [{ lincoln, owner }] = (
    await db.execute(sql`select m.organization_id as lincoln, u.id as owner from organization_memberships m
      join users u on u.id = m.user_id where u.email = 'owner.lincoln@demo.test' and m.role = 'OWNER'`)
  ).rows;
  // A page of payments to list: the owner's and their school's.
  await db.execute(sql`
    insert into event_payments (user_id, organization_id, status, method, subtotal_cents, total_cents, seats_held, created_at)
    select ${owner}, ${lincoln}, 'PAID', 'CARD', 5000, 5000, false, now() - (g || ' hours')::interval
    from generate_series(1, 40) g`);
  await db.execute(sql`analyze`);

  const reads = {
    catalogue: '/api/catalogue/events',
    payments: '/api/event-payments',
    roster: `/api/organizations/${lincoln}/roster`,
  };

  // Capture each read's SQL through an in-process app over the same database, with the same session.
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: app.url });
  const files = mkdtempSync(path.join(tmpdir(), 'portal-bench-files-'));
  temporary.push(files);
  const inProcess = await buildApp({ config, db, clock: systemClock, storage: localStorage(files) });
  const captured = {};
  const expected = {};
  for (const [read, url] of Object.entries(reads)) {
    await inProcess.inject({ method: 'GET', url, headers: { cookie } });
    capture.groups = [];
    const response = await inProcess.inject({ method: 'GET', url, headers: { cookie } });
    captured[read] = capture.groups;
    capture.groups = null;
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    expected[read] = response.json();
  }
  await inProcess.close();
  const sqlDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-sql-'));
  temporary.push(sqlDir);
  const capturedFile = path.join(sqlDir, 'captured.json');
  writeFileSync(capturedFile, JSON.stringify(captured));

  const bare = startBare(capturedFile, databaseUrl.toString(), await freePort());
  stops.push(bare.stop);
  await bare.ready();

  const results = [];
  for (const [read, url] of Object.entries(reads)) {
    const appUrl = `${app.url}${url}`;
    const bareUrl = `${bare.url}/${read}`;
    // Both answer, and the app's answer holds what the page shows.
    const check = await fetch(appUrl, { headers: { cookie } });
    if (!check.ok) throw new Error(`${appUrl} answered ${check.status}`);
    const items = expected[read].items?.length ?? 0;
    await load(appUrl, { cookie }, app.pid);
    await load(bareUrl, {}, bare.pid);
    const appRuns = [];
    const bareRuns = [];
    for (let round = 0; round < rounds; round += 1) {
      appRuns.push(await load(appUrl, { cookie }, app.pid));
      bareRuns.push(await load(bareUrl, {}, bare.pid));
    }
    const mean = (runs, key) => runs.reduce((sum, run) => sum + run[key], 0) / runs.length;
    const statements = captured[read].flat().length;
    results.push({
      read,
      url,
      items,
      statements,
      app: {
        requestsPerSecond: mean(appRuns, 'requestsPerSecond'),
        p50: mean(appRuns, 'p50'),
        p99: mean(appRuns, 'p99'),
        cpuMsPerRequest: mean(appRuns, 'cpuMsPerRequest'),
      },
      bare: {
        requestsPerSecond: mean(bareRuns, 'requestsPerSecond'),
        p50: mean(bareRuns, 'p50'),
        p99: mean(bareRuns, 'p99'),
        cpuMsPerRequest: mean(bareRuns, 'cpuMsPerRequest'),
      },
    });
  }
  for (const row of results) row.ratio = row.app.requestsPerSecond / row.bare.requestsPerSecond;

  console.log(
    `autocannon, ${connections} connections, ${rounds} x ${seconds} s per server and read, in turns; app vs bare Fastify + pg running the same SQL:`,
  );
  for (const row of results) {
    console.log(
      `  ${`${row.read} (${row.url.replace(/[0-9a-f-]{36}/, ':id')}, ${row.items} rows, ${row.statements} statements)`.padEnd(72)} ` +
        `app ${row.app.requestsPerSecond.toFixed(0).padStart(5)} req/s (p50 ${row.app.p50} ms)  bare ${row.bare.requestsPerSecond.toFixed(0).padStart(5)} req/s (p50 ${row.bare.p50} ms)  ` +
        `${row.ratio.toFixed(2)}x  (goal >= ${goal}) ${row.ratio >= goal ? 'met' : 'NOT MET'}  ` +
        `CPU per request: app ${row.app.cpuMsPerRequest.toFixed(2)} ms, bare ${row.bare.cpuMsPerRequest.toFixed(2)} ms`,
    );
  }
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'reads.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), connections, seconds, rounds, goal, results }, null, 2)}\n`,
  );
} catch (error) {
  console.error('Reads benchmark failed:', error);
} finally {
  for (const stop of stops.reverse()) await stop();
  await database.close();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
