import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { pathLevels } from '@portal/domain/applications/rules.ts';
import {
  applicationSelectionLevels,
  couponTypes,
  eventKinds,
  type PaymentProviderName,
  eventPaymentMethods,
  eventPaymentStatuses,
  purchaseOrderStatuses,
  purchaseOrderTypes,
  refundReasons,
} from '@portal/domain/commerce/enums.ts';
import { cancellationFeeTypes, purchaseOrderRefundModes } from '@portal/domain/commerce/refunds.ts';
import { gradeBands, type GradeBand } from '@portal/domain/events/grade-bands.ts';
import { eventApplications, legacyEventApplications } from './applications.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const eventKind = pgEnum('event_kind', eventKinds);
export const cancellationFeeType = pgEnum('cancellation_fee_type', cancellationFeeTypes);
export const purchaseOrderRefundMode = pgEnum('purchase_order_refund_mode', purchaseOrderRefundModes);

/**
 * An event members can buy tickets for. Capacity is a counter beside its limit, guarded by a CHECK:
 * a sale is one conditional UPDATE of the bucket's row (pretix's per-quota lock), so the database
 * itself refuses to oversell, under any number of concurrent buyers.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    name: text('name').notNull(),
    kind: eventKind('kind').notNull(),
    eventType: text('event_type'),
    eventSubtype: text('event_subtype'),
    description: text('description').notNull().default(''),
    locationName: text('location_name'),
    /** The grade bands it is meant for (PD Services' Grades filter); empty when it is for every grade. */
    gradeBands: text('grade_bands')
      .array()
      .$type<GradeBand[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    daysBeforePurchaseClose: integer('days_before_purchase_close').notNull().default(0),
    /** Event-level capacity (series events and institutes); conference days count per section. */
    maxTickets: integer('max_tickets'),
    ticketsTaken: integer('tickets_taken').notNull().default(0),
    published: boolean('published').notNull().default(true),
    /** Institutes and other selective events: members apply, staff accept, accepted applicants pay. */
    acceptsApplications: boolean('accepts_applications').notNull().default(false),
    /** The ticket type whose price an accepted applicant pays. */
    applicationTicketTypeId: uuid('application_ticket_type_id').references((): AnyPgColumn => eventTicketTypes.id, {
      onDelete: 'set null',
    }),
    /** Finance: days an accepted applicant has to pay (§9 'Payment due time'). */
    paymentDueDays: integer('payment_due_days'),
    /** Whether a sold-out section (or the event) takes waiting-list joins (docs/decisions/0168-waiting-lists.md). */
    waitingListEnabled: boolean('waiting_list_enabled').notNull().default(true),
    /** Whether a quote for its tickets holds the seats until the quote expires (docs/decisions/0210-quotes.md). */
    quotesHoldSeats: boolean('quotes_hold_seats').notNull().default(false),
    /** How long a waiting-list offer holds its seats. */
    waitingListOfferHours: integer('waiting_list_offer_hours').notNull().default(48),
    /** Cancellation policy (issue 38): the buyer cancels until this many days before the start; null: on request only. */
    cancelDaysBefore: integer('cancel_days_before'),
    cancellationFeeType: cancellationFeeType('cancellation_fee_type').notNull().default('NONE'),
    /** Cents per ticket (FIXED) or percent of what was paid for it (PERCENT). */
    cancellationFeeValue: integer('cancellation_fee_value').notNull().default(0),
    purchaseOrderRefund: purchaseOrderRefundMode('purchase_order_refund').notNull().default('REQUEST'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('events_dates', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'events_capacity',
      sql`${t.ticketsTaken} >= 0 and (${t.maxTickets} is null or ${t.ticketsTaken} <= ${t.maxTickets})`,
    ),
    check('events_close_days', sql`${t.daysBeforePurchaseClose} >= 0`),
    check('events_waiting_list_offer_hours', sql`${t.waitingListOfferHours} between 1 and 720`),
    check(
      'events_cancellation_policy',
      sql`(${t.cancelDaysBefore} is null or ${t.cancelDaysBefore} >= 0) and ${t.cancellationFeeValue} >= 0 and (${t.cancellationFeeType} <> 'PERCENT' or ${t.cancellationFeeValue} <= 100)`,
    ),
    // The domain's list, written out: a band the schema has not heard of never reaches the filter.
    check(
      'events_grade_bands',
      sql`${t.gradeBands} <@ ${sql.raw(`array[${gradeBands.map((band) => `'${band}'`).join(', ')}]::text[]`)}`,
    ),
    index('events_start').on(t.startDate),
    // PD Services searches ILIKE '%…%' over both texts: trigram indexes serve it (pg_trgm, migration 0001).
    index('events_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('events_description_trgm').using('gin', t.description.op('gin_trgm_ops')),
  ],
);

export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('event_ticket_types_price', sql`${t.priceCents} >= 0`),
    index('event_ticket_types_event').on(t.eventId),
  ],
);

export const applicationSelectionLevel = pgEnum('application_selection_level', applicationSelectionLevels);
export const pathLevel = pgEnum('path_level', pathLevels);

/** Conference days and institutes: paths (first-year, advanced) > groupings > sections. */
export const eventPaths = pgTable(
  'event_paths',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** First Year, or Advanced (open to applicants with a matching past event, application-rules.isAdvancedEligible). */
    level: pathLevel('level').notNull().default('FIRST_YEAR'),
    applicationSelectionLevel: applicationSelectionLevel('application_selection_level').notNull().default('SECTIONS'),
    requireRankedSelection: boolean('require_ranked_selection').notNull().default(false),
    rankedSelectionAmount: integer('ranked_selection_amount').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_paths_event').on(t.eventId)],
);

export const eventGroupings = pgTable(
  'event_groupings',
  {
    id: id(),
    pathId: uuid('path_id')
      .notNull()
      .references(() => eventPaths.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A limit over the grouping's sections together (events.md §5 'groups checked against maxTickets'). */
    maxTickets: integer('max_tickets'),
    /** Tickets sold or held in the grouping's sections, taken with each section's (core/capacity). */
    ticketsTaken: integer('tickets_taken').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check(
      'event_groupings_capacity',
      sql`${t.ticketsTaken} >= 0 and (${t.maxTickets} is null or ${t.ticketsTaken} <= ${t.maxTickets})`,
    ),
    index('event_groupings_path').on(t.pathId),
  ],
);

export const eventSections = pgTable(
  'event_sections',
  {
    id: id(),
    /** Denormalised from grouping > path so catalogue and capacity queries need no joins. */
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    groupingId: uuid('grouping_id')
      .notNull()
      .references(() => eventGroupings.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dates: date('dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    locationName: text('location_name'),
    audienceType: text('audience_type')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    isFree: boolean('is_free').notNull().default(false),
    maxTickets: integer('max_tickets'),
    ticketsTaken: integer('tickets_taken').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check(
      'event_sections_capacity',
      sql`${t.ticketsTaken} >= 0 and (${t.maxTickets} is null or ${t.ticketsTaken} <= ${t.maxTickets})`,
    ),
    index('event_sections_event').on(t.eventId),
    index('event_sections_grouping').on(t.groupingId),
  ],
);

export const couponType = pgEnum('coupon_type', couponTypes);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text('code').notNull(),
    type: couponType('type').notNull(),
    discountAmount: integer('discount_amount'),
    discountPercentage: integer('discount_percentage'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    timesUsed: integer('times_used').notNull().default(0),
    /** When set, the coupon applies only to this event's tickets. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_upper').on(sql`upper(${t.code})`),
    check(
      'coupons_discount',
      sql`(${t.type} = 'FIXED' and ${t.discountAmount} > 0 and ${t.discountPercentage} is null) or (${t.type} = 'PERCENTAGE' and ${t.discountPercentage} between 1 and 100 and ${t.discountAmount} is null)`,
    ),
    check('coupons_uses', sql`${t.timesUsed} >= 0 and (${t.maxUses} is null or ${t.timesUsed} <= ${t.maxUses})`),
  ],
);

/** One cart per member: the coupon applied to it. Lines are cart_items. */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').references(() => eventSections.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'cascade' }),
    numberOfTickets: integer('number_of_tickets').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('cart_items_tickets', sql`${t.numberOfTickets} between 1 and 100`),
    // Adding the same tickets again raises the quantity instead of making a second line.
    uniqueIndex('cart_items_one_line').on(
      t.userId,
      t.ticketTypeId,
      sql`coalesce(${t.sectionId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

export const eventPaymentStatus = pgEnum('event_payment_status', eventPaymentStatuses);
export const eventPaymentMethod = pgEnum('event_payment_method', eventPaymentMethods);
export const refundReason = pgEnum('refund_reason', refundReasons);

/**
 * A checkout: the cart frozen into items and totals (computed by @portal/domain/commerce/pricing), with the
 * seats it holds. While seatsHeld is true its tickets are counted in the buckets' ticketsTaken.
 */
export const eventPayments = pgTable(
  'event_payments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    status: eventPaymentStatus('status').notNull(),
    method: eventPaymentMethod('method').notNull(),
    /** demo, stripe or cashnet for card payments. */
    provider: text('provider').$type<PaymentProviderName>(),
    /** The provider's own id for the checkout (Stripe session id, CashNet ref). */
    providerReference: text('provider_reference'),
    /** Where the buyer pays (the provider's page), kept so a replayed checkout answers the same URL. */
    checkoutUrl: text('checkout_url'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    seatsHeld: boolean('seats_held').notNull().default(true),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * When the buyer of an unfinished purchase-order checkout was reminded that its hold ends soon: set by
     * one conditional update, so two instances never send the reminder twice (core/hold-notices.ts).
     */
    holdReminderSentAt: timestamp('hold_reminder_sent_at', { withTimezone: true }),
    /** The client's Idempotency-Key for the checkout call: a double click makes one payment. */
    idempotencyKey: text('idempotency_key'),
    /**
     * What the request with that key asked (platform/idempotency.ts): the same key with another request is refused
     * rather than answered with this payment. Null for rows written before it was kept.
     */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set when the payment is for an accepted event application rather than a cart. */
    applicationId: uuid('application_id').references((): AnyPgColumn => eventApplications.id, { onDelete: 'set null' }),
    /** Set when the payment is for an application imported from the previous system: its balance, no items. */
    legacyApplicationId: uuid('legacy_application_id').references((): AnyPgColumn => legacyEventApplications.id, {
      onDelete: 'set null',
    }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why a REFUND_NEEDED payment must be refunded (set with that status only). */
    refundReason: refundReason('refund_reason'),
    /** Refunds recorded against it that did not fail (refunds.ts), raised under the payment's row lock. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'event_payments_totals',
      sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} and ${t.totalCents} >= 0`,
    ),
    // Never more given back than was paid.
    check('event_payments_refunded', sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    uniqueIndex('event_payments_idempotency').on(t.userId, t.idempotencyKey),
    uniqueIndex('event_payments_provider_reference').on(t.provider, t.providerReference),
    index('event_payments_user').on(t.userId, t.createdAt),
    index('event_payments_organization').on(t.organizationId),
    // The staff list's order, newest first, read backwards: its pages and its export's keyset pages.
    index('event_payments_newest').on(t.createdAt, t.id),
    index('event_payments_application').on(t.applicationId, t.createdAt),
    index('event_payments_legacy_application')
      .on(t.legacyApplicationId, t.createdAt)
      .where(sql`${t.legacyApplicationId} is not null`),
    check('event_payments_one_application', sql`${t.applicationId} is null or ${t.legacyApplicationId} is null`),
    // The staff dashboard's refunds card and the filtered list count these. Not a partial index on
    // 'REFUND_NEEDED': that value was added by ALTER TYPE, and a fresh database migrates in one
    // transaction, where a value added in it cannot be used yet.
    index('event_payments_status_updated').on(t.status, t.updatedAt),
    index('event_payments_hold_expiry')
      .on(t.holdExpiresAt)
      .where(sql`${t.seatsHeld}`),
  ],
);

export const eventPaymentItems = pgTable(
  'event_payment_items',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => eventPayments.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    sectionId: uuid('section_id').references(() => eventSections.id),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id),
    title: text('title').notNull(),
    numberOfTickets: integer('number_of_tickets').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Tickets of the line cancelled (refunds.ts cancelled_tickets): they hold no seat and cannot be allocated. */
    cancelledTickets: integer('cancelled_tickets').notNull().default(0),
  },
  (t) => [
    check('event_payment_items_tickets', sql`${t.numberOfTickets} >= 1`),
    check('event_payment_items_cancelled', sql`${t.cancelledTickets} between 0 and ${t.numberOfTickets}`),
    index('event_payment_items_payment').on(t.paymentId),
  ],
);

export const purchaseOrderType = pgEnum('purchase_order_type', purchaseOrderTypes);
export const purchaseOrderStatus = pgEnum('purchase_order_status', purchaseOrderStatuses);

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    /** The event payment a cart, application or registration request PO pays; null for institute and package POs (purchase-order-links.ts). */
    paymentId: uuid('payment_id').references(() => eventPayments.id, { onDelete: 'cascade' }),
    type: purchaseOrderType('type').notNull(),
    status: purchaseOrderStatus('status').notNull().default('SUBMITTED'),
    number: text('number').notNull(),
    filename: text('filename').notNull(),
    /** Where platform/storage keeps the PDF. */
    fileKey: text('file_key').notNull(),
    fileSize: integer('file_size').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** What the purchase order pays: the payment's total, derived by the server, never typed. */
    totalCents: integer('total_cents').notNull(),
    /** The total the buyer typed on the form, kept to show staff a mismatch (approval is refused then). */
    submittedTotalCents: integer('submitted_total_cents').notNull(),
    couponCode: text('coupon_code'),
    submittedById: uuid('submitted_by_id')
      .notNull()
      .references(() => users.id),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The client's Idempotency-Key for an institute or package PO: a double submit makes one purchase order. */
    idempotencyKey: text('idempotency_key'),
    /**
     * What the request with that key asked (platform/idempotency.ts): the same key with another request is refused
     * rather than answered with this purchase order. Null for rows written before it was kept.
     */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_orders_status').on(t.status, t.createdAt),
    uniqueIndex('purchase_orders_idempotency').on(t.submittedById, t.idempotencyKey),
    index('purchase_orders_payment').on(t.paymentId),
    // A payment has at most one purchase order under review at a time.
    uniqueIndex('purchase_orders_one_open')
      .on(t.paymentId)
      .where(sql`${t.status} = 'SUBMITTED'`),
  ],
);

/** Every event a payment provider sent, by its id: a replay finds its row and changes nothing. */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    paymentId: uuid('payment_id').references(() => eventPayments.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_provider_events_once').on(t.provider, t.providerEventId)],
);
