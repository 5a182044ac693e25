#!/usr/bin/env node
// `npm run test:changed [-- <git ref>]`: the quick check for daily work. Type check, lint of the
// changed files, and the vitest files that import (directly or not) a file changed since <git ref>
// (default: the uncommitted changes). `npm test` stays the whole suite.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const since = process.argv[2] ?? 'HEAD';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function git(...args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
}

const changed = [
  ...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')]),
];
const lintable = changed.filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && existsSync(join(root, file)));
console.log(`${changed.length} file(s) changed since ${since}`);

function step(name, command, args) {
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`== ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)}s ==`);
  if (status !== 0) process.exit(status ?? 1);
}

step('typecheck', npm, ['run', 'typecheck']);
if (lintable.length > 0)
  step('lint (changed files)', npx, [
    'eslint',
    '--cache',
    '--cache-location',
    'node_modules/.cache/eslint/',
    '--max-warnings=0',
    ...lintable,
  ]);
step('vitest (tests related to the changed files)', npx, ['vitest', 'run', '--changed', since, '--passWithNoTests']);
