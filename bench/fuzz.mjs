#!/usr/bin/env node
// `npm run bench:fuzz`: the OpenAPI-driven fuzz of apps/server/src/test/security/fuzz.test.ts, longer than
// the few requests per operation `npm test` sends. FUZZ_RUNS_PER_OPERATION (default 50) and FUZZ_SEED
// (default the test's fixed seed) choose the run; DATABASE_URL runs it on PostgreSQL. Unlike the other
// benchmarks it exits non-zero when it finds something: a finding is a bug, with the request to replay.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  FUZZ_RUNS_PER_OPERATION: process.env.FUZZ_RUNS_PER_OPERATION ?? '50',
  FUZZ_SUMMARY: '1',
};
console.log(
  `fuzz: ${env.FUZZ_RUNS_PER_OPERATION} requests per operation, seed ${env.FUZZ_SEED ?? '(fixed default)'}, database ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
const child = spawn(
  process.platform === 'win32' ? 'npx.cmd' : 'npx',
  ['vitest', 'run', '--project', 'server', 'apps/server/src/test/security/fuzz.test.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
