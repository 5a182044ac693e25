import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { askWhens, type Answers, type EvaluationForm } from '@portal/domain/events/evaluations.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { events, eventSections } from './commerce.ts';
import { users } from './users.ts';

export const evaluationAskWhen = pgEnum('evaluation_ask_when', askWhens);

/**
 * An event's evaluation (docs/decisions/0175-evaluations.md): its questions in order, when attendees
 * are asked, whether the certificate waits for it and whether answers are kept without the person.
 */
export const eventEvaluations = pgTable('event_evaluations', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  questions: jsonb('questions').$type<EvaluationForm>().notNull(),
  askWhen: evaluationAskWhen('ask_when').notNull(),
  requiredForCertificate: boolean('required_for_certificate').notNull(),
  anonymous: boolean('anonymous').notNull(),
  /** Who led each section, by section id. */
  facilitators: jsonb('facilitators').$type<Record<string, string>>().notNull().default({}),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A person asked about one occasion (an attended day, or 'END'): unique, so the mail asking her is
 * queued once however often and however concurrently her marks are saved.
 */
export const evaluationRequests = pgTable(
  'evaluation_requests',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occasion: text('occasion').notNull(),
    /** The section whose marks asked her: results count who was asked per section. */
    sectionId: uuid('section_id').references(() => eventSections.id, { onDelete: 'set null' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.occasion] })],
);

/**
 * Who answered which occasion, and nothing of what they answered: what releases the certificate and
 * refuses a second answer. Unique per person and occasion, so two submits at once keep one.
 */
export const evaluationSubmissions = pgTable(
  'evaluation_submissions',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occasion: text('occasion').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.occasion] })],
);

/**
 * The answers. A response of an anonymous evaluation has no person (the check holds it), a random id
 * and only the day it came in, never the moment: nothing in the row leads back to her submission row.
 */
export const evaluationResponses = pgTable(
  'evaluation_responses',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    anonymous: boolean('anonymous').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    occasion: text('occasion').notNull(),
    sectionId: uuid('section_id').references(() => eventSections.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<Answers>().notNull(),
    submittedOn: date('submitted_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('evaluation_responses_person', sql`${t.anonymous} = (${t.userId} is null)`),
    uniqueIndex('evaluation_responses_once')
      .on(t.eventId, t.userId, t.occasion)
      .where(sql`${t.userId} is not null`),
    index('evaluation_responses_event').on(t.eventId),
  ],
);

/** A half-filled form, kept as she goes until she submits it (then deleted in the same transaction). */
export const evaluationDrafts = pgTable(
  'evaluation_drafts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occasion: text('occasion').notNull(),
    answers: jsonb('answers').$type<Answers>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.occasion] })],
);
