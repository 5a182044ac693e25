import { setTimeout as sleep } from 'node:timers/promises';
import { eq, isNotNull } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { jobs, mailMessages } from '../db/schema/platform.ts';
import { createTestDatabase } from '../test/database.ts';
import { runDueJobs, startJobWorker } from './jobs.ts';
import { deliverMail, deliverMailJob, queueMail, type MailInput, type MailTransport } from './mail.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Stands in for the SMTP server, through the mail provider interface. */
function recordingTransport(failures = 0): MailTransport & { sent: MailInput[] } {
  let remaining = failures;
  const sent: MailInput[] = [];
  return {
    sent,
    async send(message) {
      if (remaining > 0) {
        remaining -= 1;
        throw new Error('SMTP unavailable');
      }
      sent.push(message);
    },
  };
}

describe('mail outbox', () => {
  it('writes nothing when the transaction that queued the mail rolls back', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await queueMail(tx, { to: 'rollback@example.test', subject: 'Never', text: 'x' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.select().from(mailMessages).where(eq(mailMessages.to, 'rollback@example.test'))).toHaveLength(0);
  });

  it('delivers queued mail once through the transport', async () => {
    const { db } = database;
    const transport = recordingTransport();
    await queueMail(db, { to: 'once@example.test', subject: 'Hello', text: 'Body' });
    const handlers = { [deliverMailJob]: deliverMail(db, transport, 'Portal <no-reply@example.test>') };
    expect(await runDueJobs(db, handlers)).toBe(1);
    expect(await runDueJobs(db, handlers)).toBe(0);
    expect(transport.sent).toEqual([
      expect.objectContaining({ to: 'once@example.test', subject: 'Hello', from: 'Portal <no-reply@example.test>' }),
    ]);
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.to, 'once@example.test'));
    expect(mail?.status).toBe('SENT');
  });

  it('keeps mail for the development mailbox when there is no SMTP server', async () => {
    const { db } = database;
    await queueMail(db, { to: 'held@example.test', subject: 'Held', text: 'Body' });
    await runDueJobs(db, { [deliverMailJob]: deliverMail(db, null, 'x') });
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.to, 'held@example.test'));
    expect(mail?.status).toBe('HELD');
  });

  it('retries a failed delivery later instead of losing it', async () => {
    const { db } = database;
    const transport = recordingTransport(1);
    await queueMail(db, { to: 'retry@example.test', subject: 'Retry', text: 'Body' });
    const handlers = { [deliverMailJob]: deliverMail(db, transport, 'x') };
    await runDueJobs(db, handlers);
    const [job] = await db.select().from(jobs).where(isNotNull(jobs.lastError));
    expect(job).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'SMTP unavailable' });
    expect(transport.sent).toHaveLength(0);
    // Not due yet: the back-off holds it.
    expect(await runDueJobs(db, handlers)).toBe(0);
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job?.id ?? 0));
    expect(await runDueJobs(db, handlers)).toBe(1);
    expect(transport.sent).toHaveLength(1);
  });
});

/** A logger as the server's (pino through Fastify) whose lines are kept, parsed. */
function recordingLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const { log } = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as never) } },
  });
  return { log, lines };
}

describe('the job worker during a database outage', () => {
  it('logs the outage once, with its reason and without the statement, however many polls fail', async () => {
    const gone = await createTestDatabase();
    await gone.close();
    const { log, lines } = recordingLog();
    const stop = startJobWorker(gone.db, {}, log, 10);
    await sleep(400);
    await stop();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'job worker paused: the database is unavailable' });
    expect(lines[0]?.reason).toMatch(/PGlite is closed|Cannot use a pool after calling end/);
    const logged = JSON.stringify(lines);
    expect(logged).not.toMatch(/update jobs|select id from jobs|Failed query/i);
    expect(logged).not.toMatch(/"stack"|\bat .*\.ts:\d+/);
  });

  it('logs once when the database answers again, and stays quiet while it does', async () => {
    const { log, lines } = recordingLog();
    let down = true;
    const failing = await createTestDatabase();
    await failing.close();
    // The worker is given either database per poll: the closed one while "down", the open one after.
    const db = new Proxy(database.db, {
      get: (target, key, receiver) => Reflect.get(down ? failing.db : target, key, receiver) as unknown,
    });
    const stop = startJobWorker(db, {}, log, 10);
    await sleep(200);
    down = false;
    await sleep(200);
    await stop();
    expect(lines.map((line) => line.msg)).toEqual([
      'job worker paused: the database is unavailable',
      'job worker resumed: the database answers again',
    ]);
  });
});
