// `npm run bench:start`: how long the BUILT server (apps/server/dist/main.js, run as `npm start` runs it; build it
// first with `npm run build`) takes from spawn to its first 200 on /api/health, and how much memory it holds idle.
// Cases, START_RUNS (3) runs each, the worst reported:
//   cold PGlite     a fresh DATA_DIR every run: the embedded database is created, migrated and seeded
//   warm PGlite     one DATA_DIR started once beforehand, then started again
//   warm PostgreSQL a throw-away database (on the server DATABASE_URL names, default the local one) migrated and
//                   seeded by a first start, then started again
//   bare Fastify    bench/lib/bare-health.mjs, the floor: node and Fastify alone
// Each run also takes the server process's CPU time (user + system, all its threads) at that first 200, which moves far
// less than the wall time when other work shares the cores. Each run reads the server's start-up phases from its
// "started" log line (main.ts: milliseconds since the process began at the end of each phase, and the CPU time spent by
// then, cpuPhases) and its resident memory (VmRSS in /proc/<pid>/status) after START_IDLE_MS (5,000)
// of idling. Writes bench/results/start.json; `-- --baseline` writes bench/results/start-before.json instead, which
// later runs carry in start.json as `before`. START_PORT picks the port (else a free one); START_CASES (bareFastify,
// coldPglite, warmPglite, warmPostgres) runs only those, and writes nothing. Reports only: exits 0.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freePort, median, processCpuMs, repoRoot } from './lib/app-server.mjs';

const goals = { coldPgliteMs: 4_000, warmPgliteMs: 1_500, warmPostgresMs: 1_500, idleRssMb: 250 };
const runs = Number(process.env.START_RUNS ?? 3);
const idleMs = Number(process.env.START_IDLE_MS ?? 5_000);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const baseline = process.argv.includes('--baseline');
const only = process.env.START_CASES?.split(',');
const wanted = (name) => !only || only.includes(name);
const results = path.join(repoRoot, 'bench/results');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

if (!existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: run "npm run build" first.`);
  process.exit(0);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The status of one GET, or 0 when nothing answers yet. */
function healthStatus(port) {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.setTimeout(2_000, () => request.destroy());
  });
}

function residentMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
}

/**
 * @typedef {object} StartRun
 * @property {number} ms
 * @property {Record<string, number> | null} phases
 * @property {Record<string, number> | null} cpuPhases
 * @property {number} rssMb
 * @property {number} peakRssMb
 * @property {boolean} demoSignInsListed
 */

/**
 * Spawns `node <script>` with env, waits for the first 200 on /api/health, idles, reads its memory and stops it.
 * @returns {Promise<StartRun>}
 */
async function startOnce(script, env) {
  const port = Number(process.env.START_PORT ?? 0) || (await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    let ms = null;
    let cpuMs = null;
    while (ms === null) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > 120_000) throw new Error(`no 200 on /api/health within 2 minutes:\n${output}`);
      if ((await healthStatus(port)) === 200) {
        ms = Math.round(performance.now() - started);
        cpuMs = processCpuMs(child.pid);
      } else await pause(10);
    }
    await pause(idleMs);
    const memory = residentMb(child.pid);
    const phaseLine = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          return null;
        }
      })
      .find((entry) => entry?.startPhases);
    return {
      ms,
      cpuMs,
      phases: phaseLine?.startPhases ?? null,
      cpuPhases: phaseLine?.startCpuPhases ?? null,
      ...memory,
      demoSignInsListed: output.includes('Demo sign-ins'),
    };
  } finally {
    await stop();
  }
}

const serverEnv = (extra) => {
  const env = { ...process.env, LOG_LEVEL: 'info', ...extra };
  delete env.NODE_ENV;
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
};

const temporaryDirs = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
  temporaryDirs.push(dir);
  return dir;
};

async function measure(label, prepare, script = 'apps/server/start.mjs') {
  const env = await prepare();
  const list = [];
  for (let run = 0; run < runs; run += 1) {
    const outcome = await startOnce(script, typeof env === 'function' ? env() : env);
    console.log(
      `${label} #${run + 1}: ${outcome.ms} ms to 200 (${outcome.cpuMs} ms CPU), idle RSS ${outcome.rssMb} MB (peak ${outcome.peakRssMb} MB)` +
        (outcome.phases ? `; phases ${JSON.stringify(outcome.phases)}` : '') +
        (outcome.cpuPhases ? `; CPU by then ${JSON.stringify(outcome.cpuPhases)}` : ''),
    );
    list.push(outcome);
  }
  const worst = list.reduce((a, b) => (b.ms > a.ms ? b : a));
  return {
    worstMs: worst.ms,
    medianMs: median(list.map((r) => r.ms)),
    medianCpuMs: median(list.map((r) => r.cpuMs)),
    worstRssMb: Math.max(...list.map((r) => r.rssMb)),
    worstRun: worst,
    runs: list,
  };
}

const cases = {};
let database = null;
const admin = new pg.Client({ connectionString: adminUrl });
try {
  if (wanted('bareFastify'))
    cases.bareFastify = await measure('bare Fastify', () => ({ ...process.env }), 'bench/lib/bare-health.mjs');
  if (wanted('coldPglite'))
    cases.coldPglite = await measure('cold PGlite', () => () => serverEnv({ DATA_DIR: dataDir() }));
  if (wanted('warmPglite'))
    cases.warmPglite = await measure('warm PGlite', async () => {
      const env = serverEnv({ DATA_DIR: dataDir() });
      await startOnce('apps/server/start.mjs', env);
      return env;
    });
  if (wanted('warmPostgres'))
    try {
      await admin.connect();
      database = `start_bench_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${database}`);
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      cases.warmPostgres = await measure('warm PostgreSQL', async () => {
        const env = serverEnv({ DATABASE_URL: url.toString(), DATA_DIR: dataDir() });
        await startOnce('apps/server/start.mjs', env);
        return env;
      });
    } catch (error) {
      console.error(`warm PostgreSQL not measured: ${error.message}`);
    }
} finally {
  if (database) await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
}

const pgliteRss = Math.max(...[cases.coldPglite, cases.warmPglite].filter(Boolean).map((c) => c.worstRssMb));
const within = (outcome, goal) => (outcome ? outcome.worstMs <= goal : null);
const met = {
  coldPglite: within(cases.coldPglite, goals.coldPgliteMs),
  warmPglite: within(cases.warmPglite, goals.warmPgliteMs),
  warmPostgres: within(cases.warmPostgres, goals.warmPostgresMs),
  idleRss: pgliteRss <= goals.idleRssMb,
};
const result = {
  measuredAt: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`,
  runsPerCase: runs,
  idleMs,
  goals,
  met,
  pgliteIdleRssMb: pgliteRss,
  cases,
};
mkdirSync(results, { recursive: true });
const beforeFile = path.join(results, 'start-before.json');
if (only) console.log('START_CASES is set: the results are printed only, not written.');
else if (baseline) writeFileSync(beforeFile, JSON.stringify(result, null, 2) + '\n');
else {
  const before = existsSync(beforeFile) ? JSON.parse(readFileSync(beforeFile, 'utf8')) : undefined;
  writeFileSync(path.join(results, 'start.json'), JSON.stringify({ ...result, before }, null, 2) + '\n');
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`\nworst of ${runs} runs (spawn to first 200 on /api/health; idle RSS after ${idleMs / 1000} s):`);
for (const [name, outcome] of Object.entries(cases))
  console.log(
    `  ${name.padEnd(13)} ${seconds(outcome.worstMs).padStart(8)} (median ${seconds(outcome.medianMs)}, CPU ${seconds(outcome.medianCpuMs)}), RSS ${outcome.worstRssMb} MB`,
  );
console.log(`goals: ${JSON.stringify(goals)}; met: ${JSON.stringify(met)}`);
process.exit(0);
