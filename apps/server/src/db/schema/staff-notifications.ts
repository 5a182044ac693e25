import { date, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notificationFrequencies, staffWorkKinds } from '@portal/domain/staff/notifications.ts';
import { id, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const staffWorkKind = pgEnum('staff_work_kind', staffWorkKinds);
export const notificationFrequency = pgEnum('notification_frequency', notificationFrequencies);

/** A staff member's choice per kind of work; no row means the default (defaultNotificationFrequency). */
export const staffNotificationSettings = pgTable(
  'staff_notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: staffWorkKind('kind').notNull(),
    frequency: notificationFrequency('frequency').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Work that arrived for staff (core/staff-notifications.ts), written in the transaction that made it:
 * what at-once mails were sent for and what a daily digest lists. The key names the arrival (a
 * purchase order, an application's submission at a moment), so a replayed change notifies once.
 */
export const staffWorkItems = pgTable(
  'staff_work_items',
  {
    id: id(),
    kind: staffWorkKind('kind').notNull(),
    key: text('key').notNull().unique('staff_work_items_key'),
    summary: text('summary').notNull(),
    /** The staff console's page for the item, from the site's root (/admin/…). */
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_work_items_created').on(t.createdAt)],
);

/**
 * One row per staff member per digest day, inserted with the digest mail in one transaction: the
 * primary key is what keeps two instances (or a retried job) from sending a day's digest twice.
 */
export const staffDigests = pgTable(
  'staff_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider-time-zone calendar day the digest is for. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Items created up to this moment are in this digest; the next one starts after it. */
    coversUntil: timestamp('covers_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('staff_digests_latest').on(t.userId, t.coversUntil)],
);

/**
 * The digest days scheduled so far: the daily job for a day is enqueued only by whoever inserts its
 * row, so instances starting together (or a job retried) never queue a day twice.
 */
export const staffDigestRuns = pgTable('staff_digest_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
});
