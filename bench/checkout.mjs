// Checkout throughput through real HTTP, against a raw reservation loop on the same database in the same run.
//
//   npm run bench:checkout                                    PGlite only (in memory)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:checkout
//                                                             PostgreSQL (a fresh database, dropped afterwards), then
// PGlite
//   BENCH_PURCHASES=300 (seats per row, a quarter at concurrency 1), BENCH_ROUNDS=3, BENCH_ONLY=postgres|pglite,
// BENCH_LEVELS=1,8,32,
//   BENCH_MODES=checkout,full,two-instances (raw always runs),
//   BENCH_PROFILE=checkout|full|raw|pg: the V8 CPU profile of this process's main thread (the servers and the
// driver) over each measured round of that mode, one .cpuprofile a round in BENCH_PROFILE_DIR (default: a new
// folder in the system's temporary one), so that neither tsx's loader nor the fixtures' inserts are in it
//
// Each row sells one fresh conference-day section (a section inside a grouping, as the catalogue
// sells them) of `capacity` seats, one ticket per buyer, to capacity + 10 % distinct signed-in
// buyers, `concurrency` of them in flight at a time, over keep-alive HTTP to an app listening on a
// loopback port (buildApp + listen in this process; the buyers run in a worker thread,
// checkout-client.mjs, so their work does not queue in the servers' event loop). Modes:
//   raw       the baseline: a bare Fastify route (no app plugins, no session) that runs, on the same
//             connection pool, BEGIN; UPDATE event_sections SET tickets_taken = tickets_taken + 1
//             WHERE id = $1 AND tickets_taken + 1 <= max_tickets; INSERT INTO event_payments (one
//             row); COMMIT — the least a reservation can do. HTTP and JSON are in both.
//   pg        the database's limit: the same transaction as raw, called directly on the pool from
//             `concurrency` loops in this process (no HTTP, no JSON); every row also has its ratio to it.
//   checkout  POST /api/checkout (CARD, demo provider), the cart filled beforehand in the database.
//   full      POST /api/cart/items, POST /api/checkout, POST /api/payments/demo/:id (succeed).
//   two-instances (PostgreSQL only) checkout through two apps, each with its own pool, on one
//             database; buyers alternate between them. With REDIS_URL, afterwards: does the sign-in
//             limit of one account count across both (the attempt past the limit answers 429)?
// A purchase's latency is from its first request's start to its last answer. tickets/s counts the
// tickets sold; ratio = tickets/s of the mode / tickets/s of raw at the same concurrency and
// database. oversold = seats counted past capacity, or counted seats that differ from the tickets
// of payments holding seats (both must be 0). statements/purchase (PostgreSQL) counts every query
// the pool's clients send, BEGIN and COMMIT included, sign-in lookups included, divided by buyers; trips/purchase
// the round trips they took (a BEGIN written with its transaction's first read is one with it).
// node cpu ms is this process's CPU time (buyers' thread, servers and driver together) per buyer: unlike the
// rates it hardly depends on what else the machine is running.
//
// bench/results/checkout.json:
//   { "generatedAt": ISO date, "purchases": number,
//     "rows": [ { "database": "postgres" | "pglite", "mode": "raw" | "checkout" | "full" | "two-instances",
//                 "concurrency": number, "buyers": number, "capacity": number, "sold": number, "refused": number,
//                 "failed": number, "oversold": number, "ticketsPerSecond": number, "p50Ms": number, "p99Ms": number,
//                 "ratio": number, "ratioToPg": number, "statementsPerPurchase": number | null,
//                 "roundTripsPerPurchase": number | null, "nodeCpuMsPerPurchase": number } ],
//     "loginLimitAcrossInstances": boolean | null (null: not checked, needs REDIS_URL and DATABASE_URL),
//     "goal": { "concurrency": [8, 32], "minRatio": 0.5, "maxP99MsAt8": 50, "met": boolean },
//     "pgGoal": { "checkout": { "concurrency": [8, 32], "minRatio": 0.6 }, "full": { "concurrency": [8], "minRatio": 0.3 },
//                 "maxP99MsAt8": 50, "met": boolean | null } }
//   ratioToPgRounds: { min, median, max } of each round's own ratio to the direct loop of that round; pgGoal is
//   judged on the median (the ratio moves with the host's load).
// Reports only: exits 0 unless it cannot run.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Session } from 'node:inspector/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
// The benchmark drives the server's own app and schema, so it imports server code.
/* eslint-disable no-restricted-imports */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import {
  cartItems,
  eventGroupings,
  eventPaths,
  events,
  eventSections,
  eventTicketTypes,
} from '../apps/server/src/db/schema/commerce.ts';
import { sessions, users } from '../apps/server/src/db/schema/users.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { csrfHeader, csrfHeaderValue } from '../apps/server/src/platform/security.ts';
import { sessionCookie } from '../apps/server/src/platform/sessions.ts';
import { localStorage } from '../apps/server/src/platform/storage.ts';
import { newSecret } from '../apps/server/src/platform/tokens.ts';
/* eslint-enable no-restricted-imports */

const purchases = Number(process.env.BENCH_PURCHASES ?? 300);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const levels = (process.env.BENCH_LEVELS ?? '1,8,32').split(',').map(Number);
const modes = (process.env.BENCH_MODES ?? 'checkout,full,two-instances').split(',');
const goal = { concurrency: [8, 32], minRatio: 0.5, maxP99MsAt8: 50 };
/** Against the direct loop (issue 37): checkout at 8 and 32 buyers, the full purchase at 8; the median round. */
const pgGoal = {
  checkout: { concurrency: [8, 32], minRatio: 0.6 },
  full: { concurrency: [8], minRatio: 0.3 },
  maxP99MsAt8: 50,
};
const profiled = process.env.BENCH_PROFILE ?? null;
const profileDir = profiled
  ? (process.env.BENCH_PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), 'bench-profile-')))
  : null;
let profiler = null;
let profileRounds = 0;

/** Runs `work` under the V8 profiler and writes its profile (BENCH_PROFILE): one file per measured round. */
async function underProfiler(label, work) {
  if (!profiler) {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  }
  await profiler.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await profiler.post('Profiler.stop');
    profileRounds += 1;
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(path.join(profileDir, `${label}-${profileRounds}.cpuprofile`), JSON.stringify(profile));
  }
}
const resultFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'results', 'checkout.json');

// Every query any pg client sends (pool.query goes through Client.prototype.query too), and the round trips they
// take: a statement sent while none of its client's is unanswered starts one; one written behind an unanswered one
// (a pipelined BEGIN and its first read, docs/decisions/0229) rides on it.
let statements = 0;
let roundTrips = 0;
const unanswered = new WeakMap();
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  const pending = unanswered.get(this) ?? 0;
  if (pending === 0) roundTrips += 1;
  unanswered.set(this, pending + 1);
  const answered = () => unanswered.set(this, unanswered.get(this) - 1);
  const callback = args.findIndex((arg) => typeof arg === 'function');
  if (callback >= 0) {
    const given = args[callback];
    args[callback] = (...results) => {
      answered();
      return given(...results);
    };
    return clientQuery.apply(this, args);
  }
  const result = clientQuery.apply(this, args);
  result?.then?.(answered, answered);
  return result;
};

const client = new Worker(new URL('./checkout-client.mjs', import.meta.url));
const csrf = { [csrfHeader]: csrfHeaderValue };

let pending = null;
client.on('message', (answer) => pending?.resolve(answer));
client.on('error', (error) => pending?.reject(error));

/** Hands a job to the buyers' worker (checkout-client.mjs) and waits for its answer; one job at a time. */
function inClient(job) {
  return new Promise((resolve, reject) => {
    pending = { resolve, reject };
    client.postMessage({ ...job, csrf });
  });
}

async function createSection(db, capacity) {
  const [event] = await db
    .insert(events)
    .values({
      name: `Bench ${randomUUID().slice(0, 8)}`,
      kind: 'CONFERENCE_DAY',
      published: true,
      startDate: '2099-01-10',
      endDate: '2099-01-10',
    })
    .returning();
  const [ticketType] = await db
    .insert(eventTicketTypes)
    .values({ eventId: event.id, name: 'Day', priceCents: 14_900 })
    .returning();
  const [pathRow] = await db.insert(eventPaths).values({ eventId: event.id, name: 'first-year' }).returning();
  const [grouping] = await db.insert(eventGroupings).values({ pathId: pathRow.id, name: 'Morning' }).returning();
  const [section] = await db
    .insert(eventSections)
    .values({ eventId: event.id, groupingId: grouping.id, title: 'Bench section', maxTickets: capacity })
    .returning();
  return { event, ticketType, section };
}

/** Buyers with a session each (and, with `cartOf`, one ticket of the section in their cart), written in bulk. */
async function createBuyers(db, count, cartOf) {
  const tag = randomUUID().slice(0, 8);
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `buyer-${tag}-${i}@bench.test`,
        firstName: 'Bench',
        lastName: `Buyer ${i}`,
      })),
    )
    .returning({ id: users.id });
  const secrets = created.map(() => newSecret());
  const expiresAt = new Date(Date.now() + 3600_000);
  await db
    .insert(sessions)
    .values(created.map((user, i) => ({ userId: user.id, tokenHash: secrets[i].hash, expiresAt })));
  if (cartOf) {
    await db.insert(cartItems).values(
      created.map((user) => ({
        userId: user.id,
        eventId: cartOf.event.id,
        sectionId: cartOf.section.id,
        ticketTypeId: cartOf.ticketType.id,
        numberOfTickets: 1,
      })),
    );
  }
  return created.map((user, i) => ({ id: user.id, cookie: `${sessionCookie}=${secrets[i].secret}` }));
}

/**
 * What the section counts against what payments hold: both must stay within capacity and agree. The
 * raw loop's payments have no items: there every payment of the row's buyers is one seat.
 */
async function oversoldOf(db, target, capacity, buyers, raw) {
  const [row] = await db
    .select({ taken: eventSections.ticketsTaken })
    .from(eventSections)
    .where(eq(eventSections.id, target.section.id));
  const held = raw
    ? await db.execute(sql`select count(*)::int as tickets from event_payments p
        where p.seats_held and p.user_id = any(${sql.raw(`array[${buyers.map((buyer) => `'${buyer.id}'`).join(',')}]::uuid[]`)})`)
    : await db.execute(sql`select coalesce(sum(i.number_of_tickets), 0)::int as tickets from event_payment_items i
        join event_payments p on p.id = i.payment_id where i.section_id = ${target.section.id} and p.seats_held`);
  return Math.max(row.taken - capacity, 0) + Math.abs(row.taken - held.rows[0].tickets);
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One row's rounds added up: tickets/s over the time spent selling, percentiles over every purchase. */
function summary(rounds) {
  const latencies = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
  const total = (key) => rounds.reduce((sum, round) => sum + round[key], 0);
  return {
    buyers: total('buyers'),
    capacity: total('capacity'),
    sold: total('sold'),
    refused: total('refused'),
    failed: total('failed'),
    oversold: total('oversold'),
    ticketsPerSecond: Math.round((total('sold') / total('elapsed')) * 1000),
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    statements: total('statements'),
    roundTrips: total('roundTrips'),
    cpuMs: total('cpuMs'),
  };
}

/** The least a reservation can do: one transaction, a conditional UPDATE of the section, one payment row. */
function reservation(database) {
  const client = database.db.$client;
  const reserve = async (query, sectionId, userId) => {
    const taken = await query(
      'update event_sections set tickets_taken = tickets_taken + 1 where id = $1 and (max_tickets is null or tickets_taken + 1 <= max_tickets) returning id',
      [sectionId],
    );
    if (taken.rows.length === 0) return false;
    await query(
      "insert into event_payments (user_id, status, method, subtotal_cents, total_cents, seats_held) values ($1, 'PENDING', 'CARD', 14900, 14900, true)",
      [userId],
    );
    return true;
  };
  return async (sectionId, userId) => {
    if (database.kind === 'pglite') {
      return client.transaction((tx) => reserve((text, values) => tx.query(text, values), sectionId, userId));
    }
    const connection = await client.connect();
    try {
      await connection.query('begin');
      const sold = await reserve((text, values) => connection.query(text, values), sectionId, userId);
      await connection.query('commit');
      return sold;
    } catch (error) {
      await connection.query('rollback');
      throw error;
    } finally {
      connection.release();
    }
  };
}

/** The direct loop: `concurrency` buyers at a time reserve on the pool, as raw does behind its route. */
async function directLoop(database, concurrency, buyers, sectionId) {
  const reserve = reservation(database);
  const latencies = [];
  const outcomes = { sold: 0, refused: 0, failed: 0 };
  let next = 0;
  const start = performance.now();
  const loop = async () => {
    while (next < buyers.length) {
      const buyer = buyers[next];
      next += 1;
      const began = performance.now();
      const outcome = await reserve(sectionId, buyer.id).then(
        (sold) => (sold ? 'sold' : 'refused'),
        () => 'failed',
      );
      latencies.push(performance.now() - began);
      outcomes[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { ...outcomes, elapsed: performance.now() - start, latencies };
}

/** The baseline's bare route: the least a reservation can do, through HTTP, on the same pool. */
async function rawServer(database) {
  const server = Fastify({ logger: false });
  const reserve = reservation(database);
  server.post('/raw/reserve', async (req, reply) => {
    const { sectionId, userId } = req.body;
    const sold = await reserve(sectionId, userId);
    return reply.status(sold ? 201 : 409).send({ sold });
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, port: server.server.address().port };
}

// With REDIS_URL the apps count sign-in attempts in Redis, under a prefix of this run's own.
const redisKeyPrefix = `portal-bench-${randomBytes(4).toString('hex')}:`;

async function startApp(database) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://bench.test',
    PAYMENT_PROVIDER: 'demo',
    NODE_ENV: 'development',
    REDIS_KEY_PREFIX: redisKeyPrefix,
  });
  const deps = {
    config,
    db: database.db,
    clock: systemClock,
    storage: localStorage(mkdtempSync(path.join(tmpdir(), 'portal-bench-'))),
  };
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: app.server.address().port };
}

/**
 * Whether the per-account sign-in limit counts across both instances: the limit's worth of wrong
 * passwords for one account, alternating between them, then one more, which must be refused (429).
 * Only with REDIS_URL; without it each instance counts on its own (docs/deploy.md).
 */
async function loginLimitShared(ports) {
  if (!process.env.REDIS_URL) return null;
  const limit = loadConfig().signInRateLimit.perAccount;
  const email = `nobody-${randomUUID().slice(0, 8)}@bench.test`;
  const statuses = await inClient({ kind: 'login', ports, email, attempts: limit + 1 });
  return statuses.slice(0, limit).every((status) => status !== 429) && statuses[limit] === 429;
}

/** One round of a row: a fresh section of `capacity` seats sold to capacity + 10 % buyers. */
async function runRound(database, mode, concurrency, capacity, ports, rawPort, measured = true) {
  const target = await createSection(database.db, capacity);
  const buyers = await createBuyers(
    database.db,
    Math.ceil(capacity * 1.1),
    mode === 'checkout' || mode === 'two-instances' ? target : null,
  );
  const before = statements;
  const tripsBefore = roundTrips;
  const cpu = process.cpuUsage();
  const drive = () =>
    mode === 'pg'
      ? directLoop(database, concurrency, buyers, target.section.id)
      : inClient({
          kind: 'drive',
          mode,
          concurrency,
          ports,
          rawPort,
          buyers,
          target: { eventId: target.event.id, ticketTypeId: target.ticketType.id, sectionId: target.section.id },
        });
  const result =
    mode === profiled && measured
      ? await underProfiler(`${database.kind}-${mode}-${concurrency}`, drive)
      : await drive();
  const used = process.cpuUsage(cpu);
  return {
    ...result,
    cpuMs: (used.user + used.system) / 1000,
    buyers: buyers.length,
    capacity,
    statements: statements - before,
    roundTrips: roundTrips - tripsBefore,
    oversold: await oversoldOf(database.db, target, capacity, buyers, mode === 'raw' || mode === 'pg'),
  };
}

/**
 * Every mode of one concurrency, in rounds taken in turn (raw, checkout, full, raw, checkout…), so
 * that the machine's load drifting during the run weighs on the baseline and the app alike.
 */
async function runLevel(database, concurrency, levelModes, ports, rawPort) {
  const total = concurrency === 1 ? Math.round(purchases / 4) : purchases;
  const capacity = Math.max(Math.round(total / rounds), 5);
  const results = Object.fromEntries(levelModes.map((mode) => [mode, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const mode of levelModes)
      results[mode].push(
        await runRound(
          database,
          mode,
          concurrency,
          capacity,
          mode === 'two-instances' ? ports : ports.slice(0, 1),
          rawPort,
        ),
      );
  }
  const raw = summary(results.raw);
  const direct = summary(results.pg);
  const rateOf = (round) => round.sold / round.elapsed;
  return levelModes.map((mode) => {
    const row = summary(results[mode]);
    // Each round's own ratio to the direct loop of that round: the spread says how much the host's load moved it.
    const byRound = results[mode].map((round, i) => rateOf(round) / rateOf(results.pg[i])).sort((a, b) => a - b);
    const rounded = (value) => Math.round(value * 100) / 100;
    const { statements: count, roundTrips: trips, cpuMs, ...rest } = row;
    return {
      database: database.kind,
      mode,
      concurrency,
      ...rest,
      ratio: Math.round((row.ticketsPerSecond / raw.ticketsPerSecond) * 100) / 100,
      ratioToPg: Math.round((row.ticketsPerSecond / direct.ticketsPerSecond) * 100) / 100,
      ratioToPgRounds: {
        min: rounded(byRound[0]),
        median: rounded(byRound[Math.floor(byRound.length / 2)]),
        max: rounded(byRound.at(-1)),
      },
      statementsPerPurchase: database.kind === 'postgres' ? Math.round((count / row.buyers) * 10) / 10 : null,
      roundTripsPerPurchase: database.kind === 'postgres' ? Math.round((trips / row.buyers) * 10) / 10 : null,
      nodeCpuMsPerPurchase: Math.round((cpuMs / row.buyers) * 100) / 100,
    };
  });
}

async function benchDatabase(database, second) {
  const { app, port } = await startApp(database);
  const raw = await rawServer(database);
  const other = second ? await startApp(second) : null;
  const ports = other ? [port, other.port] : [port];
  const levelModes = [
    'raw',
    'pg',
    ...['checkout', 'full'].filter((mode) => modes.includes(mode)),
    ...(other && modes.includes('two-instances') ? ['two-instances'] : []),
  ];
  const rows = [];
  try {
    // Warm up the pools, the plans and the JIT on every path.
    for (const mode of levelModes) await runRound(database, mode, 4, 20, ports, raw.port, false);
    for (const concurrency of levels)
      rows.push(...(await runLevel(database, concurrency, levelModes, ports, raw.port)));
    if (other) loginLimitAcrossInstances = await loginLimitShared(ports);
  } finally {
    await app.close();
    await raw.server.close();
    await other?.app.close();
  }
  return rows;
}

async function onPostgres(url) {
  const name = `portal_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  const database = openPostgres(benchUrl.toString());
  const second = openPostgres(benchUrl.toString());
  try {
    await database.migrate();
    return await benchDatabase(database, second);
  } finally {
    await database.close();
    await second.close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
}

async function onPglite() {
  const database = await openPglite(undefined);
  try {
    await database.migrate();
    return await benchDatabase(database, null);
  } finally {
    await database.close();
  }
}

const only = process.env.BENCH_ONLY;
/** null: not checked (no REDIS_URL, or no PostgreSQL run). */
let loginLimitAcrossInstances = null;
const rows = [];
const started = performance.now();
if (process.env.DATABASE_URL && only !== 'pglite') rows.push(...(await onPostgres(process.env.DATABASE_URL)));
else if (only !== 'pglite') console.log('DATABASE_URL is not set: PostgreSQL rows skipped.');
if (only !== 'postgres') rows.push(...(await onPglite()));
client.postMessage({ kind: 'stop' });
profiler?.disconnect();

const atGoal = rows.filter(
  (row) => row.database === 'postgres' && row.mode === 'checkout' && goal.concurrency.includes(row.concurrency),
);
const met =
  atGoal.length === goal.concurrency.length &&
  atGoal.every(
    (row) =>
      row.ratio >= goal.minRatio && row.oversold === 0 && (row.concurrency !== 8 || row.p99Ms <= goal.maxP99MsAt8),
  );

console.log(
  `\nCheckout through HTTP, one section per row, capacity + 10 % buyers (one ticket each), ${purchases} purchases per row (a quarter at concurrency 1).`,
);
console.log(
  'raw = BEGIN; conditional UPDATE event_sections; INSERT event_payments; COMMIT on a bare Fastify route over the same pool.',
);
console.table(
  rows.map((row) => ({
    db: row.database,
    mode: row.mode,
    conc: row.concurrency,
    buyers: row.buyers,
    sold: row.sold,
    refused: row.refused,
    failed: row.failed,
    oversold: row.oversold,
    'tickets/s': row.ticketsPerSecond,
    'p50 ms': row.p50Ms,
    'p99 ms': row.p99Ms,
    ratio: row.ratio,
    'ratio to pg': row.ratioToPg,
    'to pg min/med/max': `${row.ratioToPgRounds.min}/${row.ratioToPgRounds.median}/${row.ratioToPgRounds.max}`,
    'stmts/purchase': row.statementsPerPurchase,
    'trips/purchase': row.roundTripsPerPurchase,
    'node cpu ms': row.nodeCpuMsPerPurchase,
  })),
);
console.log(
  atGoal.length === 0
    ? 'Goal (PostgreSQL checkout at 8 and 32: ratio >= 0.5, p99 <= 50 ms at 8, 0 oversold): not measured (no DATABASE_URL).'
    : `Goal (PostgreSQL checkout at 8 and 32: ratio >= 0.5, p99 <= 50 ms at 8, 0 oversold): ${met ? 'met' : 'NOT met'}.`,
);
const againstPg = (mode, concurrency) =>
  rows.find((row) => row.database === 'postgres' && row.mode === mode && row.concurrency === concurrency);
const pgChecks = ['checkout', 'full'].flatMap((mode) =>
  pgGoal[mode].concurrency.map((concurrency) => ({ mode, concurrency, row: againstPg(mode, concurrency) })),
);
const pgMet = pgChecks.every(
  ({ mode, row }) =>
    row !== undefined &&
    row.ratioToPgRounds.median >= pgGoal[mode].minRatio &&
    row.oversold === 0 &&
    (mode !== 'checkout' || row.concurrency !== 8 || row.p99Ms <= pgGoal.maxP99MsAt8),
);
console.log(
  againstPg('checkout', 8)
    ? `Against the direct pg loop (median round; checkout >= ${pgGoal.checkout.minRatio} at 8 and 32 with p99 <= ${pgGoal.maxP99MsAt8} ms at 8, full purchase >= ${pgGoal.full.minRatio} at 8): ${pgChecks
        .map(
          ({ mode, concurrency, row }) => `${mode} at ${concurrency} ${row ? row.ratioToPgRounds.median : 'not run'}`,
        )
        .join(', ')}: ${pgMet ? 'met' : 'NOT met'}.`
    : 'Against the direct pg loop: not measured (no DATABASE_URL).',
);
console.log(
  `Sign-in limit across the two instances: ${
    loginLimitAcrossInstances === null
      ? 'not checked (needs REDIS_URL and DATABASE_URL)'
      : loginLimitAcrossInstances
        ? 'counted together (Redis)'
        : 'NOT counted together'
  }.`,
);
if (profileDir) console.log(`Profiles (${profiled}): ${profileDir}`);
console.log(`Took ${Math.round((performance.now() - started) / 1000)} s.`);
mkdirSync(path.dirname(resultFile), { recursive: true });
writeFileSync(
  resultFile,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), purchases, rows, loginLimitAcrossInstances, goal: { ...goal, met: atGoal.length > 0 && met }, pgGoal: { ...pgGoal, met: againstPg('checkout', 8) ? pgMet : null } }, null, 2)}\n`,
);
console.log(`Written: ${path.relative(process.cwd(), resultFile)}`);
