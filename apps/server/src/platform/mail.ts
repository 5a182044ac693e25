import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, Executor } from '../db/client.ts';
import { mailMessages, type MailAttachment } from '../db/schema/platform.ts';
import { enqueueJob, type JobHandler } from './jobs.ts';

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Text files sent with the mail, such as a calendar (.ics) invite. */
  attachments?: MailAttachment[];
}

export interface MailTransport {
  send(message: MailInput & { from: string }): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise null: mail stays in the table for the development mailbox. */
export function createMailTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
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
