// kill -9 of the app under write load, again and again, then the invariants and the acknowledged writes (issue 26).
//
//   npm run bench:crash                     builds, then 20 kills under 10 buyers (about 2 minutes)
//   CRASH_KILLS=5 CRASH_BUYERS=4 node --import tsx bench/crash.mjs   fewer, without building
//
// The database and fixture are bench:load's (lib/load-fixture.mjs, 60 seats a section so the seats last the run) on a
// fresh PostgreSQL database (DATABASE_URL, default the local server; dropped afterwards). The built server runs in a
// child process on a port of its own (CRASH_PORT, else a free one) and a file folder that outlives it. CRASH_BUYERS
// members (lib/load-client.mjs) buy without pause: by card (paid, sometimes declined), by purchase order (the PDF
// uploaded), hand paid tickets to their staff and cancel tickets not handed out yet (refunded). Every
// CRASH_INTERVAL_MS (1,500–4,000 ms, at random) the server is killed with SIGKILL (no shutdown: requests in flight,
// transactions open) and started again on the same port and database; a request that got no answer is sent again
// once the app answers, with the same body and Idempotency-Key, as a browser would retry it. After CRASH_KILLS kills
// and a last stretch of load, the app is stopped and
//   - every invariant of lib/invariants.mjs must be 0 (nothing oversold, counters = the seats held, totals = their
//     items, no seats held by dead payments, receipts numbered without gaps, every purchase order's file stored…);
//   - no acknowledged write is lost: every checkout answered 201, payment answered paid or declined, purchase order
//     answered 201 and allocation answered 200 is in the database as answered.
// The goal also wants no 5xx but 503 (what an app going away may answer); a request cut by a kill counts by the answer
// to its last sending (and once as 'sent again').
//
// Prints and writes bench/results/crash.json:
//   { "measuredAt": ISO date, "kills": number, "buyers": number, "seconds": number, "requests": number,
//     "statuses": { "<status>" | "no answer": number } (each request's final answer), "cutByKill": number (requests
//     that got no answer and were sent again), "errors5xx": number (503 left out),
//     "restartMs": { "median": number, "max": number }, "actions": [ as load.json's ], "journeys": {…},
//     "acknowledged": { "<kind>": number }, "invariants": [ as load.json's ], "violations": number,
//     "goal": { "errors5xx": 0, "violations": 0, "met": boolean } }
// Reports only: exits 0, saying loudly when an invariant is not 0.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, median, startApp } from './lib/app-server.mjs';
import { checkAcknowledged, checkInvariants, checkStoredFiles, reportInvariants } from './lib/invariants.mjs';
import { createStats, printStats, runMembers, serverErrors } from './lib/load-client.mjs';
import { appSettings, createLoadFixture } from './lib/load-fixture.mjs';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const { createBenchDatabase } = await import('./lib/bench-database.mjs');

const kills = Number(process.env.CRASH_KILLS ?? 20);
const buyers = Number(process.env.CRASH_BUYERS ?? 10);
const [minInterval, maxInterval] = (process.env.CRASH_INTERVAL_MS ?? '1500-4000').split('-').map(Number);
const mix = { card: 45, purchaseOrder: 20, allocate: 20, cancel: 10, waitingList: 5 };
const resultFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'results', 'crash.json');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const database = await createBenchDatabase();
  if (!database.url) {
    await database.close();
    throw new Error('bench:crash needs PostgreSQL (DATABASE_URL)');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  const port = process.env.CRASH_PORT ? Number(process.env.CRASH_PORT) : await freePort();
  const start = () => startApp({ built: true, databaseUrl: database.url, port, dataDir, env: appSettings });
  let app = null;
  try {
    const fixture = await createLoadFixture(database.db, { members: buyers, sectionSeats: 60 });
    app = await start();
    console.log(`${kills} × kill -9 of the built app under ${buyers} buyers (${app.url}, PostgreSQL)…`);

    // While the app is down, requests that got no answer wait here for it to answer again.
    let running = true;
    let up = Promise.resolve(true);
    const stats = createStats();
    const started = performance.now();
    const members = runMembers({
      baseUrl: app.url,
      ...fixture,
      mix,
      thinkMs: 0,
      running: () => running,
      stats,
      retry: { appUp: () => up },
    });

    const restarts = [];
    for (let kill = 1; kill <= kills; kill += 1) {
      await sleep(minInterval + Math.random() * (maxInterval - minInterval));
      let back;
      up = new Promise((resolve) => {
        back = resolve;
      });
      const killedAt = performance.now();
      await app.kill();
      app = await start();
      restarts.push(performance.now() - killedAt);
      back(true);
      process.stdout.write(`kill ${kill}: back in ${Math.round(restarts.at(-1))} ms\n`);
    }
    await sleep(maxInterval);
    running = false;
    const { acks, journeysRun } = await members;
    const seconds = (performance.now() - started) / 1000;
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
    const errors5xx = serverErrors(summary.statuses, ['503']);
    console.log(
      `\n${summary.requests} requests in ${seconds.toFixed(0)} s, ${kills} kills; ${summary.cut} cut by a kill and sent again`,
    );
    console.log(
      `Restart (kill to the app answering /api/health): median ${Math.round(median(restarts))} ms, max ${Math.round(Math.max(...restarts))} ms`,
    );
    printStats(summary);
    console.log('Journeys:', journeysRun);
    const violations = reportInvariants('Invariants after the kills (each must be 0):', invariants);
    const met = errors5xx === 0 && violations === 0;
    console.log(`\nGoal (no 5xx but 503, every invariant 0, no acknowledged write lost): ${met ? 'met' : 'NOT met'}.`);

    mkdirSync(path.dirname(resultFile), { recursive: true });
    writeFileSync(
      resultFile,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          kills,
          buyers,
          seconds: Math.round(seconds),
          requests: summary.requests,
          statuses: summary.statuses,
          cutByKill: summary.cut,
          errors5xx,
          restartMs: { median: Math.round(median(restarts)), max: Math.round(Math.max(...restarts)) },
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
  console.error('bench:crash failed:', error);
}
process.exit(0);
