import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { seatRequestStatuses } from '@portal/domain/tickets/seat-requests.ts';
import { createdAt, id } from './columns.ts';
import { eventPaymentItems, events, eventSections } from './commerce.ts';
import { organizations } from './organizations.ts';
import { eventTickets } from './tickets.ts';
import { users } from './users.ts';

export const seatRequestStatus = pgEnum('seat_request_status', seatRequestStatuses);

/**
 * A member asks her organization for a seat ("Ask my school", docs/decisions/0180-ask-my-school.md). Deciding
 * is one conditional UPDATE on status = 'REQUESTED', so a second decision (a double click, another admin)
 * changes nothing.
 */
export const seatRequests = pgTable(
  'seat_requests',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').references(() => eventSections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    status: seatRequestStatus('status').notNull().default('REQUESTED'),
    declineReason: text('decline_reason'),
    /** The line whose ticket was handed to her on approval. */
    paymentItemId: uuid('payment_item_id').references(() => eventPaymentItems.id, { onDelete: 'set null' }),
    ticketId: uuid('ticket_id').references(() => eventTickets.id, { onDelete: 'set null' }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open request per member, organization and event: a double click on Ask asks once.
    uniqueIndex('seat_requests_one_open')
      .on(t.userId, t.organizationId, t.eventId)
      .where(sql`${t.status} = 'REQUESTED'`),
    index('seat_requests_organization').on(t.organizationId, t.status, t.createdAt),
    index('seat_requests_user').on(t.userId, t.createdAt),
  ],
);
