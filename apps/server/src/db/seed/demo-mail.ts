import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { jobs, mailMessages } from '../schema/platform.ts';

/** The seeded mail the outbox gave up on: the staff dashboard's failed-mail card has one to send again. */
export const demoFailedMail = {
  to: 'bounced.parent@unreachable.test',
  subject: 'Your seat at the Fall Leadership Conference Day',
  text: 'Your seat at the Fall Leadership Conference Day is confirmed.',
  lastError: '550 5.1.1 Mailbox unavailable',
};

/**
 * One mail whose delivery failed after every attempt, as a bounced address leaves it: staff find it
 * on the dashboard and under Failed mail, and Send again puts it back into the outbox. Seeded once.
 */
export async function seedDemoFailedMail(db: Executor, now: Date): Promise<void> {
  const [seeded] = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(eq(mailMessages.to, demoFailedMail.to));
  if (seeded) return;
  const [mail] = await db
    .insert(mailMessages)
    .values({ to: demoFailedMail.to, subject: demoFailedMail.subject, text: demoFailedMail.text, createdAt: now })
    .returning({ id: mailMessages.id });
  if (!mail) throw new Error('demo failed mail not recorded');
  await db.insert(jobs).values({
    kind: 'mail.deliver',
    payload: { mailId: mail.id },
    status: 'FAILED',
    attempts: 5,
    lastError: demoFailedMail.lastError,
    runAt: now,
    finishedAt: now,
  });
}
