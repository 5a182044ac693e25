import { and, count, desc, eq, gte, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { ReminderKind } from '@portal/domain/events/reminders.ts';
import type { Executor } from '../../db/client.ts';
import { eventApplications } from '../../db/schema/applications.ts';
import { eventPaymentItems, eventPayments, events, eventSections } from '../../db/schema/commerce.ts';
import { organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { jobs, mailMessages } from '../../db/schema/platform.ts';
import { eventRegistrationPayments } from '../../db/schema/registration-requests.ts';
import { eventReminders, eventReminderSettings } from '../../db/schema/reminders.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { deliverMailJob } from '../../platform/mail.ts';

export async function findReminderSettings(db: Executor, eventId: string) {
  const [row] = await db.select().from(eventReminderSettings).where(eq(eventReminderSettings.eventId, eventId));
  return row;
}

export async function saveReminderSettings(db: Executor, row: typeof eventReminderSettings.$inferInsert) {
  const { eventId: _eventId, ...changes } = row;
  await db
    .insert(eventReminderSettings)
    .values(row)
    .onConflictDoUpdate({ target: eventReminderSettings.eventId, set: { ...changes, updatedAt: new Date() } });
}

const setting = {
  dayReminders: sql<boolean>`coalesce(${eventReminderSettings.dayReminders}, true)`,
  daysBefore: sql<number>`coalesce(${eventReminderSettings.daysBefore}, 1)`.mapWith(Number),
  paymentReminders: sql<boolean>`coalesce(${eventReminderSettings.paymentReminders}, true)`,
  unallocatedReminders: sql<boolean>`coalesce(${eventReminderSettings.unallocatedReminders}, true)`,
};

/**
 * Published events with a day in the window, with their settings (the defaults where staff set none) and
 * their sections' dates: the sweep works out which of their occasions are due.
 */
export async function eventsInWindow(db: Executor, window: { from: string; to: string }) {
  return db
    .select({
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      locationName: events.locationName,
      onlineUrl: eventReminderSettings.onlineUrl,
      ...setting,
      sectionDates: sql<string[]>`coalesce((
        select array_agg(distinct d order by d)::text[] from ${eventSections}, unnest(${eventSections.dates}) d
        where ${eventSections.eventId} = ${events.id}), '{}')`,
    })
    .from(events)
    .leftJoin(eventReminderSettings, eq(eventReminderSettings.eventId, events.id))
    .where(and(eq(events.published, true), lte(events.startDate, window.to), gte(events.endDate, window.from)));
}

const notReminded = (kind: ReminderKind, eventId: string, occasion: string, userId: typeof users.id) =>
  notExists(
    sql`(select 1 from ${eventReminders} where ${eventReminders.eventId} = ${eventId}
      and ${eventReminders.kind} = ${kind} and ${eventReminders.occasion} = ${occasion}
      and ${eventReminders.userId} = ${userId})`,
  );

/**
 * Who holds a paid ticket for the event on `day` and was not reminded of it yet: a section's holders when
 * the section meets that day (or names no days), the event's own ticket holders on each of its days, and
 * accepted applicants who paid. One row a person, with the first of their sections that day.
 */
export async function dayRecipients(db: Executor, eventId: string, day: string) {
  const onThatDay = or(
    isNull(eventTickets.sectionId),
    sql`${day}::date = any(${eventSections.dates})`,
    sql`cardinality(${eventSections.dates}) = 0`,
  );
  const holders = await db
    .selectDistinctOn([users.id], {
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      sectionTitle: eventSections.title,
      sectionLocation: eventSections.locationName,
    })
    .from(eventTickets)
    .innerJoin(users, eq(users.id, eventTickets.userId))
    .innerJoin(eventPaymentItems, eq(eventPaymentItems.id, eventTickets.paymentItemId))
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .leftJoin(eventSections, eq(eventSections.id, eventTickets.sectionId))
    .where(
      and(
        eq(eventTickets.eventId, eventId),
        eq(eventPayments.status, 'PAID'),
        onThatDay,
        notReminded('EVENT_DAY', eventId, day, users.id),
      ),
    )
    .orderBy(users.id, eventSections.position, eventSections.title);
  const applicants = await db
    .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName })
    .from(eventApplications)
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .innerJoin(eventPayments, eq(eventPayments.applicationId, eventApplications.id))
    .where(
      and(
        eq(eventApplications.eventId, eventId),
        eq(eventApplications.status, 'ACCEPTED'),
        eq(eventPayments.status, 'PAID'),
        notReminded('EVENT_DAY', eventId, day, users.id),
      ),
    );
  const seen = new Set(holders.map((holder) => holder.id));
  return [
    ...holders,
    ...applicants
      .filter((applicant) => !seen.has(applicant.id))
      .map((applicant) => ({ ...applicant, sectionTitle: null, sectionLocation: null })),
  ];
}

/**
 * Accepted applicants who have not paid, with the day their payment falls due in the zone (the decision's
 * day plus the event's due days) inside the window, for events whose payment reminders are on.
 */
export async function unpaidApplicants(db: Executor, window: { from: string; to: string }, timeZone: string) {
  const dueDate = sql<string>`((${eventApplications.decidedAt} at time zone ${timeZone})::date
    + ${events.paymentDueDays})::text`;
  return db
    .select({
      eventId: events.id,
      eventName: events.name,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      dueDate,
    })
    .from(eventApplications)
    .innerJoin(events, eq(events.id, eventApplications.eventId))
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .leftJoin(eventReminderSettings, eq(eventReminderSettings.eventId, events.id))
    .where(
      and(
        eq(eventApplications.status, 'ACCEPTED'),
        sql`${eventApplications.decidedAt} is not null and ${events.paymentDueDays} is not null`,
        sql`${setting.paymentReminders}`,
        sql`${dueDate}::date between ${window.from}::date and ${window.to}::date`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(eventPayments)
            .where(and(eq(eventPayments.applicationId, eventApplications.id), eq(eventPayments.status, 'PAID'))),
        ),
        notExists(
          sql`(select 1 from ${eventReminders} where ${eventReminders.eventId} = ${events.id}
            and ${eventReminders.kind} = 'PAYMENT_DUE' and ${eventReminders.occasion} = ${dueDate}::date
            and ${eventReminders.userId} = ${users.id})`,
        ),
      ),
    );
}

/**
 * The owners of organizations that bought tickets for the event and have not handed all of them out (a
 * paid cart payment, not an application's seat or a registration request's), with how many are left, not
 * reminded of this occasion yet.
 */
export async function ownersHoldingTickets(db: Executor, eventId: string, occasion: string) {
  const holders = sql<number>`(select count(*) from ${eventTickets}
    where ${eventTickets.paymentItemId} = ${eventPaymentItems.id})`;
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      organizationName: organizations.name,
      free: sql<number>`sum(${eventPaymentItems.numberOfTickets} - ${holders})`.mapWith(Number),
    })
    .from(eventPaymentItems)
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .innerJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .innerJoin(
      organizationMemberships,
      and(
        eq(organizationMemberships.organizationId, organizations.id),
        eq(organizationMemberships.role, 'OWNER'),
        isNull(organizationMemberships.archivedAt),
      ),
    )
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .leftJoin(eventRegistrationPayments, eq(eventRegistrationPayments.paymentId, eventPayments.id))
    .where(
      and(
        eq(eventPaymentItems.eventId, eventId),
        eq(eventPayments.status, 'PAID'),
        isNull(eventPayments.applicationId),
        isNull(eventPayments.legacyApplicationId),
        isNull(eventRegistrationPayments.requestId),
        sql`${eventPaymentItems.numberOfTickets} > ${holders}`,
        notReminded('UNALLOCATED', eventId, occasion, users.id),
      ),
    )
    .groupBy(users.id, organizations.id)
    .orderBy(users.id, organizations.name);
}

/**
 * Records the reminders of one occasion; a person already recorded (by this sweep's twin on another
 * instance, or an earlier run) is skipped by the unique index. Answers whom this call recorded: only they are mailed.
 */
export async function recordReminders(
  db: Executor,
  occasion: { eventId: string; kind: ReminderKind; occasion: string },
  userIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .insert(eventReminders)
    .values(userIds.map((userId) => ({ ...occasion, userId, createdAt: now })))
    .onConflictDoNothing({
      target: [eventReminders.eventId, eventReminders.kind, eventReminders.occasion, eventReminders.userId],
    })
    .returning({ userId: eventReminders.userId });
  return new Set(rows.map((row) => row.userId));
}

/** Links each recorded reminder to the mail queued for it, one statement. */
export async function linkReminderMails(
  db: Executor,
  occasion: { eventId: string; kind: ReminderKind; occasion: string },
  mails: readonly { userId: string; mailId: string }[],
): Promise<void> {
  if (mails.length === 0) return;
  const linked = JSON.stringify(mails.map((mail) => ({ user_id: mail.userId, mail_id: mail.mailId })));
  await db.execute(sql`
    update ${eventReminders} set mail_id = linked.mail_id
    from jsonb_to_recordset(${linked}::jsonb) as linked(user_id uuid, mail_id uuid)
    where ${eventReminders.eventId} = ${occasion.eventId} and ${eventReminders.kind} = ${occasion.kind}
      and ${eventReminders.occasion} = ${occasion.occasion} and ${eventReminders.userId} = linked.user_id`);
}

const delivered = sql`${mailMessages.status} in ('SENT', 'HELD')`;

/** An event's reminders grouped by occasion, newest first, with their delivery counted from the outbox. */
export async function sentReminderPage(db: Executor, eventId: string, page: { limit: number; offset: number }) {
  const rows = await db
    .select({
      kind: eventReminders.kind,
      occasion: eventReminders.occasion,
      sentAt: sql<Date>`max(${eventReminders.createdAt})`.mapWith((value: string | Date) => new Date(value)),
      recipientCount: count(eventReminders.id),
      delivered: sql<number>`count(${mailMessages.id}) filter (where ${delivered})`.mapWith(Number),
      failed:
        sql<number>`count(${mailMessages.id}) filter (where not ${delivered} and ${jobs.status} = 'FAILED')`.mapWith(
          Number,
        ),
    })
    .from(eventReminders)
    .leftJoin(mailMessages, eq(mailMessages.id, eventReminders.mailId))
    .leftJoin(jobs, and(eq(jobs.kind, deliverMailJob), sql`(${jobs.payload} ->> 'mailId') = ${mailMessages.id}::text`))
    .where(eq(eventReminders.eventId, eventId))
    .groupBy(eventReminders.kind, eventReminders.occasion)
    .orderBy(desc(sql`max(${eventReminders.createdAt})`), desc(eventReminders.occasion), eventReminders.kind)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({
      total: sql<number>`count(distinct (${eventReminders.kind}, ${eventReminders.occasion}))`.mapWith(Number),
    })
    .from(eventReminders)
    .where(eq(eventReminders.eventId, eventId));
  return { rows, total: total?.total ?? 0 };
}
