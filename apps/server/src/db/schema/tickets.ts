import { index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { eventPaymentItems, events, eventSections } from './commerce.ts';
import { users } from './users.ts';

/**
 * A bought ticket handed to a person: one row per assignee of an event payment item (a conference-day
 * section, or a series event). An allocation save replaces an item's rows in one transaction under
 * the payment's row lock, so a line never holds more rows than its number_of_tickets.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    id: id(),
    paymentItemId: uuid('payment_item_id')
      .notNull()
      .references(() => eventPaymentItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Denormalised from the item so 'my tickets' and rosters need no join through the payment. */
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').references(() => eventSections.id, { onDelete: 'cascade' }),
    /** The holder's place in the line's picker order, as last saved. */
    position: integer('position').notNull().default(0),
    assignedById: uuid('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The same person holds at most one ticket of a line (the duplicate-pick rule, enforced).
    uniqueIndex('event_tickets_item_user').on(t.paymentItemId, t.userId),
    index('event_tickets_user').on(t.userId),
    index('event_tickets_event').on(t.eventId),
  ],
);
