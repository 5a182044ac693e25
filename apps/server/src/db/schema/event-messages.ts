import { index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { messageAudiences } from '@portal/domain/events/event-messages.ts';
import { applicationStatus } from './applications.ts';
import { createdAt, id } from './columns.ts';
import { events, eventSections } from './commerce.ts';
import { mailMessages } from './platform.ts';
import { users } from './users.ts';

export const messageAudience = pgEnum('message_audience', messageAudiences);

/**
 * A message staff sent to the people of one event (issue 24): what was written, to whom, by whom.
 * Its mails are the outbox rows of event_message_recipients; delivery is counted from them.
 */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    audience: messageAudience('audience').notNull(),
    applicationStatus: applicationStatus('application_status'),
    sectionId: uuid('section_id').references(() => eventSections.id, { onDelete: 'set null' }),
    /** How staff read the audience when it was sent, kept if the section is renamed or deleted later. */
    audienceLabel: text('audience_label').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    sentById: uuid('sent_by_id')
      .notNull()
      .references(() => users.id),
    /** The client's Idempotency-Key: a double click or a replayed request sends one message. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the request with that key asked (platform/idempotency.ts). */
    idempotencyFingerprint: text('idempotency_fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_messages_idempotency').on(t.sentById, t.idempotencyKey),
    index('event_messages_event').on(t.eventId, t.createdAt),
  ],
);

/** One recipient of a message and the one mail queued for them: nobody shares a mail, so nobody sees another's address. */
export const eventMessageRecipients = pgTable(
  'event_message_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => eventMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), uniqueIndex('event_message_recipients_mail').on(t.mailId)],
);
