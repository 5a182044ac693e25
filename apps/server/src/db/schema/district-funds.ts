import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { districtFundEntryKinds } from '@portal/domain/organizations/district-funds.ts';
import { createdAt, id } from './columns.ts';
import { eventPayments, events, eventSections, eventTicketTypes } from './commerce.ts';
import { districts, organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * District funds (issue 41, docs/decisions/0214-district-funds.md). The fund row exists to be locked:
 * every write that can lower the balance takes it FOR UPDATE first, so two spends of the last dollars
 * queue and the second sees the first's row. The balance is never stored: it is the sum of the ledger.
 */
export const districtFunds = pgTable('district_funds', {
  districtId: uuid('district_id')
    .primaryKey()
    .references(() => districts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const districtFundEntryKind = pgEnum('district_fund_entry_kind', districtFundEntryKinds);

/**
 * The fund's ledger, append-only: a trigger (migration 0038) refuses UPDATE and DELETE, so a correction
 * is a new ADJUSTMENT row. Amounts are signed cents: a spend is negative, a deposit and a refund positive.
 */
export const districtFundEntries = pgTable(
  'district_fund_entries',
  {
    id: id(),
    districtId: uuid('district_id')
      .notNull()
      .references(() => districtFunds.districtId),
    kind: districtFundEntryKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The school that spent or was refunded; null for a deposit or an adjustment of the whole fund. */
    organizationId: uuid('organization_id').references(() => organizations.id),
    paymentId: uuid('payment_id').references(() => eventPayments.id),
    /** The seats bought ahead this row paid for (SPEND) or gave back (REFUND of seats returned unused). */
    seatBlockId: uuid('seat_block_id').references(() => districtSeatBlocks.id),
    /** The district PO's or the check's number of a deposit. */
    reference: text('reference'),
    reason: text('reason').notNull(),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'district_fund_entries_sign',
      sql`(${t.kind} = 'SPEND' and ${t.amountCents} < 0) or (${t.kind} in ('DEPOSIT', 'REFUND') and ${t.amountCents} > 0) or (${t.kind} = 'ADJUSTMENT' and ${t.amountCents} <> 0)`,
    ),
    index('district_fund_entries_district').on(t.districtId, t.createdAt),
    index('district_fund_entries_organization').on(t.organizationId),
    index('district_fund_entries_payment').on(t.paymentId),
    // A payment is spent from the fund once.
    uniqueIndex('district_fund_entries_one_spend')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'SPEND'`),
  ],
);

/** A school the district's administrators let spend from the fund, and how much in all. No row: not eligible. */
export const districtFundAllowances = pgTable(
  'district_fund_allowances',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    districtId: uuid('district_id')
      .notNull()
      .references(() => districtFunds.districtId, { onDelete: 'cascade' }),
    limitCents: integer('limit_cents').notNull(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('district_fund_allowances_limit', sql`${t.limitCents} >= 0`),
    index('district_fund_allowances_district').on(t.districtId),
  ],
);

/** An order paid from the fund past its school's allowance: waiting for a district administrator. */
export const districtFundApprovals = pgTable(
  'district_fund_approvals',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => eventPayments.id, { onDelete: 'cascade' }),
    districtId: uuid('district_id')
      .notNull()
      .references(() => districtFunds.districtId, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** The buyer withdrew the order before a decision (decided_by is then the buyer). */
    withdrawn: boolean('withdrawn').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('district_fund_approvals_waiting')
      .on(t.districtId, t.createdAt)
      .where(sql`${t.decidedAt} is null`),
  ],
);

/**
 * Seats a district bought ahead from its fund for one line of an event (docs/decisions/0232-seats-bought-ahead.md):
 * the fund paid seats × price when they were bought, and the seats are counted in the event's buckets from then on.
 * Those not given to a school nor returned are held by this row; a seat given is held by its school's payment.
 */
export const districtSeatBlocks = pgTable(
  'district_seat_blocks',
  {
    id: id(),
    districtId: uuid('district_id')
      .notNull()
      .references(() => districtFunds.districtId),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    sectionId: uuid('section_id').references(() => eventSections.id),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id),
    title: text('title').notNull(),
    priceCents: integer('price_cents').notNull(),
    seats: integer('seats').notNull(),
    seatsGiven: integer('seats_given').notNull().default(0),
    seatsReturned: integer('seats_returned').notNull().default(0),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('district_seat_blocks_price', sql`${t.priceCents} >= 0`),
    check(
      'district_seat_blocks_seats',
      sql`${t.seats} > 0 and ${t.seatsGiven} >= 0 and ${t.seatsReturned} >= 0 and ${t.seatsGiven} + ${t.seatsReturned} <= ${t.seats}`,
    ),
    index('district_seat_blocks_district').on(t.districtId, t.createdAt),
  ],
);

/** Seats of a block given to a school: the school's payment (PAID, District funds) that holds them. */
export const districtSeatGifts = pgTable(
  'district_seat_gifts',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => eventPayments.id),
    blockId: uuid('block_id')
      .notNull()
      .references(() => districtSeatBlocks.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    seats: integer('seats').notNull(),
    /** The administrator's Idempotency-Key: a double click or a retry gives the seats once. */
    idempotencyKey: text('idempotency_key').notNull(),
    idempotencyFingerprint: text('idempotency_fingerprint').notNull(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('district_seat_gifts_seats', sql`${t.seats} > 0`),
    index('district_seat_gifts_block').on(t.blockId),
    uniqueIndex('district_seat_gifts_idempotency').on(t.createdById, t.idempotencyKey),
  ],
);

/** Seats of a block returned unused, once per Idempotency-Key of the administrator who returned them. */
export const districtSeatReturns = pgTable(
  'district_seat_returns',
  {
    id: id(),
    blockId: uuid('block_id')
      .notNull()
      .references(() => districtSeatBlocks.id),
    seats: integer('seats').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    idempotencyFingerprint: text('idempotency_fingerprint').notNull(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('district_seat_returns_seats', sql`${t.seats} > 0`),
    index('district_seat_returns_block').on(t.blockId),
    uniqueIndex('district_seat_returns_idempotency').on(t.createdById, t.idempotencyKey),
  ],
);
