#!/usr/bin/env node
// `npm run dev`: the API server (restarting on change, port 3000) and the Vite dev server (which
// proxies /api to it) together, each line prefixed with its name. Ctrl-C, or either one exiting,
// stops both.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const colors = { server: '\x1b[36m', web: '\x1b[35m' };
const useColor = Boolean(process.stdout.isTTY);

const services = [
  {
    name: 'server',
    command: process.execPath,
    args: ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'],
    env: { PORT: process.env.PORT ?? '3000' },
  },
  { name: 'web', command: npm, args: ['run', 'dev', '-w', '@portal/web'], env: {} },
];

const width = Math.max(...services.map((s) => s.name.length));
const children = [];
let stopping = false;
let exitCode = 0;

function prefix(name) {
  const label = `[${name.padEnd(width)}]`;
  return useColor ? `${colors[name] ?? ''}${label}\x1b[0m ` : `${label} `;
}

function pipe(stream, out, name) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    out.write(`${prefix(name)}${line}\n`);
  });
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      // Each child leads its own process group: stop it and whatever it started (tsx, esbuild, vite).
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
  }
  // Anything still alive after a grace period is killed.
  setTimeout(() => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }
    }
  }, 5000).unref();
}

for (const service of services) {
  const child = spawn(service.command, service.args, {
    cwd: root,
    // Output goes through a pipe: keep the colours when the terminal has them.
    env: { ...process.env, ...service.env, ...(useColor && !process.env.FORCE_COLOR ? { FORCE_COLOR: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  children.push(child);
  pipe(child.stdout, process.stdout, service.name);
  pipe(child.stderr, process.stderr, service.name);
  child.on('error', (error) => {
    process.stderr.write(`${prefix(service.name)}could not start: ${error.message}\n`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${prefix(service.name)}exited (${signal ?? `code ${code}`}); stopping the others\n`);
    }
    stopAll(code ?? 1);
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(0));
}
process.on('exit', () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});
