import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { waitingListStatuses } from '@portal/domain/events/waiting-lists.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { eventPayments, eventSections, events, eventTicketTypes } from './commerce.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const waitingListStatus = pgEnum('waiting_list_status', waitingListStatuses);

/**
 * A member waiting for seats of a sold-out section (or of an event sold without sections). While WAITING or
 * OFFERED, heldSeats of its seats are counted in the buckets' ticketsTaken like any hold (core/capacity.ts), so
 * what the list gathers is never sold to the catalogue; an OFFERED entry holds all it asked for until
 * offerExpiresAt. Buying the offer moves its hold to the payment (paymentId) and the entry is USED.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').references(() => eventSections.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The school she waits for; null when she waits for herself. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    /** Order within the list (the section, or the event without one): smaller first; staff move entries. */
    position: integer('position').notNull(),
    status: waitingListStatus('status').notNull().default('WAITING'),
    heldSeats: integer('held_seats').notNull().default(0),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => eventPayments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('waiting_list_entries_quantity', sql`${t.quantity} between 1 and 100`),
    check(
      'waiting_list_entries_held',
      sql`${t.heldSeats} >= 0 and ${t.heldSeats} <= ${t.quantity}
        and (${t.status} in ('WAITING', 'OFFERED') or ${t.heldSeats} = 0)
        and (${t.status} <> 'OFFERED' or (${t.heldSeats} = ${t.quantity} and ${t.offerExpiresAt} is not null))`,
    ),
    // One active entry per member per list.
    uniqueIndex('waiting_list_entries_one_active')
      .on(t.userId, t.eventId, sql`coalesce(${t.sectionId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.status} in ('WAITING', 'OFFERED')`),
    index('waiting_list_entries_list').on(t.eventId, t.sectionId, t.position),
    index('waiting_list_entries_offer_expiry')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'OFFERED'`),
    index('waiting_list_entries_user').on(t.userId),
  ],
);
