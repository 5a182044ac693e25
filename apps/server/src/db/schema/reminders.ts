import { boolean, date, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { defaultDaysBefore, maxDaysBefore, reminderKinds } from '@portal/domain/events/reminders.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { events } from './commerce.ts';
import { mailMessages } from './platform.ts';
import { users } from './users.ts';

/** An event's reminder settings as staff set them; an event without a row has the defaults (all on, one day before). */
export const eventReminderSettings = pgTable(
  'event_reminder_settings',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    dayReminders: boolean('day_reminders').notNull().default(true),
    daysBefore: integer('days_before').notNull().default(defaultDaysBefore),
    paymentReminders: boolean('payment_reminders').notNull().default(true),
    unallocatedReminders: boolean('unallocated_reminders').notNull().default(true),
    /** Where an online event is held, carried by its day reminders. */
    onlineUrl: text('online_url'),
    updatedAt: updatedAt(),
  },
  (t) => [check('event_reminder_settings_days', sql`${t.daysBefore} between 0 and ${sql.raw(String(maxDaysBefore))}`)],
);

export const reminderKind = pgEnum('reminder_kind', reminderKinds);

/**
 * One reminder sent: the unique key (event, kind, occasion day, person) is what makes a reminder go once
 * however many sweeps run at once, on however many instances: a sweep inserts with ON CONFLICT DO NOTHING
 * and mails only the rows it inserted (docs/decisions/0179-event-reminders.md).
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: reminderKind('kind').notNull(),
    /** The day reminded of: the event day, the payment's due day, or the event's first day. */
    occasion: date('occasion', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set in the same transaction as the row, once the mail is queued. */
    mailId: uuid('mail_id').references(() => mailMessages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_reminders_once').on(t.eventId, t.kind, t.occasion, t.userId),
    index('event_reminders_event').on(t.eventId, t.createdAt),
  ],
);
