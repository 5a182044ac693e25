import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localIssuerFor } from './fixtures/local-issuer.ts';

const isCI = Boolean(process.env.CI);
// A trace of every journey, kept when it fails, cost 38 % of the journeys' CPU (its screencast a quarter, its DOM
// snapshots the rest) while a failure already leaves its error, call log, page snapshot and screenshot:
// E2E_TRACE=1 records it again when a failure needs the steps before it (docs/decisions/0231-journeys-without-traces.md).
const trace = process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off';
// E2E_PORT lets two runs share a machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const localIssuer = localIssuerFor(port);

// Debian's Chromium headless shell (package chromium-headless-shell: the same Blink as its chromium), which is
// what Playwright itself runs for a headless Chromium; the suite never downloads a browser
// (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1). Chromium's own new headless mode is the whole browser without a window:
// its browser and GPU processes took a tenth more CPU for the same journeys, and the journeys are CPU-bound on
// two cores (docs/decisions/0209-journeys-on-two-cores.md).
const chromiumPath = '/usr/bin/chromium-headless-shell';
// What failed, in a few lines: `npm test` (scripts/test.mjs) prints this file last.
const failureDigest = fileURLToPath(new URL('test-results/failure-digest.txt', import.meta.url));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  // Journeys in one file run in order (some share a person's cart on purpose); files run side by side.
  // Four at once: every journey that changes a person or reads what another changes has its own data
  // (fixtures/journey-data.ts), and on the 2-core machine two workers used under one core, mostly
  // waiting on the browser and the server (docs/decisions/0155-journeys-with-their-own-people.md).
  fullyParallel: false,
  workers: 4,
  // A journey either passes on its own walk or fails: retries would hide flakiness.
  retries: 0,
  // `npm test` must never pass on a part of the suite: no test.only, and (reporter below) no skips.
  forbidOnly: true,
  // Every page a journey checks is walked at two widths (fixtures/accessibility.ts): axe twice.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['./support/every-journey-ran.ts'],
    ['./support/failure-digest.ts', { file: failureDigest }],
    // Read by `npm test` (scripts/test.mjs) for the ten slowest journeys.
    ['json', { outputFile: 'test-results/results.json' }],
    ...(isCI ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // As a visitor who asks for less motion: the theme then draws dialogs, menus and toasts without their
    // transitions, so no step waits for one to settle (apps/web/src/ui/theme.ts respectReducedMotion).
    reducedMotion: 'reduce',
    trace,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      // The test script builds the web first (npm run build); this serves apps/web/dist and /api.
      command: 'node e2e/support/start-server.mjs',
      cwd: '..',
      url: `${baseURL}/api/health`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        // A fresh database for every run (support/start-server.mjs), removed after stop.
        DATA_DIR: join(tmpdir(), `portal-e2e-${process.pid}`),
        LOG_LEVEL: 'warn',
        // Every journey signs in from this one address, and the staff journeys as one staff member: at
        // four workers they sign in more than ten times a minute. Neither limit is what a journey tests.
        LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
        LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
      },
      // Every run gets its own database, so a server already on the port is an error, not a shortcut;
      // E2E_REUSE_SERVER=1 lets a developer iterate against a server they started themselves.
      reuseExistingServer: !isCI && process.env.E2E_REUSE_SERVER === '1',
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: [
        'node --import tsx apps/server/src/test/local-issuer-main.ts',
        `--port ${localIssuer.port}`,
        `--client-id ${localIssuer.clientId}`,
        `--client-secret ${localIssuer.clientSecret}`,
        `--redirect-uri ${baseURL}/api/auth/school/callback`,
      ].join(' '),
      cwd: '..',
      url: `${localIssuer.url}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
