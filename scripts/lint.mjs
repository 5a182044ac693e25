#!/usr/bin/env node
// `npm run lint`: ESLint (type-aware) and Prettier's check over the whole tree, in three processes side
// by side. ESLint is single-threaded and builds a TypeScript program for each tsconfig its files belong
// to, so the web app (its own program, the largest) is one process and everything else (domain, server,
// e2e, tools) another: neither builds the other's program, both cores are busy, and together they lint
// exactly the files `eslint .` lints (docs/decisions/0159-typecheck-and-lint-time.md). Each process
// keeps its output and prints it in one piece when it ends; the exit code is 1 when any of them fails.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = join(root, 'node_modules/eslint/bin/eslint.js');
const prettier = join(root, 'node_modules/prettier/bin/prettier.cjs');
const cache = (name) => ['--cache', '--cache-location', `node_modules/.cache/eslint/${name}.json`];

const parts = [
  { name: 'eslint apps/web', args: [eslint, ...cache('web'), '--max-warnings=0', 'apps/web'] },
  {
    name: 'eslint (all but apps/web)',
    args: [eslint, ...cache('rest'), '--max-warnings=0', '--ignore-pattern', 'apps/web/**', '.'],
  },
  { name: 'prettier --check', args: [prettier, '--check', '--cache', '--log-level=warn', '.'] },
];

function run({ name, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let ended = false;
    const end = (code, failure) => {
      if (ended) return;
      ended = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      if (failure) console.error(failure);
      console.log(`${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds}s`);
      resolve(code);
    };
    child.on('error', (error) => end(1, `Could not start ${name}: ${error.message}`));
    child.on('close', (code, signal) => end(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(parts.map(run));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
