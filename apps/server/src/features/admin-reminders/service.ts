import {
  defaultReminderSettings,
  dueEventDays,
  paymentDueSoonDays,
  reminderDue,
  reminderKindLabels,
  reminderTexts,
  sweepWindow,
  unallocatedDaysBefore,
  type ReminderKind,
  type ReminderSettings,
  type SentReminderPage,
} from '@portal/domain/events/reminders.ts';
import { daysBetween } from '@portal/domain/tickets/allocation.ts';
import { ticketCalendar } from '@portal/domain/tickets/calendar.ts';
import { ticketScanMessages } from '@portal/domain/tickets/ticket-codes.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { findEventName } from '../../core/event-structure.ts';
import { ticketCode } from '../../core/ticket-codes.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { enqueueUnlessWaiting, type JobHandler } from '../../platform/jobs.ts';
import { queueMails, type MailInput } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  dayRecipients,
  eventsInWindow,
  findReminderSettings,
  linkReminderMails,
  ownersHoldingTickets,
  recordReminders,
  saveReminderSettings,
  sentReminderPage,
  unpaidApplicants,
} from './repository.ts';

const eventNotFound = () => notFound('No such event.');

/** GET /api/admin/reminders/:eventId: the event's settings, the defaults when staff set none. */
export async function getReminderSettings(deps: AppDeps, eventId: string): Promise<{ settings: ReminderSettings }> {
  if (!(await findEventName(deps.db, eventId))) throw eventNotFound();
  const row = await findReminderSettings(deps.db, eventId);
  if (!row) return { settings: defaultReminderSettings };
  const { eventId: _eventId, updatedAt: _updatedAt, ...settings } = row;
  return { settings };
}

/** PUT /api/admin/reminders/:eventId. */
export async function putReminderSettings(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  settings: ReminderSettings,
): Promise<{ settings: ReminderSettings }> {
  await deps.db.transaction(async (tx) => {
    if (!(await findEventName(tx, eventId))) throw eventNotFound();
    await saveReminderSettings(tx, { eventId, ...settings });
    await audit(tx, {
      ...actorOf(auth),
      action: 'event.reminders.update',
      subjectType: 'event',
      subjectId: eventId,
      data: settings,
    });
  });
  return { settings };
}

/** GET /api/admin/reminders/:eventId/sent: each occasion's reminders, listed with the event's sent messages. */
export async function listSentReminders(
  deps: AppDeps,
  eventId: string,
  query: { page: number; pageSize: number },
): Promise<SentReminderPage> {
  if (!(await findEventName(deps.db, eventId))) throw eventNotFound();
  const { rows, total } = await sentReminderPage(deps.db, eventId, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      kind: row.kind,
      label: reminderKindLabels[row.kind],
      occasion: row.occasion,
      sentAt: row.sentAt.toISOString(),
      recipientCount: row.recipientCount,
      delivered: row.delivered,
      failed: row.failed,
      pending: row.recipientCount - row.delivered - row.failed,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

interface Occasion {
  eventId: string;
  kind: ReminderKind;
  occasion: string;
}

/**
 * One occasion's reminders in one transaction: the people recorded first (ON CONFLICT DO NOTHING on the
 * unique key), then a mail queued for each one this call recorded. Two sweeps at once, on one instance or
 * two, both find the same people; the second insert waits on the first's rows and records none, so it mails none.
 */
async function remind<T extends { id: string }>(
  deps: AppDeps,
  occasion: Occasion,
  people: (tx: Executor) => Promise<T[]>,
  mailOf: (person: T) => MailInput,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const candidates = await people(tx);
    const recorded = await recordReminders(
      tx,
      occasion,
      candidates.map((person) => person.id),
      deps.clock(),
    );
    const mails = await queueMails(
      tx,
      candidates.filter((person) => recorded.has(person.id)),
      mailOf,
    );
    await linkReminderMails(
      tx,
      occasion,
      mails.map(({ item, mailId }) => ({ userId: item.id, mailId })),
    );
    return mails.length;
  });
}

type SweptEvent = Awaited<ReturnType<typeof eventsInWindow>>[number];
type DayRecipient = Awaited<ReturnType<typeof dayRecipients>>[number];

function eventDaysOf(event: SweptEvent): string[] {
  return event.sectionDates.length > 0 ? event.sectionDates : daysBetween(event.startDate, event.endDate);
}

function dayMail(deps: AppDeps, event: SweptEvent, day: string, person: DayRecipient, now: Date): MailInput {
  const code = ticketCode(deps.config.encryptionKey, person.id, event.id);
  const place = person.sectionLocation ?? event.locationName;
  const what = person.sectionTitle ? `${event.name}: ${person.sectionTitle}` : event.name;
  const text = [
    `Hello ${person.firstName},`,
    '',
    `A reminder: ${what} is on ${formatUsDate(day)}.`,
    '',
    ...(person.sectionTitle ? [`Section: ${person.sectionTitle}`] : []),
    ...(place ? [`Location: ${place}`] : []),
    ...(event.onlineUrl ? [`Join online: ${event.onlineUrl}`] : []),
    `Your ticket code: ${code}`,
    '',
    `A calendar file is attached. ${ticketScanMessages.codeHelp}`,
  ].join('\n');
  return {
    to: person.email,
    subject: reminderTexts.daySubject(event.name, formatUsDate(day)),
    text,
    attachments: [
      {
        filename: 'event.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: ticketCalendar(
          {
            uid: `${event.id}-${person.id}-${day}`,
            title: what,
            dates: [day],
            location: event.onlineUrl ?? place,
            description: text,
          },
          now,
        ),
      },
    ],
  };
}

/**
 * One sweep: every occasion due now, by TIME_ZONE's calendar (domain events/reminders). Answers how many
 * reminders it queued. Safe to run at once on several instances (see remind).
 */
export async function sendDueReminders(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const timeZone = deps.config.timeZone;
  const window = sweepWindow(now, timeZone);
  let sent = 0;
  for (const event of await eventsInWindow(deps.db, window)) {
    if (event.dayReminders) {
      for (const day of dueEventDays(eventDaysOf(event), event.daysBefore, now, timeZone)) {
        sent += await remind(
          deps,
          { eventId: event.id, kind: 'EVENT_DAY', occasion: day },
          (tx) => dayRecipients(tx, event.id, day),
          (person) => dayMail(deps, event, day, person, now),
        );
      }
    }
    if (event.unallocatedReminders && reminderDue(event.startDate, unallocatedDaysBefore, now, timeZone)) {
      sent += await remind(
        deps,
        { eventId: event.id, kind: 'UNALLOCATED', occasion: event.startDate },
        (tx) => ownersGrouped(tx, event.id, event.startDate),
        (owner) => ({
          to: owner.email,
          subject: reminderTexts.unallocatedSubject(event.name),
          text: [
            `Hello ${owner.firstName},`,
            '',
            `${event.name} starts on ${formatUsDate(event.startDate)}, and some tickets are not assigned to anyone yet:`,
            ...owner.organizations.map((o) => `- ${o.name}: ${o.free} ${o.free === 1 ? 'ticket' : 'tickets'}`),
            '',
            'Assign them under Manage Events > Allocate Tickets in the Members Portal.',
          ].join('\n'),
        }),
      );
    }
  }
  const applicants = await unpaidApplicants(deps.db, window, timeZone);
  for (const applicant of applicants) {
    if (!reminderDue(applicant.dueDate, paymentDueSoonDays, now, timeZone)) continue;
    sent += await remind(
      deps,
      { eventId: applicant.eventId, kind: 'PAYMENT_DUE', occasion: applicant.dueDate },
      async () => [{ ...applicant, id: applicant.userId }],
      (person) => ({
        to: person.email,
        subject: reminderTexts.paymentSubject(person.eventName),
        text: [
          `Hello ${person.firstName},`,
          '',
          `Your place at ${person.eventName} is confirmed once you pay: payment is due on ${formatUsDate(person.dueDate)}.`,
          'Pay by card or purchase order under My Event Applications in the Members Portal.',
        ].join('\n'),
      }),
    );
  }
  return sent;
}

/** One mail an owner, naming each of their organizations that still holds tickets. */
async function ownersGrouped(tx: Executor, eventId: string, occasion: string) {
  const rows = await ownersHoldingTickets(tx, eventId, occasion);
  const owners = new Map<
    string,
    { id: string; email: string; firstName: string; organizations: { name: string; free: number }[] }
  >();
  for (const row of rows) {
    const owner = owners.get(row.id) ?? { id: row.id, email: row.email, firstName: row.firstName, organizations: [] };
    owner.organizations.push({ name: row.organizationName, free: row.free });
    owners.set(row.id, owner);
  }
  return [...owners.values()];
}

export const reminderSweepJob = 'reminders.sweep';
/** Often enough that an 8 AM reminder leaves by a quarter past. */
const sweepIntervalMs = 15 * 60_000;

/** Queues the next sweep unless one is waiting: every instance asks at start-up. */
export async function scheduleReminderSweep(db: Executor, runAt: Date): Promise<void> {
  await enqueueUnlessWaiting(db, reminderSweepJob, runAt);
}

/** The periodic job: the next run is queued first, so a failing sweep does not stop the ones after it. */
export function reminderSweepJobHandler(deps: AppDeps): JobHandler {
  return async () => {
    await scheduleReminderSweep(deps.db, new Date(deps.clock().getTime() + sweepIntervalMs));
    await sendDueReminders(deps);
  };
}
