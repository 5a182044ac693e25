import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { demoPassword, seedDemo } from './db/seed/demo.ts';
import { seedLookups } from './db/seed/lookups.ts';
import { systemClock } from './platform/clock.ts';
import { startJobWorker } from './platform/jobs.ts';
import { createMailTransport, deliverMail, deliverMailJob } from './platform/mail.ts';
import { createStorage } from './platform/storage.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
const { db } = database;
await seedLookups(db, systemClock());
const demoUsers = config.seedDemo ? await seedDemo(db, config.publicUrl) : [];

const app = await buildApp(
  { config, db, clock: systemClock, storage: createStorage(config.storage) },
  {
    serveWeb: true,
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

const stopWorker = startJobWorker(
  db,
  { [deliverMailJob]: deliverMail(db, createMailTransport(config.mail.smtpUrl), config.mail.from) },
  app.log,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await stopWorker();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

const where = config.database.kind === 'pglite' ? `embedded database in ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const lines = [
  '',
  `Members Portal is running at ${config.publicUrl} on ${where}.`,
  `API documentation: ${config.publicUrl}/api/docs`,
];
if (config.mail.devMailbox) lines.push(`Development mailbox (mail is not sent): ${config.publicUrl}/dev/mailbox`);
if (demoUsers.length > 0) {
  lines.push('', `Demo sign-ins (password for all: ${demoPassword}):`);
  const width = Math.max(...demoUsers.map((u) => u.email.length));
  for (const user of demoUsers) lines.push(`  ${user.email.padEnd(width)}  ${user.firstName} ${user.lastName}, ${user.description}`);
}
console.log(lines.join('\n') + '\n');
