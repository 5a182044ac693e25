#!/usr/bin/env node
// `npm test`: everything, in order, stopping at the first failure. Type check, lint, unit and
// integration tests (vitest: domain, server, web), then the end-to-end journeys in Debian's Chromium
// against the built app. It never reports a pass for a stage it did not run.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The journeys' browser (e2e/playwright.config.ts): Debian's Chromium headless shell.
const chromium = '/usr/bin/chromium-headless-shell';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const stageNames = {
  typecheck: 'typecheck',
  lint: 'lint',
  unit: 'unit and integration tests (vitest)',
  chromium: 'install chromium',
  build: 'build web',
  e2e: 'end-to-end journeys (playwright)',
};

/** @type {{ stage: string, ok: boolean, seconds: string }[]} */
const summary = [];
const startedAt = Date.now();

/**
 * Runs a command to its end. A stage that runs beside another (`quiet`) keeps its output and prints it
 * in one piece when it ends, so two stages' lines never interleave.
 */
function run(command, args, env = {}, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

// Where vitest and Playwright write their results, read back for the slowest files and journeys.
const vitestResults = join(root, 'node_modules/.cache/portal-test/vitest.json');
const e2eResults = join(root, 'e2e/test-results/results.json');

// One line per page walk (e2e/fixtures/accessibility.ts): walked or spared (its pattern already walked), width, ms.
const e2eWalks = join(root, 'e2e/test-results/walks/walks.tsv');

/** What the journeys' page walks cost: the checks run once per page pattern and width in a run. */
function printWalks() {
  if (!existsSync(e2eWalks)) return;
  const rows = readFileSync(e2eWalks, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  const walked = rows.filter(([kind]) => kind === 'walked');
  const seconds = walked.reduce((sum, [, , ms]) => sum + Number(ms), 0) / 1000;
  console.log(
    `\n== page walks (axe, widths, clipping) ==\n${walked.length} walked, ${rows.length - walked.length} spared ` +
      `(pattern already walked at that width); ${seconds.toFixed(1)}s in walks over all workers, ` +
      `${walked.length ? ((seconds * 1000) / walked.length).toFixed(0) : 0} ms a walk`,
  );
}

function printSummary() {
  printSlowest();
  printWalks();
  console.log('\n== npm test summary ==');
  const total = (Date.now() - startedAt) / 1000;
  for (const { stage, ok, seconds } of summary) {
    const share = stage === stageNames.e2e ? `, ${((100 * Number(seconds)) / total).toFixed(0)}% of the total` : '';
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${stage} (${seconds}s${share})`);
  }
  console.log(`      total ${total.toFixed(1)}s`);
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function printTen(title, rows) {
  if (rows.length === 0) return;
  console.log(`\n== ${title} ==`);
  for (const { seconds, name } of rows.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`${seconds.toFixed(1).padStart(7)}s  ${name}`);
  }
}

function printSlowest() {
  const vitest = readJson(vitestResults);
  printTen(
    'ten slowest test files (vitest)',
    (vitest?.testResults ?? []).map((file) => ({
      seconds: (file.endTime - file.startTime) / 1000,
      name: relative(root, file.name),
    })),
  );
  const journeys = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        journeys.push({ seconds: ms / 1000, name: `${spec.file} › ${spec.title}` });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of readJson(e2eResults)?.suites ?? []) walk(suite);
  printTen('ten slowest journeys (playwright)', journeys);
}

// Written by e2e/support/failure-digest.ts (its path is set in e2e/playwright.config.ts).
const e2eFailureDigest = join(root, 'e2e/test-results/failure-digest.txt');

function fail(stage) {
  printSummary();
  if (stage === stageNames.e2e && existsSync(e2eFailureDigest)) {
    console.error(
      `\nJourneys that failed (details above; screenshots and page snapshots in e2e/test-results; for a trace of the steps, run the journey again with E2E_TRACE=1):\n${readFileSync(e2eFailureDigest, 'utf8')}`,
    );
  }
  const names = Object.values(stageNames);
  const notRun = names.slice(names.indexOf(stage) + 1).filter((name) => name !== stageNames.chromium);
  console.error(`\nnpm test FAILED at: ${stage}.${notRun.length ? ` Not run: ${notRun.join(', ')}.` : ''}`);
  process.exit(1);
}

async function stage(name, command, args, env, quiet = false) {
  console.log(`\n== ${name}: ${[command, ...args].join(' ')}${quiet ? ' (output when it ends)' : ''} ==`);
  const started = Date.now();
  const code = await run(command, args, env, quiet);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push({ stage: name, ok: code === 0, seconds });
  console.log(`== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds}s ==`);
  return code === 0;
}

async function mustPass(name, command, args, env) {
  if (!(await stage(name, command, args, env))) fail(name);
}

async function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      'Chromium is missing: run  sudo apt-get update && sudo apt-get install -y chromium-headless-shell  then npm test again',
    );
    process.exit(1);
  }
  console.log(`\n${chromium} is missing: installing Debian's chromium-headless-shell package.`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await mustPass(stageNames.chromium, 'apt-get', ['update'], env);
  await mustPass(stageNames.chromium, 'apt-get', ['install', '-y', 'chromium-headless-shell'], env);
  if (!existsSync(chromium)) {
    console.error(`apt-get installed chromium-headless-shell but ${chromium} is still missing.`);
    fail(stageNames.chromium);
  }
}

for (const stale of [vitestResults, e2eResults, e2eWalks]) rmSync(stale, { force: true });
// The type check (TypeScript 7, several threads) and lint (two ESLint processes and Prettier) start side by
// side (docs/decisions/0159-typecheck-and-lint-time.md). The type check ends first; its core would then idle
// while lint's longest process ends alone, so the tests start then: what they need is typed code, not linted
// code. The web build waits for the tests (a server test starts the app, which reads apps/web/dist). Each stage
// still passes or fails on its own, and a failure is reported at the first failed stage in the order below.
const lintPasses = stage(stageNames.lint, npm, ['run', 'lint'], {}, true);
if (!(await stage(stageNames.typecheck, npm, ['run', 'typecheck'], {}, true))) {
  await lintPasses;
  fail(stageNames.typecheck);
}
const unitPasses = stage(stageNames.unit, npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestResults}`,
]);
const [lintPassed, unitPassed] = await Promise.all([lintPasses, unitPasses]);
if (!lintPassed) fail(stageNames.lint);
if (!unitPassed) fail(stageNames.unit);
await ensureChromium();
await mustPass(stageNames.build, npm, ['run', 'build']);
await mustPass(stageNames.e2e, npm, ['run', 'test:e2e'], {
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
});

printSummary();
console.log('\nnpm test: all stages passed.');
