import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** A file sent with a mail: text (calendar files) sent as is, or bytes in base64 (PDF receipts). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text, or with encoding 'base64' its bytes (a PDF receipt). */
  content: string;
  encoding?: 'base64';
}

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_subject').on(t.subjectType, t.subjectId), index('audit_log_actor').on(t.actorId)],
);

export const jobStatus = pgEnum('job_status', ['PENDING', 'RUNNING', 'DONE', 'FAILED']);

/** The transactional outbox: a job row is written in the same transaction as the change it follows. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: jobStatus('status').notNull().default('PENDING'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due').on(t.status, t.runAt),
    // What the outbox gave up on: the staff dashboard's failed-mail card and list.
    index('jobs_failed')
      .on(t.kind, t.finishedAt)
      .where(sql`${t.status} = 'FAILED'`),
    // A mail's delivery job by the mail's id: how delivery of a batch of mails is counted from the outbox.
    index('jobs_mail')
      .on(sql`(${t.payload} ->> 'mailId')`)
      .where(sql`${t.kind} = 'mail.deliver'`),
  ],
);

export const mailStatus = pgEnum('mail_status', ['PENDING', 'SENT', 'HELD', 'FAILED']);

/** Every mail the portal sends; also what the development mailbox shows. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the mail (a calendar .ics), content as text. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    status: mailStatus('status').notNull().default('PENDING'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_messages_created').on(t.createdAt)],
);

/**
 * The seeds that need to run only once per database (the demo data), with the version each last ran at: a start
 * skips a seed already recorded at its current version.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
