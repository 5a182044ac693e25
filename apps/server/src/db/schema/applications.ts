import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { applicationStatuses, questionTypes } from '@portal/domain/applications/rules.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { coupons, eventGroupings, eventPaths, events, eventSections } from './commerce.ts';
import { users } from './users.ts';

export const paymentOptionMethod = pgEnum('payment_option_method', ['CARD', 'PURCHASE_ORDER']);

/** How an accepted applicant may pay for an event (its finance settings), in the order shown. */
export const eventPaymentOptions = pgTable(
  'event_payment_options',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    method: paymentOptionMethod('method').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_payment_options_event').on(t.eventId)],
);

export const questionType = pgEnum('application_question_type', questionTypes);

export const applicationQuestions = pgTable(
  'application_questions',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: questionType('type').notNull(),
    label: text('label').notNull(),
    options: text('options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('application_questions_event').on(t.eventId)],
);

export const applicationStatus = pgEnum('application_status', applicationStatuses);

/**
 * One member's application to one event. General information is kept on the application (what was
 * sent), not read from the profile later. At most one application per member and event that is not
 * voided (partial unique index), so a double click on Apply starts one.
 */
export const eventApplications = pgTable(
  'event_applications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: applicationStatus('status').notNull().default('STARTED'),
    isSimplified: boolean('is_simplified').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    stateProvince: text('state_province'),
    zipPostal: text('zip_postal'),
    country: text('country'),
    phone: text('phone'),
    generalInformationSavedAt: timestamp('general_information_saved_at', { withTimezone: true }),
    pathId: uuid('path_id').references(() => eventPaths.id, { onDelete: 'set null' }),
    sectionsComplete: boolean('sections_complete').notNull().default(false),
    questionnaireComplete: boolean('questionnaire_complete').notNull().default(false),
    paymentOptionId: uuid('payment_option_id').references(() => eventPaymentOptions.id, { onDelete: 'set null' }),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_applications_one_open')
      .on(t.userId, t.eventId)
      .where(sql`${t.status} <> 'VOIDED'`),
    index('event_applications_user').on(t.userId, t.createdAt),
    index('event_applications_review').on(t.eventId, t.status, t.submittedAt),
    index('event_applications_status').on(t.status, t.submittedAt),
  ],
);

/** Groupings chosen on a GROUPINGS-level path. */
export const eventApplicationGroupings = pgTable(
  'event_application_groupings',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => eventApplications.id, { onDelete: 'cascade' }),
    groupingId: uuid('grouping_id')
      .notNull()
      .references(() => eventGroupings.id, { onDelete: 'cascade' }),
    ranking: integer('ranking'),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.groupingId] })],
);

/**
 * Sections chosen, with their ranking. The grouping is denormalised so the database itself refuses
 * two sections of one grouping with the same ranking (§5: rankings unique within a grouping).
 */
export const eventApplicationSections = pgTable(
  'event_application_sections',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => eventApplications.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => eventSections.id, { onDelete: 'cascade' }),
    groupingId: uuid('grouping_id')
      .notNull()
      .references(() => eventGroupings.id, { onDelete: 'cascade' }),
    ranking: integer('ranking'),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.sectionId] }),
    uniqueIndex('event_application_sections_ranking')
      .on(t.applicationId, t.groupingId, t.ranking)
      .where(sql`${t.ranking} is not null`),
    check('event_application_sections_ranking_positive', sql`${t.ranking} is null or ${t.ranking} >= 1`),
    index('event_application_sections_section').on(t.sectionId),
  ],
);

/**
 * Where staff placed an accepted applicant in a grouping of their path (ranked selection): one
 * section per application and grouping. The place holds one seat of the section's (and grouping's)
 * counter, taken by core/placements under checkout's locks and given back when the place is freed.
 */
export const eventApplicationPlacements = pgTable(
  'event_application_placements',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => eventApplications.id, { onDelete: 'cascade' }),
    groupingId: uuid('grouping_id')
      .notNull()
      .references(() => eventGroupings.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => eventSections.id, { onDelete: 'cascade' }),
    /** The ranking the applicant gave the section; null when staff placed them in one they did not rank. */
    rank: integer('rank'),
    /** Staff's reason when they placed the person by hand; null for the placement run's. */
    handReason: text('hand_reason'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    placedById: uuid('placed_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.groupingId] }),
    index('event_application_placements_section').on(t.sectionId),
  ],
);

/** Questionnaire answers, trimmed; a list for every type (one entry unless CHECKBOX). */
export const eventApplicationAnswers = pgTable(
  'event_application_answers',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => eventApplications.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => applicationQuestions.id, { onDelete: 'cascade' }),
    value: text('value').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.questionId] }),
    index('event_application_answers_question').on(t.questionId),
  ],
);

/** Applications imported from the previous system, with its numeric ids (application-rules.legacyApplicationView). */
export const legacyEventApplications = pgTable(
  'legacy_event_applications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    legacyId: text('legacy_id').notNull().unique(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    eventName: text('event_name').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    statusId: integer('status_id').notNull(),
    paymentStatusId: integer('payment_status_id'),
    paymentTypeId: integer('payment_type_id'),
    /** What was still owed when imported, in cents; null when the previous system's export carried no amount. */
    balanceCents: integer('balance_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    index('legacy_event_applications_user').on(t.userId, t.createdAt),
    check('legacy_event_applications_balance', sql`${t.balanceCents} is null or ${t.balanceCents} > 0`),
  ],
);
