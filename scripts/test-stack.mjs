// `npm run test:stack`: the deployment of docs/deploy.md, for real, on this machine, and six things it must do
// (issue 26). Debian's nginx (installed when missing and running as root) in front of two instances of the BUILT
// server (apps/server/dist/main.js, built first when missing), each its own process and port, on a fresh PostgreSQL
// database (DATABASE_URL's server, default 127.0.0.1:5432; dropped afterwards), Redis (REDIS_URL, default
// 127.0.0.1:6379, under a key prefix of this run's own, deleted afterwards), S3-compatible storage (s3rver, in this
// process) and an SMTP server per instance (in this process, counting what each instance sends).
//
// nginx's configuration is deploy/nginx.conf's own upstream block (least_conn, max_fails, keepalive), log format,
// body limit and `location /` (the X-Forwarded-* headers, timeouts) with the two instances as servers, served on a
// plain HTTP loopback port from a temporary prefix; it adds X-Upstream (which instance answered) so the checks can
// see where each request went. Every check talks to the proxy's port, and to the instances' own ports only to show
// that something made through one works on the other.
//
//   1. sessions     signed in through the proxy, the session works on the other instance's port and through the
//                   proxy again and again (both instances answering); signed out, it works on neither
//   2. files        a purchase order's PDF uploaded through one instance downloads through the other, same bytes
//   3. rate limit   sign-in attempts of one account spread over both instances count together: the one past
//                   LOGIN_RATE_LIMIT_PER_ACCOUNT answers 429 with Retry-After, on either instance
//   4. last seats   more buyers than seats check out at once through the proxy: exactly the seats are sold, and
//                   every invariant of bench/lib/invariants.mjs is 0
//   5. mail         a password reset (through the proxy) and a burst of queued mail are each sent once, both
//                   instances' job workers sending
//   6. kill -9      members buy (bench/lib/load-client.mjs) through the proxy while one instance is killed: the
//                   other keeps answering, nothing is refused for good (a request cut by the kill is sent again,
//                   the same Idempotency-Key), and every write answered 2xx is in the database
//
// Prints PASS/FAIL per check and the total time; exits 1 when a check fails. Everything it starts or creates is
// stopped and removed at the end, on failure and on Ctrl-C too. Settings: DATABASE_URL, REDIS_URL,
// BENCH_DATABASE_PREFIX (the database's name, default portal_stack_), STACK_PROXY_PORT and STACK_APP_PORTS (two,
// comma-separated; default free ports), NGINX (default /usr/sbin/nginx).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';

const began = performance.now();
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.BENCH_DATABASE_PREFIX ??= 'portal_stack_';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const nginxBinary = process.env.NGINX ?? '/usr/sbin/nginx';
const bucket = 'portal-stack';
const accountLimit = 5;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The built server is what a deployment runs; building it takes seconds (the web build is not needed). */
function ensureServerBuild() {
  if (existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) return;
  console.log('apps/server/dist/main.js is missing: building the server…');
  const built = spawnSync('npm', ['run', 'build', '-w', '@portal/server'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server build failed');
}

/** Debian's nginx, as .ci/run installs chromium: only as root, only when missing. */
function ensureNginx() {
  if (existsSync(nginxBinary)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`${nginxBinary} is missing: install nginx (apt-get install -y nginx-light) or set NGINX`);
  console.log(`${nginxBinary} is missing: installing Debian's nginx-light…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'nginx-light']]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

ensureServerBuild();
ensureNginx();

// Server code and the bench helpers (which import it) load after the build and the settings above.
const { freePort, startApp } = await import('../bench/lib/app-server.mjs');
const { createBenchDatabase } = await import('../bench/lib/bench-database.mjs');
const { checkAcknowledged, checkInvariants, checkStoredObjects, reportInvariants } =
  await import('../bench/lib/invariants.mjs');
const { createStats, printStats, runMembers } = await import('../bench/lib/load-client.mjs');
const { appSettings, createLoadFixture } = await import('../bench/lib/load-fixture.mjs');
const { hashPassword } = await import('../apps/server/src/platform/passwords.ts');
const { s3Storage } = await import('../apps/server/src/platform/storage.ts');

/** What was started, stopped again in reverse order however the run ends. */
const cleanups = [];
let cleaning = null;
function cleanUp() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('clean-up step failed:', error);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    console.log(`\n${signal}: cleaning up…`);
    void cleanUp().then(() => process.exit(1));
  });

/** A mail server that takes every message, slowly enough that one instance cannot send a burst alone. */
async function startSmtpSink(name, replyDelayMs) {
  const received = [];
  const server = createServer((socket) => {
    let pending = '';
    let data = null;
    socket.on('error', () => {});
    socket.write('220 stack.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (data !== null) {
          if (line !== '.') {
            data.push(line);
            continue;
          }
          received.push({ by: name, ...headersOf(data) });
          data = null;
          setTimeout(() => socket.write('250 queued\r\n'), replyDelayMs);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-stack.test\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = [];
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A message's To and Subject (folded lines joined). */
function headersOf(lines) {
  const headers = {};
  let last = null;
  for (const line of lines) {
    if (line === '') break;
    if (/^\s/.test(line) && last) headers[last] += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(':');
      last = line.slice(0, colon).toLowerCase();
      headers[last] = line.slice(colon + 1).trim();
    }
  }
  return { to: headers.to ?? '', subject: headers.subject ?? '' };
}

/** deploy/nginx.conf's pieces, with the instances as the upstream's servers, on a plain HTTP loopback port. */
function nginxConfig(dir, proxyPort, appPorts) {
  const deployed = readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  const piece = (name, pattern) => {
    const found = deployed.match(pattern);
    if (!found) throw new Error(`deploy/nginx.conf has no ${name} any more: update scripts/test-stack.mjs`);
    return found[0];
  };
  const logFormat = piece('log_format', /^log_format [\s\S]*?;$/m);
  const upstream = piece('upstream block', /^upstream portal \{[\s\S]*?^\}/m);
  const serverLine = piece('upstream server', /^(\s*)server \S+ ([^;\n]*);$/m);
  const [, indent, parameters] = serverLine.match(/^(\s*)server \S+ ([^;\n]*);$/);
  const servers = appPorts.map((port) => `${indent}server 127.0.0.1:${port} ${parameters};`).join('\n');
  const upstreamHere = upstream.replace(/^\s*server \S+ [^;\n]*;$(\n^\s*server \S+ [^;\n]*;$)*/m, servers);
  const bodyLimit = piece('client_max_body_size', /^\s*client_max_body_size \S+;$/m);
  const location = piece('location /', /^ {4}location \/ \{[\s\S]*?^ {4}\}$/m);
  const temp = (kind) => `${kind}_temp_path ${path.join(dir, `${kind}-temp`)};`;
  return `worker_processes 1;
events { worker_connections 1024; }
http {
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${logFormat}
${upstreamHere}
  server {
    listen 127.0.0.1:${proxyPort};
${bodyLimit}
    # Which instance answered (the last address when nginx went on to the next one): the checks read it.
    add_header X-Upstream $upstream_addr always;
${location}
    access_log ${path.join(dir, 'access.log')} combined_request_id;
  }
}
`;
}

async function startNginx(dir, proxyPort, appPorts) {
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, proxyPort, appPorts));
  const errorLog = path.join(dir, 'error.log');
  const args = ['-p', dir, '-e', errorLog, '-c', conf];
  const test = spawnSync(nginxBinary, [...args, '-t', '-q', '-g', `pid ${path.join(dir, 'nginx.pid')};`], {
    encoding: 'utf8',
  });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  const child = spawn(nginxBinary, [...args, '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')};`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${proxyPort}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return { url, errorLog, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`nginx did not answer at ${url}:\n${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`);
}

async function startS3(dir) {
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

const csrf = { 'x-requested-with': 'portal' };

/** One request; answers its status, headers, body bytes and which instance (port) answered through the proxy. */
async function call(url, { method = 'GET', cookie, json, body, headers = {} } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(method === 'GET' ? {} : csrf),
      ...(cookie ? { cookie } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: json === undefined ? body : JSON.stringify(json),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const upstream = response.headers.get('x-upstream')?.split(', ').at(-1) ?? null;
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: () => JSON.parse(bytes.toString('utf8')),
    upstream: upstream ? Number(upstream.split(':').at(-1)) : null,
    cookie: response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; '),
  };
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const results = [];

async function check(name, run) {
  const started = performance.now();
  try {
    const detail = await run();
    results.push({ name, passed: true });
    console.log(`PASS ${name} (${seconds(performance.now() - started)})${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    results.push({ name, passed: false });
    console.log(`FAIL ${name} (${seconds(performance.now() - started)}): ${error.message}`);
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-stack-'));
  // nginx's workers (www-data when nginx starts as root) write request bodies under it.
  chmodSync(dir, 0o755);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

  const database = await createBenchDatabase();
  cleanups.push(() => database.close());
  if (!database.url) throw new Error('test:stack needs PostgreSQL (DATABASE_URL)');
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  cleanups.push(() => sql.end());

  const redisKeyPrefix = `portal-stack-${randomBytes(4).toString('hex')}:`;
  cleanups.push(async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const keys = [];
    for await (const batch of redis.scanStream({ match: `${redisKeyPrefix}*`, count: 500 })) keys.push(...batch);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const s3 = await startS3(dir);
  cleanups.push(() => s3.close());
  const s3Settings = {
    driver: 's3',
    bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const storage = s3Storage(s3Settings);
  const sinks = [await startSmtpSink('A', 15), await startSmtpSink('B', 15)];
  for (const sink of sinks) cleanups.push(() => sink.close());

  // What the checks buy: schools with a signed-in owner each, conference-day sections and a series event.
  const fixture = await createLoadFixture(database.db, { members: 36, conferenceDays: 1, seriesEvents: 1 });
  const email = `stack-${randomUUID().slice(0, 8)}@stack.test`;
  const password = 'stack-password-1';
  await sql.query(`insert into users (email, password_hash, first_name, last_name) values ($1, $2, 'Stack', 'Test')`, [
    email,
    await hashPassword(password),
  ]);

  const appPorts = process.env.STACK_APP_PORTS
    ? process.env.STACK_APP_PORTS.split(',').map(Number)
    : [await freePort(), await freePort()];
  const proxyPort = Number(process.env.STACK_PROXY_PORT ?? (await freePort()));
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const appEnv = (i) => ({
    ...appSettings,
    PUBLIC_URL: proxy,
    TRUST_PROXY: 'true',
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    LOGIN_RATE_LIMIT_PER_ACCOUNT: String(accountLimit),
    LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3Settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3Settings.secretAccessKey,
    SMTP_URL: `smtp://127.0.0.1:${sinks[i].port}`,
  });
  const apps = await Promise.all(
    appPorts.map((port, i) =>
      startApp({ built: true, databaseUrl: database.url, port, env: appEnv(i) }).then((app) => {
        cleanups.push(() => app.stop());
        return app;
      }),
    ),
  );
  const nginx = await startNginx(dir, proxyPort, appPorts);
  cleanups.push(() => nginx.stop());
  const direct = (port) => `http://127.0.0.1:${port}`;
  const other = (port) => appPorts.find((p) => p !== port);
  const both = (ports) => appPorts.every((port) => ports.includes(port));
  console.log(
    `nginx ${proxy} → instances :${appPorts.join(', :')} (built server), PostgreSQL ${new URL(database.url).pathname.slice(1)}, ` +
      `Redis prefix ${redisKeyPrefix}, S3 ${s3.endpoint}; ready after ${seconds(performance.now() - began)}\n`,
  );

  await check('1. a session made on one instance works on the other', async () => {
    const login = await call(`${proxy}/api/auth/login`, { method: 'POST', json: { email, password } });
    expect(login.status === 200 && login.cookie, `sign-in answered ${login.status}`);
    const elsewhere = await call(`${direct(other(login.upstream))}/api/me`, { cookie: login.cookie });
    expect(elsewhere.status === 200, `the other instance (:${other(login.upstream)}) answered ${elsewhere.status}`);
    expect(elsewhere.json().email === email, 'the other instance knows someone else');
    const seen = [];
    for (let i = 0; i < 10; i += 1) {
      const me = await call(`${proxy}/api/me`, { cookie: login.cookie });
      expect(me.status === 200, `request ${i + 1} through the proxy (:${me.upstream}) answered ${me.status}`);
      seen.push(me.upstream);
    }
    expect(both(seen), `the proxy sent every request to :${seen[0]}`);
    const logout = await call(`${proxy}/api/auth/logout`, { method: 'POST', cookie: login.cookie });
    expect(logout.status === 204, `sign-out answered ${logout.status}`);
    for (const port of appPorts) {
      const after = await call(`${direct(port)}/api/me`, { cookie: login.cookie });
      expect(after.status === 401, `after signing out on :${logout.upstream}, :${port} answered ${after.status}`);
    }
    return `signed in on :${login.upstream}, 200 on :${other(login.upstream)} and 10/10 through the proxy (both), signed out everywhere`;
  });

  // Member 0 buys by purchase order; members 1–24 race for the last seats; the rest load the stack while it loses
  // an instance. The race's section is one of the fixture's, cut down to a few seats.
  const [raceSection, ...otherTargets] = fixture.targets;
  const loadTargets = otherTargets.filter((target) => target.sectionId !== null).slice(0, 3);
  loadTargets.push(fixture.targets.at(-1));

  await check('2. a file uploaded through one instance downloads through the other', async () => {
    const member = fixture.members[0];
    const target = loadTargets[0];
    const added = await call(`${proxy}/api/cart/items`, {
      method: 'POST',
      cookie: member.cookie,
      json: {
        eventId: target.eventId,
        ticketTypeId: target.ticketTypeIds[0],
        sectionId: target.sectionId,
        numberOfTickets: 2,
      },
    });
    expect(added.status === 200, `adding to the cart answered ${added.status}`);
    const checkout = await call(`${proxy}/api/checkout`, {
      method: 'POST',
      cookie: member.cookie,
      json: { method: 'PURCHASE_ORDER', organizationId: member.organizationId },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(checkout.status === 201, `checkout answered ${checkout.status}: ${checkout.bytes}`);
    // Three megabytes: past nginx's in-memory body buffer, so it goes through its temporary files too.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
    const form = new FormData();
    const fields = {
      eventPaymentId: checkout.json().eventPaymentId,
      filename: 'PO-STACK.pdf',
      contactEmail: 'finance@stack.test',
      contactName: 'Finance Office',
      contactPhone: '5550100200',
      number: 'PO-STACK',
      organizationId: member.organizationId,
      total: '0',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'PO-STACK.pdf');
    const upload = await call(`${proxy}/api/purchase-orders`, { method: 'POST', cookie: member.cookie, body: form });
    expect(upload.status === 201, `the upload answered ${upload.status}: ${upload.bytes}`);
    const { purchaseOrderId } = upload.json();
    const fileUrl = `/api/purchase-orders/${purchaseOrderId}/file`;
    const there = await call(`${direct(other(upload.upstream))}${fileUrl}`, { cookie: member.cookie });
    expect(there.status === 200, `the download from :${other(upload.upstream)} answered ${there.status}`);
    expect(sha256(there.bytes) === sha256(pdf), `:${other(upload.upstream)} sent other bytes`);
    const seen = [];
    for (let i = 0; i < 4; i += 1) {
      const again = await call(`${proxy}${fileUrl}`, { cookie: member.cookie });
      expect(
        again.status === 200 && sha256(again.bytes) === sha256(pdf),
        `download ${i + 1} through the proxy differs`,
      );
      seen.push(again.upstream);
    }
    expect(both(seen), `the proxy sent every download to :${seen[0]}`);
    const [row] = (await sql.query('select file_key from purchase_orders where id = $1', [purchaseOrderId])).rows;
    const stored = await storage.get(row.file_key);
    expect(stored && sha256(stored) === sha256(pdf), `the bucket holds no such file at ${row.file_key}`);
    return `${pdf.length} bytes up through :${upload.upstream}, the same bytes down from :${other(upload.upstream)}, through the proxy (both) and in the bucket`;
  });

  await check('3. the sign-in rate limit counts across both instances', async () => {
    const account = `nobody-${randomUUID().slice(0, 8)}@stack.test`;
    const attempt = (base) =>
      call(`${base}/api/auth/login`, { method: 'POST', json: { email: account, password: 'not the password' } });
    const seen = [];
    for (let i = 0; i < accountLimit; i += 1) {
      const answer = await attempt(proxy);
      expect(answer.status === 401, `attempt ${i + 1} (on :${answer.upstream}) answered ${answer.status}, not 401`);
      seen.push(answer.upstream);
    }
    expect(both(seen), `every attempt went to :${seen[0]}`);
    const past = await attempt(proxy);
    const retryAfter = Number(past.headers.get('retry-after'));
    expect(past.status === 429, `attempt ${accountLimit + 1} (on :${past.upstream}) answered ${past.status}, not 429`);
    expect(retryAfter > 0, `the 429 has Retry-After ${past.headers.get('retry-after')}`);
    for (const port of appPorts) {
      const direct429 = await attempt(direct(port));
      expect(direct429.status === 429, `then :${port} directly answered ${direct429.status}, not 429`);
    }
    return `${accountLimit} wrong passwords over :${[...new Set(seen)].join(' and :')}, then 429 (Retry-After ${retryAfter} s) on both`;
  });

  await check('4. parallel checkouts for the last seats oversell nothing', async () => {
    const seats = 5;
    const buyers = fixture.members.slice(1, 25);
    await sql.query('update event_sections set max_tickets = $1 where id = $2', [seats, raceSection.sectionId]);
    const added = await Promise.all(
      buyers.map((member) =>
        call(`${proxy}/api/cart/items`, {
          method: 'POST',
          cookie: member.cookie,
          json: {
            eventId: raceSection.eventId,
            ticketTypeId: raceSection.ticketTypeIds[0],
            sectionId: raceSection.sectionId,
            numberOfTickets: 1,
          },
        }),
      ),
    );
    expect(
      added.every((answer) => answer.status === 200),
      `adding to carts answered ${added.map((a) => a.status)}`,
    );
    const answers = await Promise.all(
      buyers.map((member) =>
        call(`${proxy}/api/checkout`, {
          method: 'POST',
          cookie: member.cookie,
          json: { method: 'CARD', organizationId: member.organizationId },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const sold = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(
      sold.length + refused.length === buyers.length,
      `answers other than 201 and 409: ${answers.map((a) => a.status).filter((s) => s !== 201 && s !== 409)}`,
    );
    expect(sold.length === seats, `${sold.length} checkouts sold of ${seats} seats`);
    expect(both(answers.map((answer) => answer.upstream)), 'every checkout went to one instance');
    const [section] = (
      await sql.query('select tickets_taken from event_sections where id = $1', [raceSection.sectionId])
    ).rows;
    expect(section.tickets_taken === seats, `the section counts ${section.tickets_taken} of ${seats}`);
    const broken = (await checkInvariants(sql)).filter((invariant) => invariant.violations > 0);
    expect(broken.length === 0, `invariants not 0: ${broken.map((b) => `${b.name} (${b.violations})`).join(', ')}`);
    const by = (port) => sold.filter((answer) => answer.upstream === port).length;
    return `${buyers.length} buyers at once for ${seats} seats: ${seats} sold (${appPorts.map((p) => `${by(p)} on :${p}`).join(', ')}), ${refused.length} refused 409, every invariant 0`;
  });

  await check('5. each mail job is sent once, by both instances’ workers', async () => {
    const reset = await call(`${proxy}/api/auth/forgot-password`, { method: 'POST', json: { email } });
    expect(reset.status === 202, `forgot-password answered ${reset.status}`);
    const burst = 150;
    const tag = randomUUID().slice(0, 8);
    // The outbox as queueMails writes it: a burst for the workers of both instances to share.
    await sql.query('begin');
    const { rows: mails } = await sql.query(
      `insert into mail_messages (id, "to", subject, text)
        select gen_random_uuid(), 'reader-' || n || '@stack.test', 'Stack mail ' || n || ' ${tag}', 'Mail ' || n
        from generate_series(1, $1) as n returning id, subject`,
      [burst],
    );
    await sql.query(
      `insert into jobs (kind, payload) select 'mail.deliver', jsonb_build_object('mailId', id) from unnest($1::uuid[]) as id`,
      [mails.map((mail) => mail.id)],
    );
    await sql.query('commit');
    const deadline = Date.now() + 45_000;
    for (;;) {
      const { rows } = await sql.query(
        `select (select count(*)::int from jobs where status in ('PENDING', 'RUNNING') and run_at <= now()) as due,
          (select count(*)::int from mail_messages where "to" = $1 and status = 'SENT') as reset`,
        [email],
      );
      if (rows[0].due === 0 && rows[0].reset > 0) break;
      expect(Date.now() < deadline, `${rows[0].due} jobs still due after 45 s`);
      await sleep(200);
    }
    const { rows: deliveries } = await sql.query(
      `select status, attempts, count(*)::int as n from jobs where kind = 'mail.deliver' group by status, attempts`,
    );
    expect(
      deliveries.every((row) => row.status === 'DONE' && row.attempts === 1),
      `delivery jobs: ${JSON.stringify(deliveries)}`,
    );
    const { rows: unsent } = await sql.query(
      `select status, count(*)::int as n from mail_messages where status <> 'SENT' group by status`,
    );
    expect(unsent.length === 0, `mail not sent: ${JSON.stringify(unsent)}`);
    const [{ sent }] = (await sql.query(`select count(*)::int as sent from mail_messages`)).rows;
    const received = sinks.flatMap((sink) => sink.received);
    expect(received.length === sent, `${received.length} messages reached SMTP for ${sent} mails`);
    const times = new Map();
    for (const message of received) times.set(message.subject, (times.get(message.subject) ?? 0) + 1);
    const twice = mails.filter((mail) => times.get(mail.subject) !== 1);
    expect(twice.length === 0, `${twice.length} of the burst not received exactly once (${twice[0]?.subject})`);
    const resets = received.filter((message) => message.to.includes(email));
    expect(resets.length === 1, `the password reset reached SMTP ${resets.length} times`);
    const share = sinks.map((sink) => sink.received.filter((message) => message.subject.endsWith(tag)).length);
    expect(
      share.every((n) => n > 0),
      `one instance sent the whole burst (${share.join(' / ')})`,
    );
    return `${sent} mails (a reset and a burst of ${burst}), each sent once: ${appPorts.map((p, i) => `${sinks[i].received.length} by :${p}`).join(', ')}`;
  });

  await check('6. killing one instance mid-load loses no acknowledged write', async () => {
    const members = fixture.members.slice(25);
    const stats = createStats();
    let running = true;
    let retrying = true;
    const load = runMembers({
      baseUrl: proxy,
      members,
      targets: loadTargets,
      eventIds: [...new Set(loadTargets.map((target) => target.eventId))],
      mix: { card: 50, purchaseOrder: 25, allocate: 25 },
      thinkMs: 0,
      running: () => running,
      stats,
      // A request cut by the kill answers 502 through the proxy: the member's browser sends it again.
      retry: { statuses: [502, 504], appUp: () => sleep(100).then(() => retrying) },
    });
    await sleep(3000);
    const [killed, survivor] = [apps[1], apps[0]];
    const beforeKill = stats.summary();
    await killed.kill();
    const killedAt = performance.now();
    const health = [];
    while (performance.now() - killedAt < 5000) {
      health.push((await call(`${survivor.url}/api/health/ready`)).status);
      await sleep(200);
    }
    running = false;
    const stopRetrying = setTimeout(() => {
      retrying = false;
    }, 15_000);
    const { acks } = await load;
    clearTimeout(stopRetrying);
    const summary = stats.summary();
    printStats(summary);
    const okAfterKill =
      Object.entries(summary.statuses).reduce((n, [s, c]) => n + (s.startsWith('2') ? c : 0), 0) -
      Object.entries(beforeKill.statuses).reduce((n, [s, c]) => n + (s.startsWith('2') ? c : 0), 0);
    const failed = Object.entries(summary.statuses).filter(
      ([status]) => status === 'no answer' || status.startsWith('5'),
    );
    const invariants = [
      ...(await checkInvariants(sql)),
      ...(await checkStoredObjects(sql, async (key) => (await storage.get(key)) !== null)),
      ...(await checkAcknowledged(sql, acks)),
    ];
    const violations = reportInvariants('Invariants after the kill (each must be 0):', invariants);
    expect(beforeKill.requests > 0, 'no load before the kill');
    expect(
      health.every((status) => status === 200),
      `the survivor answered ${health.filter((s) => s !== 200)}`,
    );
    expect(okAfterKill >= 20, `only ${okAfterKill} requests answered 2xx after the kill`);
    expect(failed.length === 0, `final answers: ${failed.map(([s, n]) => `${s}×${n}`).join(', ')}`);
    expect(violations === 0, `${violations} invariant violations (above)`);
    const written = Object.entries(acks)
      .map(([kind, list]) => `${list.length} ${kind}`)
      .join(', ');
    return `${summary.requests} requests (${okAfterKill} 2xx after :${appPorts[1]} was killed, ${summary.cut} sent again); acknowledged ${written}: all in the database`;
  });

  const failedChecks = results.filter((result) => !result.passed);
  if (failedChecks.length > 0 && existsSync(nginx.errorLog)) {
    const log = readFileSync(nginx.errorLog, 'utf8').trim().split('\n').slice(-20).join('\n');
    if (log) console.log(`\nnginx error.log (last lines):\n${log}`);
  }
  return failedChecks.length;
}

let failures = 1;
try {
  failures = await main();
} catch (error) {
  console.error('test:stack could not run:', error);
} finally {
  await cleanUp();
}
console.log(
  `\ntest:stack: ${results.filter((r) => r.passed).length}/${results.length} checks passed${
    results.length < 6 ? ' (stopped early)' : ''
  }; total ${seconds(performance.now() - began)}`,
);
process.exit(failures === 0 && results.length === 6 ? 0 : 1);
