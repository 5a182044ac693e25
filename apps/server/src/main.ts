import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { loadConfig } from './config.ts';
import { compilePgliteWasm } from './db/pglite-wasm.ts';

// Milliseconds since the process began, at the end of each start-up phase, and the process's CPU time (all its threads)
// by then, which a machine shared with other work moves far less: logged once listening (bench/start.mjs reads them).
const startPhases: Record<string, number> = {};
const startCpuPhases: Record<string, number> = {};
const phaseDone = (name: string) => {
  startPhases[name] = Math.round(performance.now());
  const cpu = process.cpuUsage();
  startCpuPhases[name] = Math.round((cpu.user + cpu.system) / 1000);
};
phaseDone('boot');

// V8 doubles its young generation whenever most of it survives a scavenge, as most of what a start allocates does (the
// modules, schemas and routes, kept for the process's life): by the first request it was 32 MB, about as much resident,
// of a server that then idles. Kept at its first size while starting, restored once listening, so requests let it grow
// as before (docs/decisions/0227-warm-start-and-idle-memory.md). V8 reads this flag at each growth.
const youngGenerationGrowth = (factor: number) => setFlagsFromString(`--semi-space-growth-factor=${factor}`);
youngGenerationGrowth(1);

function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    // A configuration error is for the operator: its message names each variable, a stack trace adds nothing.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const config = configOrExit();
// Compiles on V8's own threads while the modules below load.
const pgliteWasm = config.database.kind === 'pglite' ? compilePgliteWasm() : undefined;
phaseDone('config');
const sharedCounters = config.signInRateLimit.redis;
if (sharedCounters) {
  const { checkRedisReachable } = await import('./platform/rate-limit.ts');
  const problem = await checkRedisReachable(sharedCounters.url);
  if (problem) {
    console.error(`REDIS_URL: Redis is not reachable (${problem}). Start it, or correct REDIS_URL.`);
    process.exit(1);
  }
}
// Before the app exists, so its first request is traced; without OTEL_EXPORTER_OTLP_ENDPOINT nothing loads.
const tracing = await (await import('./platform/tracing.ts')).startTracing(config.tracing);
// The embedded database opens while the rest loads: its WebAssembly runs while the module loader waits on files, and
// the other way round.
const databaseOpened = import('./db/client.ts').then(async ({ openDatabase, pgliteDemoTemplate, pgliteTemplate }) => {
  const opened = await openDatabase(config.database, pgliteWasm, config.seedDemo ? pgliteDemoTemplate : pgliteTemplate);
  phaseDone('databaseOpen');
  return opened;
});
// The rest loads only once the configuration is valid, so a refused start answers at once.
const [
  database,
  [
    { buildApp },
    { demoPassword, demoUsers },
    { seedDemoOnce },
    { seedLookupsOnce },
    { systemClock },
    { startJobWorker },
    mail,
    { createStorage },
    auth,
    staffNotifications,
    receipts,
    webhooks,
    { expireDueHolds },
    holdNotices,
    waitingListJobs,
    waitingLists,
    evaluations,
    reminders,
    creditNotes,
    refunds,
    invoices,
    invoiceReminders,
  ],
] = await Promise.all([
  databaseOpened,
  Promise.all([
    import('./app.ts'),
    import('./db/seed/demo.ts'),
    import('./db/seed/demo-once.ts'),
    import('./db/seed/lookups.ts'),
    import('./platform/clock.ts'),
    import('./platform/jobs.ts'),
    import('./platform/mail.ts'),
    import('./platform/storage.ts'),
    import('./features/auth/service.ts'),
    import('./features/admin-notifications/service.ts'),
    import('./core/receipts.ts'),
    import('./core/webhooks.ts'),
    import('./core/capacity.ts'),
    import('./core/hold-notices.ts'),
    import('./core/waiting-lists.ts'),
    import('./features/waiting-lists/service.ts'),
    import('./core/evaluations.ts'),
    import('./features/admin-reminders/service.ts'),
    import('./core/credit-notes.ts'),
    import('./core/refunds.ts'),
    import('./core/invoices.ts'),
    import('./features/admin-invoices/reminders.ts'),
  ]).then((modules) => {
    phaseDone('modules');
    return modules;
  }),
]);
await database.migrate();
phaseDone('migrations');
const { db } = database;
await seedLookupsOnce(db, systemClock());
const storage = createStorage(config.storage);
// Demo accounts share a published password: config.ts refuses SEED_DEMO in production. Seeded once per database
// (its files with the storage the app serves from); a later start finds them there.
if (config.seedDemo) await seedDemoOnce(db, storage, config.publicUrl, systemClock());
phaseDone('seed');

const app = await buildApp(
  { config, db, clock: systemClock, storage },
  {
    serveWeb: true,
    pool: database.pool,
    tracing,
    logger: {
      level: config.logLevel,
      // Query strings can hold one-time tokens (/auth/reset-password?token=…): log paths only.
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: request.url.split('?')[0],
          ip: request.ip,
        }),
      },
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  },
);

phaseDone('buildApp');

// Started once listening (below): none of it has to be ready for the first request.
let stopBackground = async () => {};

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  // A request or job stuck on a hung database must not hold the stop forever (the supervisor would
  // kill it without the log line saying why).
  setTimeout(() => {
    app.log.error(`${signal}: still busy after ${config.shutdownGraceMs} ms, exiting anyway`);
    process.exit(1);
  }, config.shutdownGraceMs).unref();
  await app.close();
  await stopBackground();
  await database.close();
  // Last, so the spans of the requests and jobs that just ended are sent too.
  await tracing?.shutdown();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
phaseDone('listen');

// A signal that came while listening began has already closed the app: nothing more is started then.
if (!closing) {
  const stopWorker = startJobWorker(
    db,
    {
      [mail.deliverMailJob]: mail.deliverMail(db, mail.createMailTransport(config.mail.smtpUrl), config.mail.from),
      [auth.passwordResetJob]: auth.sendPasswordReset({ db, clock: systemClock, config }),
      [staffNotifications.staffDigestJob]: staffNotifications.runDigestJob({ db, clock: systemClock, config, storage }),
      [receipts.receiptMailJob]: receipts.receiptMailJobHandler({ db, config }),
      [evaluations.evaluationAskJob]: evaluations.evaluationAskJobHandler({ db, config, clock: systemClock }),
      [creditNotes.creditNoteMailJob]: creditNotes.creditNoteMailJobHandler({ db, config }),
      [refunds.refundSendJob]: refunds.refundSendJobHandler({ db, config, clock: systemClock }),
      [webhooks.webhookDeliveryJob]: webhooks.webhookDeliveryJobHandler({ db, config, clock: systemClock }),
      [webhooks.webhookAttemptPruningJob]: webhooks.attemptPruningJobHandler({ db, config, clock: systemClock }),
      [holdNotices.holdReleasedMailJob]: holdNotices.holdReleasedMailJobHandler({ db, config }),
      [waitingListJobs.offerMailJob]: waitingLists.offerMailJobHandler({ db, config }),
      [waitingListJobs.offerExpiryJob]: waitingLists.offerExpiryJobHandler({ db, clock: systemClock }),
      [reminders.reminderSweepJob]: reminders.reminderSweepJobHandler({ db, config, clock: systemClock, storage }),
      [invoices.invoiceMailJob]: invoices.invoiceMailJobHandler({ db, config, clock: systemClock }),
      [invoiceReminders.invoiceReminderSweepJob]: invoiceReminders.invoiceReminderSweepJobHandler({
        db,
        config,
        clock: systemClock,
      }),
    },
    app.log,
  );
  // Holds that ran out give their seats back on this timer, on every instance (each release is a
  // conditional update, so instances never release one twice); buying releases them too when a
  // bucket looks short, so no sale waits for it. Purchase-order holds ending soon are reminded on it
  // too, once each (a conditional update as well).
  let expiring: Promise<unknown> = Promise.resolve();
  const holdExpiry = setInterval(() => {
    expiring = expiring
      .then(() => holdNotices.remindEndingHolds({ db, config }, systemClock()))
      .then(() => expireDueHolds(db, systemClock()))
      .catch((err: unknown) => app.log.error({ err }, 'hold expiry failed'));
  }, 30_000);
  // Every instance asks; the digest day's row lets only one of them queue it, and a pruning run or
  // reminder sweep already waiting makes the others' asks no-ops.
  const digestScheduled = staffNotifications
    .scheduleNextDigest({ db, config }, systemClock())
    .then(() => webhooks.scheduleAttemptPruning(db, systemClock()))
    .then(() => reminders.scheduleReminderSweep(db, systemClock()))
    .then(() => invoiceReminders.scheduleInvoiceReminderSweep(db, systemClock()));
  stopBackground = async () => {
    await digestScheduled.catch(() => undefined);
    await stopWorker();
    clearInterval(holdExpiry);
    await expiring;
  };
  await digestScheduled;
}
phaseDone('background');
app.log.info({ startPhases, startCpuPhases }, 'started');

const where =
  config.database.kind === 'pglite' ? `embedded database in ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const lines = [
  '',
  `Members Portal is running at ${config.publicUrl} on ${where}.`,
  `API documentation: ${config.publicUrl}/api/docs`,
];
if (config.mail.devMailbox) lines.push(`Development mailbox (mail is not sent): ${config.publicUrl}/dev/mailbox`);
if (config.seedDemo) {
  lines.push('', `Demo sign-ins (password for all: ${demoPassword}):`);
  const width = Math.max(...demoUsers.map((u) => u.email.length));
  for (const user of demoUsers)
    lines.push(`  ${user.email.padEnd(width)}  ${user.firstName} ${user.lastName}, ${user.description}`);
}
console.log(lines.join('\n') + '\n');
youngGenerationGrowth(2);
