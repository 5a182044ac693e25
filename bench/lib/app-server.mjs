// Starts the real app for a benchmark: the server as `npm start` runs it, serving the web build in
// apps/web/dist, on a free loopback port and a fresh embedded database (or the PostgreSQL database a
// caller names) that is removed when it stops. The demo accounts are seeded (development settings:
// NODE_ENV unset), the web app is served as built, compressed and cached as in production.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const demoPassword = 'demo-password';

/** A port nothing listens on now: the kernel picks one, and it is handed on. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The web build must exist: the benchmarks measure what a browser gets, not a development server. */
export function requireWebBuild() {
  const index = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: run "npm run build" first`);
}

/**
 * @typedef {object} StartOptions
 * @property {string} [databaseUrl]
 * @property {Record<string, string>} [env]
 * @property {boolean} [built]
 * @property {number} [port]
 * @property {string} [dataDir]
 */

/**
 * `built`: the server as `npm start` runs it (apps/server/dist, which `npm run build` makes) rather than its sources
 * through tsx. `port` and `dataDir` keep an app restarted after a crash where the first one was: its address and
 * its stored files (a `dataDir` given is the caller's to remove). `kill()` ends it at once (SIGKILL, no shutdown).
 * @param {StartOptions} [options]
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void>, kill: () => Promise<void> }>}
 */
export async function startApp(options = {}) {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every benchmark signs in from this one address, several times a run.
    LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
    ...options.env,
  };
  delete env.NODE_ENV;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  if (options.built && !existsSync(path.join(repoRoot, 'apps/server/dist/main.js')))
    throw new Error('apps/server/dist/main.js is missing: run "npm run build" first');
  const entry = options.built ? ['apps/server/start.mjs'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the app exited with ${child.exitCode} before answering:\n${stderr}`);
    }
    try {
      const health = await fetch(`${url}/api/health`);
      if (health.ok) return { url, pid: child.pid, stop, kill };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the app did not answer ${url}/api/health within 2 minutes:\n${stderr}`);
}

/** Signs a demo account in through the API, as the login page does; returns its Cookie header. */
export async function signIn(baseUrl, email, password = demoPassword) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`sign-in of ${email} set no cookie`);
  return cookie;
}

const clockTicksPerSecond = 100;

/** CPU time a process (by pid) has used so far, in milliseconds (Linux /proc; user + system). */
export function processCpuMs(pid) {
  // Fields after the command name (which may hold spaces), from the third: utime and stime are the 14th and 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
