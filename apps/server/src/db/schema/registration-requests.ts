import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { registrationRequestStatuses } from '@portal/domain/registrations/requests.ts';
import { eventApplications } from './applications.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { coupons, eventGroupings, eventPayments, events, eventSections } from './commerce.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * An event staff open to group registration (events.md §9 'Group free-seat offer'): what one seat
 * costs and the offer. A row of its own so the events table stays the catalogue's.
 */
export const eventGroupRegistrations = pgTable(
  'event_group_registrations',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    open: boolean('open').notNull().default(false),
    attendeeCostCents: integer('attendee_cost_cents').notNull(),
    paidSeatsRequiredForOffer: integer('paid_seats_required_for_offer'),
    freeSeatsInOffer: integer('free_seats_in_offer'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('event_group_registrations_cost', sql`${t.attendeeCostCents} >= 0`),
    check(
      'event_group_registrations_offer',
      sql`(${t.paidSeatsRequiredForOffer} is null and ${t.freeSeatsInOffer} is null) or (${t.paidSeatsRequiredForOffer} between 1 and 100 and ${t.freeSeatsInOffer} between 1 and 100)`,
    ),
  ],
);

export const registrationRequestStatus = pgEnum('registration_request_status', registrationRequestStatuses);

/** A member's request for several seats of one event. Its seats are held by its payment (core/capacity). */
export const eventRegistrationRequests = pgTable(
  'event_registration_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: registrationRequestStatus('status').notNull().default('OPEN'),
    seatsRequested: integer('seats_requested').notNull(),
    /** The organization the seats are for (registrations.requestOrganization); its payments carry it. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The client's Idempotency-Key for the create call: a double click or a replay makes one request. */
    idempotencyKey: text('idempotency_key'),
    /**
     * What the request with that key asked (platform/idempotency.ts): the same key with another request is refused
     * rather than answered with this request. Null for rows written before it was kept.
     */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('event_registration_requests_seats', sql`${t.seatsRequested} between 1 and 100`),
    index('event_registration_requests_user').on(t.userId, t.createdAt),
    index('event_registration_requests_event').on(t.eventId, t.createdAt),
    // The staff dashboard looks for open requests past their payment due date.
    index('event_registration_requests_open')
      .on(t.createdAt)
      .where(sql`${t.status} = 'OPEN'`),
    uniqueIndex('event_registration_requests_idempotency').on(t.userId, t.idempotencyKey),
  ],
);

/** The sections wanted, given to every attendee's application. */
export const eventRegistrationRequestSections = pgTable(
  'event_registration_request_sections',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => eventRegistrationRequests.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => eventSections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.sectionId] })],
);

/** The groupings wanted (paths chosen by grouping), given to every attendee's application. */
export const eventRegistrationRequestGroupings = pgTable(
  'event_registration_request_groupings',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => eventRegistrationRequests.id, { onDelete: 'cascade' }),
    groupingId: uuid('grouping_id')
      .notNull()
      .references(() => eventGroupings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.groupingId] })],
);

/**
 * The attendee named for a seat (positions 1..seatsRequested) and the simplified application made
 * for them. One email per request: the database refuses the same person on two seats.
 */
export const eventRegistrationSeats = pgTable(
  'event_registration_seats',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => eventRegistrationRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => eventApplications.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.position] }),
    uniqueIndex('event_registration_seats_one_user').on(t.requestId, t.userId),
    uniqueIndex('event_registration_seats_application').on(t.applicationId),
    check('event_registration_seats_position', sql`${t.position} between 1 and 100`),
  ],
);

/**
 * The event payments made for a request (as event_payments.application_id links an application's):
 * the cart's providers, purchase-order approval and refund flow apply to them unchanged.
 */
export const eventRegistrationPayments = pgTable(
  'event_registration_payments',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => eventPayments.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => eventRegistrationRequests.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('event_registration_payments_request').on(t.requestId, t.createdAt)],
);
