import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database, Executor } from '../db/client.ts';
import { jobs, mailMessages, type MailAttachment } from '../db/schema/platform.ts';
import { enqueueJob, requeueFailedJobs, type JobHandler } from './jobs.ts';

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail, such as a calendar (.ics) invite or a PDF receipt (base64). */
  attachments?: MailAttachment[];
}

export interface MailTransport {
  send(message: MailInput & { from: string }): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise null: mail stays in the table for the development mailbox. */
export function createMailTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null;
  // nodemailer is loaded by the first mail sent, not at start-up (docs/decisions/0144-start-in-a-second.md).
  let transporter: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transporter).sendMail(message);
    },
  };
}

export const deliverMailJob = 'mail.deliver';

/** Records the mail and its delivery job in the caller's transaction (transactional outbox). */
export async function queueMail(db: Executor, mail: MailInput): Promise<void> {
  const [row] = await db.insert(mailMessages).values(mail).returning({ id: mailMessages.id });
  if (!row) throw new Error('mail was not recorded');
  await enqueueJob(db, deliverMailJob, { mailId: row.id });
}

/**
 * Sends mail the outbox gave up on again, through the same delivery job: one mail (by its id) or,
 * without one, every failed mail. Answers how many went back into the outbox.
 */
export function retryFailedMail(db: Executor, mailId?: string): Promise<number> {
  return requeueFailedJobs(db, deliverMailJob, mailId ? sql`${jobs.payload} ->> 'mailId' = ${mailId}` : undefined);
}

/** Rows per insert: PostgreSQL takes at most 65,535 parameters in one statement. */
const mailsPerStatement = 1000;

/**
 * Records one mail for each item and their delivery jobs in the caller's transaction, two statements
 * a thousand mails; answers each item with its mail's id, so the caller keeps which mail went to whom.
 */
export async function queueMails<T>(
  db: Executor,
  items: readonly T[],
  mailOf: (item: T) => MailInput,
): Promise<{ item: T; mailId: string }[]> {
  if (items.length === 0) return [];
  // Ids made here rather than read back: RETURNING promises no order.
  const queued = items.map((item) => ({ item, mailId: randomUUID() }));
  for (let start = 0; start < queued.length; start += mailsPerStatement) {
    const batch = queued.slice(start, start + mailsPerStatement);
    await db.insert(mailMessages).values(batch.map(({ item, mailId }) => ({ ...mailOf(item), id: mailId })));
    await db.insert(jobs).values(batch.map(({ mailId }) => ({ kind: deliverMailJob, payload: { mailId } })));
  }
  return queued;
}

export function deliverMail(db: Database, transport: MailTransport | null, from: string): JobHandler {
  return async (payload) => {
    const mailId = String(payload.mailId);
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    if (!mail || mail.status === 'SENT' || mail.status === 'HELD') return;
    if (!transport) {
      await db.update(mailMessages).set({ status: 'HELD' }).where(eq(mailMessages.id, mailId));
      return;
    }
    await transport.send({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    });
    await db.update(mailMessages).set({ status: 'SENT', sentAt: new Date() }).where(eq(mailMessages.id, mailId));
  };
}
