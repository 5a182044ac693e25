// Lighthouse's mobile preset (its default: a mid-range phone, simulated slow 4G and 4x CPU slowdown)
// against the built app: the login page and every member page a school's OWNER can open (the build's
// own list of pages, dist/.vite/preloads.json, with the demo school's ids in their addresses), each
// run 3 times in Debian's Chromium, reporting the median score, LCP, CLS, TBT and bytes transferred
// against the goals, the worst run of each page, and the worst page. The
// app is started as `npm start` runs it, on a fresh embedded database with the demo accounts; run
// `npm run build` first (`npm run bench:lighthouse` does both). The pages are loaded as deployed, over HTTP/2 and
// TLS from a front standing in for nginx (bench/lib/h2-front.mjs); LIGHTHOUSE_HTTP1=1 loads them from Node directly
// over HTTP/1.1 instead. Writes bench/results/lighthouse.json. Reports only: always exits 0.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, repoRoot, requireWebBuild, signIn, startApp } from './lib/app-server.mjs';
import { startHttp2Front } from './lib/h2-front.mjs';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Only the pages whose address pattern matches (`LIGHTHOUSE_PAGES=manage-events`), for a quick look. */
const only = new RegExp(process.env.LIGHTHOUSE_PAGES ?? '');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const protocol = process.env.LIGHTHOUSE_HTTP1 ? 'HTTP/1.1' : 'HTTP/2';
export const goals = { score: 95, lcpMs: 2500, cls: 0.02 };

const owner = 'owner.lincoln@demo.test';

/**
 * Pages that are a step of a flow, not a page one opens: they need what the step before made (a
 * payment just paid, a purchase order being filled in, a wizard's request) and send anyone else on.
 */
const steps = [
  /^\/members$/,
  /\/checkout\/(success|demo-pay|purchase-order)$/,
  /^\/members\/event\/assign-tickets$/,
  /\/manage\/:step$/,
  /^\/members\/manage-services\/package-request\//,
  /\/attendance/,
];

/** The owner's ids for the addresses' parameters, read through the API as the pages read them. */
async function parameterValues(url, cookie) {
  const read = async (path) => {
    const response = await fetch(`${url}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return response.json();
  };
  const events = await read('/api/catalogue/events?page=1&pageSize=10');
  const managed = await read('/api/organizations/managed');
  const requests = await read('/api/event-registration-requests?page=1&pageSize=10').catch(() => ({ items: [] }));
  const organizationId = (managed.items ?? managed)[0]?.id;
  return {
    ':eventId': events.items[0]?.id,
    ':organizationId': organizationId,
    ':requestId': requests.items?.[0]?.id,
  };
}

/** Every page the owner can open: the login page, then the members' pages with their ids filled in. */
async function ownerPages(url) {
  const built = JSON.parse(readFileSync(path.join(repoRoot, 'apps/web/dist/.vite/preloads.json'), 'utf8'));
  const cookie = await signIn(url, owner);
  const values = await parameterValues(url, cookie);
  const pages = only.test('/auth/login') ? [{ name: 'login', path: '/auth/login' }] : [];
  const skipped = [];
  for (const pattern of Object.keys(built).filter((page) => page.startsWith('/members') && only.test(page))) {
    if (steps.some((step) => step.test(pattern))) {
      skipped.push({ pattern, why: 'a step of a flow' });
      continue;
    }
    const unknown = (pattern.match(/:\w+/g) ?? []).filter((name) => !values[name]);
    if (unknown.length > 0) {
      skipped.push({ pattern, why: `no demo value for ${unknown.join(', ')}` });
      continue;
    }
    pages.push({ name: pattern, path: pattern.replace(/:\w+/g, (name) => values[name]), as: owner });
  }
  return { pages, skipped };
}

function metrics(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    transferredKiB: audit('total-byte-weight') / 1024,
    finalUrl: lhr.finalDisplayedUrl,
    // Lighthouse's measure of the host's CPU: its 4x slowdown is applied to whatever this machine does, so scores
    // taken on hosts of different speed (or under load) differ by as much as this index does.
    benchmarkIndex: lhr.environment.benchmarkIndex,
    browser: lhr.environment.hostUserAgent.match(/Chrom(?:e|ium)\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent,
  };
}

const noScore = { code: 'NO_SCORE', message: 'no performance score' };

/**
 * One Lighthouse run of a page. Chromium now and then fails to record the trace of a load
 * (NO_NAVSTART and the like: Lighthouse's runtimeError, or no score at all); such a run is made again,
 * at most twice, rather than losing every page's results.
 */
async function audit(url, port, cookie, attempt = 1) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // A run whose trace Lighthouse could not simulate has no score, and no runtimeError either.
  const failure = result.lhr.runtimeError ?? (result.lhr.categories.performance.score === null ? noScore : null);
  if (!failure) return result.lhr;
  if (attempt > 2) throw new Error(`${url}: ${failure.message}`);
  console.error(`${url}: ${failure.code}, measuring again`);
  return audit(url, port, cookie, attempt + 1);
}

async function measure() {
  requireWebBuild();
  const app = await startApp();
  const front = protocol === 'HTTP/2' ? await startHttp2Front(app.url) : null;
  const pageUrl = front?.url ?? app.url;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The front's certificate is made for the run.
      '--ignore-certificate-errors',
    ],
  });
  try {
    const results = [];
    const { pages, skipped } = await ownerPages(app.url);
    for (const { pattern, why } of skipped) console.log(`not measured: ${pattern} (${why})`);
    for (const page of pages) {
      const cookie = page.as ? await signIn(app.url, page.as) : undefined;
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        samples.push(metrics(await audit(`${pageUrl}${page.path}`, chrome.port, cookie)));
      }
      // A signed-in page that ended on the login page measured the wrong thing.
      const landed = new URL(samples[0].finalUrl).pathname;
      if (page.as && landed.startsWith('/auth/'))
        throw new Error(`${page.path} ended on ${landed}: the session was not used`);
      if (landed !== page.path) {
        console.log(`not measured: ${page.path} (sends the owner on to ${landed})`);
        continue;
      }
      const pick = (key) => median(samples.map((sample) => sample[key]));
      results.push({
        page: page.name,
        path: page.path,
        runs: samples.length,
        score: pick('score'),
        fcpMs: pick('fcpMs'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        tbtMs: pick('tbtMs'),
        transferredKiB: pick('transferredKiB'),
        worstScore: Math.min(...samples.map((sample) => sample.score)),
        worstLcpMs: Math.max(...samples.map((sample) => sample.lcpMs)),
        benchmarkIndex: pick('benchmarkIndex'),
        browser: samples[0].browser,
      });
      console.log(
        `${page.path}: median ${pick('score')}, worst run ${Math.min(...samples.map((sample) => sample.score))}`,
      );
    }
    return results;
  } finally {
    await chrome.kill();
    await front?.close();
    await app.stop();
  }
}

const meets = (row) => row.score >= goals.score && row.lcpMs <= goals.lcpMs && row.cls <= goals.cls;

try {
  const results = await measure();
  const header = ['page', 'score', 'worst run', 'FCP', 'LCP', 'CLS', 'TBT', 'transferred', 'goal met'];
  const rows = results.map((row) => [
    row.path,
    String(row.score),
    String(row.worstScore),
    `${(row.fcpMs / 1000).toFixed(2)} s`,
    `${(row.lcpMs / 1000).toFixed(2)} s`,
    row.cls.toFixed(3),
    `${Math.round(row.tbtMs)} ms`,
    `${row.transferredKiB.toFixed(0)} KiB`,
    meets(row) ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  console.log(
    `Lighthouse ${runs} runs each over ${protocol}, mobile preset (simulated slow 4G, 4x CPU slowdown), medians:`,
  );
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(`Goal: score >= ${goals.score}, LCP <= ${goals.lcpMs / 1000} s, CLS <= ${goals.cls} on every page.`);
  const worst = [...results].sort((a, b) => a.score - b.score)[0];
  if (worst) console.log(`Worst page: ${worst.path}, median ${worst.score}, worst run ${worst.worstScore}.`);
  const host = { benchmarkIndex: median(results.map((row) => row.benchmarkIndex)), browser: results[0]?.browser };
  console.log(
    `Host: Lighthouse benchmark index ${Math.round(host.benchmarkIndex)} (median of the pages), ${host.browser}.`,
  );
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'lighthouse.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), runs, protocol, host, goals, pages: results }, null, 2)}\n`,
  );
} catch (error) {
  console.error('Lighthouse benchmark failed:', error);
}
process.exit(0);
