// A mixed load of members against the built app on PostgreSQL, then the invariants (issue 26).
//
//   npm run bench:load                                  builds, then 20 members for 2 minutes
//   LOAD_MEMBERS=20 LOAD_MINUTES=5 npm run bench:load   the five-minute run
//   node --import tsx bench/load.mjs                    without building (apps/server/dist and apps/web/dist must exist)
//
// A fresh PostgreSQL database (on the server DATABASE_URL names, default the local one; dropped afterwards) gets the
// fixture of lib/load-fixture.mjs: LOAD_MEMBERS schools, each with its signed-in owner (a simulated member) and six
// staff, four conference days (2 groupings × 3 sections of LOAD_SECTION_SEATS seats, twice that a grouping) and three
// series events (twice that), and a coupon of 25 uses. LOAD_SECTION_SEATS defaults to 30 × members × minutes / 40: 30
// for 20 members and 2 minutes, so that a run of any length sells out about as far into it. The built server (`npm
// start`'s, apps/server/dist) runs on it in its own process, demo card provider, no demo accounts; LOAD_PORT sets its
// port (else a free one). Each member then runs journeys
// (lib/load-client.mjs: browse, buy by card, buy by purchase order, allocate, read their own pages, cancel a ticket, join
// a sold-out section's waiting list and buy its offer; some checkouts are left unfinished and then paid now or
// discarded, a discard double-clicked) one after another
// for LOAD_MINUTES, LOAD_THINK_MS (100) average pause between two. The seats sell out during a run: then buyers race
// for the seats declined payments and cancelled purchase orders give back, and are refused (409) when there are none.
// Afterwards (the app stopped) the invariants of lib/invariants.mjs run on the database and must all be 0, and every
// write the members saw acknowledged must be there.
//
// Prints and writes bench/results/load.json:
//   { "measuredAt": ISO date, "members": number, "minutes": number, "thinkMs": number, "sectionSeats": number,
//     "seconds": number,
//     "requests": number, "requestsPerSecond": number, "statuses": { "<status>": number }, "errors5xx": number,
//     "serverCpuMsPerRequest": number,
//     "actions": [ { "action": string, "requests": number, "statuses": {…}, "p50Ms", "p95Ms", "p99Ms": number } ],
//     "journeys": { "<journey>": number }, "acknowledged": { "<kind>": number },
//     "invariants": [ { "name": string, "rule": string, "violations": number, "sample": [row…] } ],
//     "violations": number, "goal": { "errors5xx": 0, "violations": 0, "met": boolean } }
// Reports only: exits 0, saying loudly when an invariant is not 0.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { processCpuMs, startApp } from './lib/app-server.mjs';
import { checkAcknowledged, checkInvariants, checkStoredFiles, reportInvariants } from './lib/invariants.mjs';
import { createStats, printStats, runMembers, serverErrors } from './lib/load-client.mjs';
import { appSettings, createLoadFixture } from './lib/load-fixture.mjs';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const { createBenchDatabase } = await import('./lib/bench-database.mjs');

const members = Number(process.env.LOAD_MEMBERS ?? 20);
const minutes = Number(process.env.LOAD_MINUTES ?? 2);
const thinkMs = Number(process.env.LOAD_THINK_MS ?? 100);
// Seats grow with members × minutes, so a longer or larger run sells out about as far into it (30 at 20 × 2).
const sectionSeats = Number(process.env.LOAD_SECTION_SEATS ?? Math.max(10, Math.round((30 * members * minutes) / 40)));
const resultFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'results', 'load.json');

async function main() {
  const database = await createBenchDatabase();
  if (!database.url) {
    await database.close();
    throw new Error('bench:load needs PostgreSQL (DATABASE_URL)');
  }
  let app = null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-load-'));
  try {
    const fixture = await createLoadFixture(database.db, { members, sectionSeats });
    app = await startApp({
      built: true,
      databaseUrl: database.url,
      dataDir,
      port: process.env.LOAD_PORT ? Number(process.env.LOAD_PORT) : undefined,
      env: appSettings,
    });
    console.log(`${members} members for ${minutes} min against ${app.url} (built app, PostgreSQL)…`);
    const stats = createStats();
    const cpuBefore = processCpuMs(app.pid);
    const started = performance.now();
    const deadline = Date.now() + minutes * 60_000;
    const { acks, journeysRun } = await runMembers({
      baseUrl: app.url,
      ...fixture,
      running: () => Date.now() < deadline,
      stats,
      thinkMs,
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = processCpuMs(app.pid) - cpuBefore;
    await app.stop();
    app = null;

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const invariants = [
      ...(await checkInvariants(client)),
      ...(await checkStoredFiles(client, path.join(dataDir, 'files'))),
      ...(await checkAcknowledged(client, acks)),
    ];
    await client.end();

    const summary = stats.summary();
    const errors5xx = serverErrors(summary.statuses);
    console.log(
      `\n${summary.requests} requests in ${seconds.toFixed(0)} s (${(summary.requests / seconds).toFixed(0)}/s), app CPU ${(cpuMs / summary.requests).toFixed(2)} ms a request`,
    );
    printStats(summary);
    console.log('Journeys:', journeysRun);
    const violations = reportInvariants('Invariants (each must be 0):', invariants);
    const met = errors5xx === 0 && violations === 0;
    console.log(`\nGoal (no 5xx, every invariant 0): ${met ? 'met' : 'NOT met'}.`);

    mkdirSync(path.dirname(resultFile), { recursive: true });
    writeFileSync(
      resultFile,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          members,
          minutes,
          thinkMs,
          sectionSeats,
          seconds: Math.round(seconds),
          requests: summary.requests,
          requestsPerSecond: Math.round(summary.requests / seconds),
          statuses: summary.statuses,
          errors5xx,
          serverCpuMsPerRequest: Math.round((cpuMs / summary.requests) * 100) / 100,
          actions: summary.actions,
          journeys: journeysRun,
          acknowledged: Object.fromEntries(Object.entries(acks).map(([kind, list]) => [kind, list.length])),
          invariants,
          violations,
          goal: { errors5xx: 0, violations: 0, met },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Written: ${path.relative(process.cwd(), resultFile)}`);
  } finally {
    await app?.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error('bench:load failed:', error);
}
process.exit(0);
