import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@portal/domain/applications/rules.ts';
import type { Executor } from '../../db/client.ts';
import { eventApplications } from '../../db/schema/applications.ts';
import { eventPaymentItems, eventPayments } from '../../db/schema/commerce.ts';
import { eventMessageRecipients, eventMessages } from '../../db/schema/event-messages.ts';
import { jobs, mailMessages } from '../../db/schema/platform.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { expectedPeople } from '../../core/attendance.ts';
import { deliverMailJob } from '../../platform/mail.ts';

/** Whom a message is for, once the input is checked against the event. */
export type Audience =
  | { audience: 'HOLDERS' }
  | { audience: 'APPLICANTS'; applicationStatus: ApplicationStatus }
  | { audience: 'SECTION'; sectionId: string };

/**
 * The ids of the people an audience names, as a subquery: holders of a paid ticket of the event, its
 * applicants of one status, or the people expected in one section (ticket holders of the section and
 * accepted applicants placed in it or waiting for placement there, as its attendance list has them).
 */
function recipientIds(db: Executor, eventId: string, audience: Audience) {
  if (audience.audience === 'APPLICANTS') {
    return db
      .select({ userId: eventApplications.userId })
      .from(eventApplications)
      .where(and(eq(eventApplications.eventId, eventId), eq(eventApplications.status, audience.applicationStatus)));
  }
  if (audience.audience === 'SECTION') {
    const expected = expectedPeople(db, eventId, audience.sectionId);
    return db.select({ userId: expected.userId }).from(expected);
  }
  return db
    .select({ userId: eventTickets.userId })
    .from(eventTickets)
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.id, eventTickets.paymentItemId))
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .where(and(eq(eventTickets.eventId, eventId), eq(eventPayments.status, 'PAID')));
}

const byName = [asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id)];

/** How many people the audience names, and the first names of the first `limit` of them by name. */
export async function previewRecipients(db: Executor, eventId: string, audience: Audience, limit: number) {
  const rows = await db
    .select({ firstName: users.firstName, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(inArray(users.id, recipientIds(db, eventId, audience)))
    .orderBy(...byName)
    .limit(limit);
  return { recipientCount: rows[0]?.total ?? 0, firstNames: rows.map((row) => row.firstName) };
}

/** Everyone the audience names, once each, by name. */
export function recipients(db: Executor, eventId: string, audience: Audience) {
  return db
    .select({ id: users.id, firstName: users.firstName, email: users.email })
    .from(users)
    .where(inArray(users.id, recipientIds(db, eventId, audience)))
    .orderBy(...byName);
}

export async function insertMessage(db: Executor, message: typeof eventMessages.$inferInsert) {
  const [row] = await db.insert(eventMessages).values(message).returning({ id: eventMessages.id });
  if (!row) throw new Error('message not recorded');
  return row.id;
}

/** A thousand rows a statement, well under PostgreSQL's 65,535 parameters. */
export async function insertRecipients(db: Executor, rows: (typeof eventMessageRecipients.$inferInsert)[]) {
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(eventMessageRecipients).values(rows.slice(start, start + 1000));
  }
}

/** The message this staff member sent with this Idempotency-Key, with the fingerprint of that request. */
export async function findSentMessage(db: Executor, staffId: string, key: string) {
  const [row] = await db
    .select({
      id: eventMessages.id,
      eventId: eventMessages.eventId,
      idempotencyFingerprint: eventMessages.idempotencyFingerprint,
    })
    .from(eventMessages)
    .where(and(eq(eventMessages.sentById, staffId), eq(eventMessages.idempotencyKey, key)));
  return row;
}

const delivered = sql`${mailMessages.status} in ('SENT', 'HELD')`;

/**
 * An event's messages, newest first, each with its delivery counted from its outbox rows: a mail
 * sent (or held for the development mailbox) is delivered; one whose delivery job gave up is failed.
 */
export async function messagePage(
  db: Executor,
  eventId: string,
  page: { limit: number; offset: number; messageId?: string },
) {
  const where = and(
    eq(eventMessages.eventId, eventId),
    page.messageId ? eq(eventMessages.id, page.messageId) : undefined,
  );
  const paged = db
    .select({ id: eventMessages.id })
    .from(eventMessages)
    .where(where)
    .orderBy(desc(eventMessages.createdAt), desc(eventMessages.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('paged');
  const rows = await db
    .select({
      id: eventMessages.id,
      subject: eventMessages.subject,
      body: eventMessages.body,
      audienceLabel: eventMessages.audienceLabel,
      recipientCount: eventMessages.recipientCount,
      createdAt: eventMessages.createdAt,
      senderFirstName: users.firstName,
      senderLastName: users.lastName,
      delivered: sql<number>`count(${mailMessages.id}) filter (where ${delivered})`.mapWith(Number),
      failed:
        sql<number>`count(${mailMessages.id}) filter (where not ${delivered} and ${jobs.status} = 'FAILED')`.mapWith(
          Number,
        ),
    })
    .from(paged)
    .innerJoin(eventMessages, eq(eventMessages.id, paged.id))
    .innerJoin(users, eq(users.id, eventMessages.sentById))
    .leftJoin(eventMessageRecipients, eq(eventMessageRecipients.messageId, eventMessages.id))
    .leftJoin(mailMessages, eq(mailMessages.id, eventMessageRecipients.mailId))
    .leftJoin(jobs, and(eq(jobs.kind, deliverMailJob), sql`(${jobs.payload} ->> 'mailId') = ${mailMessages.id}::text`))
    .groupBy(eventMessages.id, users.id)
    .orderBy(desc(eventMessages.createdAt), desc(eventMessages.id));
  const [total] = await db.select({ total: count() }).from(eventMessages).where(where);
  return { rows, total: total?.total ?? 0 };
}
