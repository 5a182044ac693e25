// Lighthouse's mobile preset (its default: a mid-range phone, simulated slow 4G and 4x CPU slowdown)
// against the built app: the public pages, and every page a school's owner, a teacher, the attendance taker and
// staff open (the build's own list of pages, dist/.vite/preloads.json, with each person's ids in their addresses),
// each run 3 times in Debian's Chromium, reporting the median score, LCP, CLS, TBT (and its least and most) and bytes
// transferred against the goals, the worst run of each page, the worst page first, and where the main thread went
// (Lighthouse's main-thread breakdown and bootup time of each page's median run, in lighthouse.json). The
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
export const goals = { score: 95, worstRun: 90, tbtMs: 200, lcpMs: 2500, cls: 0.02 };

/**
 * Who opens which pages: a school's owner and a teacher the members' pages (a page that sends the person on is reported,
 * not measured), the demo attendance taker the attendance pages of the event they take, staff the console. Each page is
 * measured signed in as its person, with the ids in its address read through the API as that person's pages read them.
 */
const roles = [
  { role: 'owner', email: 'owner.lincoln@demo.test', opens: (page) => members(page) && !attendance(page) },
  { role: 'teacher', email: 'teacher.lincoln@demo.test', opens: (page) => members(page) && !attendance(page) },
  { role: 'attendance taker', email: 'attendance@demo.test', opens: (page) => attendance(page) },
  { role: 'staff', email: 'staff@demo.test', opens: (page) => page.startsWith('/admin') },
];
const members = (page) => page.startsWith('/members');
const attendance = (page) => /^\/members\/events\/:eventId\/attendance/.test(page);
/** Public pages with no id of anyone's: measured signed out. */
const publicPages = ['/auth/login', '/auth/forgot-password'];

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
];

/** The first item's id of a list the person can read, or nothing when they cannot (the page is then not measured). */
async function firstId(url, cookie, listPath, pick = (body) => (body.items ?? body)[0]?.id) {
  const response = await fetch(`${url}${listPath}`, { headers: { cookie } }).catch(() => null);
  if (!response?.ok) return undefined;
  return pick(await response.json());
}

/** The person's ids for the addresses' parameters, read through the API as the pages read them. */
async function parameterValues(url, cookie, role) {
  const list = '?page=1&pageSize=10';
  if (role === 'staff') {
    const [userId, organizationId, districtId, eventId, eventPaymentId, applicationId, requestId] = await Promise.all(
      ['users', 'organizations', 'districts', 'events', 'event-payments', 'applications', 'registration-requests'].map(
        (what) => firstId(url, cookie, `/api/admin/${what}${list}`),
      ),
    );
    const [packageId, packageRequestId, collectionId] = await Promise.all(
      ['packages', 'package-requests', 'video-collections'].map((what) =>
        firstId(url, cookie, `/api/admin/${what}${list}`),
      ),
    );
    return {
      ':userId': userId,
      ':organizationId': organizationId,
      ':districtId': districtId,
      ':eventId': eventId,
      ':eventPaymentId': eventPaymentId,
      ':applicationId': applicationId,
      ':requestId': requestId,
      ':packageId': packageId,
      ':packageRequestId': packageRequestId,
      ':collectionId': collectionId,
    };
  }
  if (role === 'attendance taker') {
    const eventId = await firstId(url, cookie, '/api/attendance/events');
    const sectionId = eventId
      ? await firstId(url, cookie, `/api/events/${eventId}/attendance`, (body) => body.sections?.[0]?.id)
      : undefined;
    return { ':eventId': eventId, ':sectionId': sectionId };
  }
  return {
    ':eventId': await firstId(url, cookie, `/api/catalogue/events${list}`),
    ':organizationId': await firstId(url, cookie, '/api/organizations/managed'),
    ':requestId': await firstId(url, cookie, `/api/event-registration-requests${list}`),
  };
}

/** Every page of the four roles and the public pages, with their ids filled in. */
async function rolePages(url) {
  const built = Object.keys(JSON.parse(readFileSync(path.join(repoRoot, 'apps/web/dist/.vite/preloads.json'), 'utf8')));
  const pages = publicPages
    .filter((page) => only.test(page))
    .map((page) => ({ role: 'public', name: page, path: page }));
  const skipped = [];
  // A code no certificate has: the same page, frame and scripts as a real one's, answered "Not verified".
  if (only.test('/verify/:code'))
    pages.push({ role: 'public', name: '/verify/:code', path: '/verify/AAAAA-BBBBB-CCCCC' });
  for (const { role, email, opens } of roles) {
    const cookie = await signIn(url, email);
    const values = await parameterValues(url, cookie, role);
    for (const pattern of built.filter((page) => opens(page) && only.test(page))) {
      if (steps.some((step) => step.test(pattern))) {
        skipped.push({ pattern: `${pattern} (${role})`, why: 'a step of a flow' });
        continue;
      }
      const unknown = (pattern.match(/:\w+/g) ?? []).filter((name) => !values[name]);
      if (unknown.length > 0) {
        skipped.push({ pattern: `${pattern} (${role})`, why: `no demo value for ${unknown.join(', ')}` });
        continue;
      }
      pages.push({ role, name: pattern, path: pattern.replace(/:\w+/g, (name) => values[name]), as: email });
    }
  }
  return { pages, skipped };
}

/** Where a run's main thread went (Lighthouse's mainthread-work-breakdown), by kind of work, in ms. */
function mainThread(lhr) {
  const items = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  return Object.fromEntries(items.map((item) => [item.group, Math.round(item.duration)]));
}

/** The scripts that took the main thread longest (Lighthouse's bootup-time), in ms of evaluation and parsing. */
function bootup(lhr) {
  const items = lhr.audits['bootup-time']?.details?.items ?? [];
  return items.slice(0, 5).map((item) => ({
    script: String(item.url).replace(/^https?:\/\/[^/]+/, ''),
    scriptingMs: Math.round(item.scripting),
    parseMs: Math.round(item.scriptParseCompile),
  }));
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
    mainThread: mainThread(lhr),
    bootup: bootup(lhr),
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
    const { pages, skipped } = await rolePages(app.url);
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
      // The run with the median blocking time: where its main thread went.
      const typical = [...samples].sort((a, b) => a.tbtMs - b.tbtMs)[Math.floor(samples.length / 2)];
      results.push({
        role: page.role,
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
        minTbtMs: Math.min(...samples.map((sample) => sample.tbtMs)),
        maxTbtMs: Math.max(...samples.map((sample) => sample.tbtMs)),
        mainThread: typical.mainThread,
        bootup: typical.bootup,
        worstLcpMs: Math.max(...samples.map((sample) => sample.lcpMs)),
        benchmarkIndex: pick('benchmarkIndex'),
        browser: samples[0].browser,
      });
      console.log(
        `${page.path} (${page.role}): median ${pick('score')}, worst run ${Math.min(...samples.map((sample) => sample.score))}`,
      );
    }
    return results;
  } finally {
    await chrome.kill();
    await front?.close();
    await app.stop();
  }
}

const meets = (row) =>
  row.score >= goals.score &&
  row.worstScore >= goals.worstRun &&
  row.maxTbtMs <= goals.tbtMs &&
  row.lcpMs <= goals.lcpMs &&
  row.cls <= goals.cls;

try {
  const results = await measure();
  const header = [
    'page',
    'role',
    'score',
    'worst run',
    'FCP',
    'LCP',
    'CLS',
    'TBT',
    'TBT min / max',
    'transferred',
    'goal met',
  ];
  // The worst page first, as the README quotes them.
  const rows = [...results]
    .sort((a, b) => a.score - b.score || b.tbtMs - a.tbtMs)
    .map((row) => [
      row.page,
      row.role,
      String(row.score),
      String(row.worstScore),
      `${(row.fcpMs / 1000).toFixed(2)} s`,
      `${(row.lcpMs / 1000).toFixed(2)} s`,
      row.cls.toFixed(3),
      `${Math.round(row.tbtMs)} ms`,
      `${Math.round(row.minTbtMs)} / ${Math.round(row.maxTbtMs)} ms`,
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
  console.log(
    `Goal: median score >= ${goals.score}, no run under ${goals.worstRun}, TBT <= ${goals.tbtMs} ms on every run, ` +
      `LCP <= ${goals.lcpMs / 1000} s, CLS <= ${goals.cls} on every page.`,
  );
  const worst = [...results].sort((a, b) => a.score - b.score)[0];
  if (worst)
    console.log(`Worst page: ${worst.path} (${worst.role}), median ${worst.score}, worst run ${worst.worstScore}.`);
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
