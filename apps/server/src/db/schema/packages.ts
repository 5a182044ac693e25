import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
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
import { packageRequestStatuses, pdSessionSettings, travelCostTypes } from '@portal/domain/packages/rules.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { events, eventTicketTypes } from './commerce.ts';
import { grades, schoolYears } from './lookups.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * Managed-services packages (organizations.md §3): a package of a school year offers PD sessions
 * (in groupings), events, groups (with sections) and institutes; an organization requests one with
 * amounts per item, which staff may override.
 */

export const travelCostType = pgEnum('travel_cost_type', travelCostTypes);
export const pdSessionSetting = pgEnum('pd_session_setting', pdSessionSettings);
export const packageRequestStatus = pgEnum('package_request_status', packageRequestStatuses);

const ranged = (prefix: string, t: { min: SQLWrapper; max: SQLWrapper; interval: SQLWrapper }) =>
  check(`${prefix}_range`, sql`${t.min} >= 0 and ${t.max} >= ${t.min} and ${t.interval} >= 1`);

export const packages = pgTable(
  'packages',
  {
    id: id(),
    schoolYearId: uuid('school_year_id')
      .notNull()
      .references(() => schoolYears.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    groupsDescription: text('groups_description').notNull().default(''),
    eventsDescription: text('events_description').notNull().default(''),
    schoolBasedPdSessionsDescription: text('school_based_pd_sessions_description').notNull().default(''),
    minimumAmountCents: integer('minimum_amount_cents').notNull().default(0),
    travelCostType: travelCostType('travel_cost_type').notNull(),
    /** actualCostAmount or fixedCostAmount of §3: the per-day travel amount of non-remote sessions. */
    travelCostAmountCents: integer('travel_cost_amount_cents').notNull().default(0),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('packages_amounts', sql`${t.minimumAmountCents} >= 0 and ${t.travelCostAmountCents} >= 0`),
    uniqueIndex('packages_year_name').on(t.schoolYearId, t.name),
  ],
);

export const packagePdSessionGroupings = pgTable(
  'package_pd_session_groupings',
  {
    id: id(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    minDays: integer('min_days').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('package_pd_session_groupings_package').on(t.packageId)],
);

export const packagePdSessions = pgTable(
  'package_pd_sessions',
  {
    id: id(),
    groupingId: uuid('grouping_id')
      .notNull()
      .references(() => packagePdSessionGroupings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    setting: pdSessionSetting('setting').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    selectionInterval: integer('selection_interval').notNull().default(1),
    allowZeroSelection: boolean('allow_zero_selection').notNull().default(false),
    useCustomSelection: boolean('use_custom_selection').notNull().default(false),
    customSelections: integer('custom_selections')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    dayRateCents: integer('day_rate_cents').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    ranged('package_pd_sessions', { min: t.minDays, max: t.maxDays, interval: t.selectionInterval }),
    check('package_pd_sessions_rate', sql`${t.dayRateCents} >= 0`),
    index('package_pd_sessions_grouping').on(t.groupingId),
  ],
);

export const packageEvents = pgTable(
  'package_events',
  {
    id: id(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id),
    minParticipants: integer('min_participants').notNull().default(1),
    maxParticipants: integer('max_participants').notNull(),
    selectionInterval: integer('selection_interval').notNull().default(1),
    allowZeroSelection: boolean('allow_zero_selection').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    ranged('package_events', { min: t.minParticipants, max: t.maxParticipants, interval: t.selectionInterval }),
    index('package_events_package').on(t.packageId),
  ],
);

export const packageGroups = pgTable(
  'package_groups',
  {
    id: id(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    requiredForPurchase: boolean('required_for_purchase').notNull().default(false),
    minimumAmountCents: integer('minimum_amount_cents').notNull().default(0),
    attendeeCostCents: integer('attendee_cost_cents').notNull(),
    minAttendees: integer('min_attendees').notNull().default(0),
    maxAttendees: integer('max_attendees').notNull(),
    enableFreeSeatOffer: boolean('enable_free_seat_offer').notNull().default(false),
    paidSeatsRequiredForOffer: integer('paid_seats_required_for_offer').notNull().default(0),
    freeSeatsInOffer: integer('free_seats_in_offer').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check(
      'package_groups_amounts',
      sql`${t.minimumAmountCents} >= 0 and ${t.attendeeCostCents} >= 0 and ${t.maxAttendees} >= ${t.minAttendees} and ${t.minAttendees} >= 0 and ${t.paidSeatsRequiredForOffer} >= 0 and ${t.freeSeatsInOffer} >= 0`,
    ),
    index('package_groups_package').on(t.packageId),
  ],
);

export const packageGroupSections = pgTable(
  'package_group_sections',
  {
    id: id(),
    packageGroupId: uuid('package_group_id')
      .notNull()
      .references(() => packageGroups.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    minTickets: integer('min_tickets').notNull().default(0),
    maxTickets: integer('max_tickets').notNull(),
    /** groupSectionStaffDevelopers of §3, as the names shown. */
    staffDevelopers: text('staff_developers').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('package_group_sections_tickets', sql`${t.minTickets} >= 0 and ${t.maxTickets} >= ${t.minTickets}`),
    index('package_group_sections_group').on(t.packageGroupId),
  ],
);

export const packageInstitutes = pgTable(
  'package_institutes',
  {
    id: id(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    participantCostCents: integer('participant_cost_cents').notNull(),
    minParticipants: integer('min_participants').notNull().default(1),
    maxParticipants: integer('max_participants').notNull(),
    selectionInterval: integer('selection_interval').notNull().default(1),
    allowZeroSelection: boolean('allow_zero_selection').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    ranged('package_institutes', { min: t.minParticipants, max: t.maxParticipants, interval: t.selectionInterval }),
    check('package_institutes_cost', sql`${t.participantCostCents} >= 0`),
    index('package_institutes_package').on(t.packageId),
  ],
);

/** One request per package and organization: Choose Package twice opens the same one. */
export const packageRequests = pgTable(
  'package_requests',
  {
    id: id(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: packageRequestStatus('status').notNull().default('STARTED'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    usingPtaFunds: boolean('using_pta_funds').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('package_requests_package_organization').on(t.packageId, t.organizationId),
    index('package_requests_organization').on(t.organizationId),
    index('package_requests_status').on(t.status, t.updatedAt),
  ],
);

const overrideColumns = () => ({
  /** Set by staff: their amount replaces the member's and the member may no longer change it. */
  overrideDate: date('override_date', { mode: 'string' }),
});

export const packageRequestPdSessions = pgTable(
  'package_request_pd_sessions',
  {
    packageRequestId: uuid('package_request_id')
      .notNull()
      .references(() => packageRequests.id, { onDelete: 'cascade' }),
    pdSessionId: uuid('pd_session_id')
      .notNull()
      .references(() => packagePdSessions.id, { onDelete: 'cascade' }),
    requestedDays: integer('requested_days').notNull(),
    ...overrideColumns(),
    overrideAmount: integer('override_amount'),
    createdByInitiator: boolean('created_by_initiator').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.packageRequestId, t.pdSessionId] }),
    check('package_request_pd_sessions_days', sql`${t.requestedDays} >= 0 and coalesce(${t.overrideAmount}, 0) >= 0`),
  ],
);

export const packageRequestEvents = pgTable(
  'package_request_events',
  {
    packageRequestId: uuid('package_request_id')
      .notNull()
      .references(() => packageRequests.id, { onDelete: 'cascade' }),
    packageEventId: uuid('package_event_id')
      .notNull()
      .references(() => packageEvents.id, { onDelete: 'cascade' }),
    requestedParticipants: integer('requested_participants').notNull(),
    ...overrideColumns(),
    overrideAmount: integer('override_amount'),
  },
  (t) => [
    primaryKey({ columns: [t.packageRequestId, t.packageEventId] }),
    check(
      'package_request_events_amounts',
      sql`${t.requestedParticipants} >= 0 and coalesce(${t.overrideAmount}, 0) >= 0`,
    ),
  ],
);

export const packageRequestGroupSections = pgTable(
  'package_request_group_sections',
  {
    packageRequestId: uuid('package_request_id')
      .notNull()
      .references(() => packageRequests.id, { onDelete: 'cascade' }),
    groupSectionId: uuid('group_section_id')
      .notNull()
      .references(() => packageGroupSections.id, { onDelete: 'cascade' }),
    requestedParticipants: integer('requested_participants').notNull(),
    ...overrideColumns(),
    overrideParticipants: integer('override_participants'),
  },
  (t) => [
    primaryKey({ columns: [t.packageRequestId, t.groupSectionId] }),
    check(
      'package_request_group_sections_amounts',
      sql`${t.requestedParticipants} >= 0 and coalesce(${t.overrideParticipants}, 0) >= 0`,
    ),
  ],
);

export const packageRequestInstitutes = pgTable(
  'package_request_institutes',
  {
    packageRequestId: uuid('package_request_id')
      .notNull()
      .references(() => packageRequests.id, { onDelete: 'cascade' }),
    packageInstituteId: uuid('package_institute_id')
      .notNull()
      .references(() => packageInstitutes.id, { onDelete: 'cascade' }),
    requestedParticipants: integer('requested_participants').notNull(),
    ...overrideColumns(),
    overrideAmount: integer('override_amount'),
    createdByInitiator: boolean('created_by_initiator').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.packageRequestId, t.packageInstituteId] }),
    check(
      'package_request_institutes_amounts',
      sql`${t.requestedParticipants} >= 0 and coalesce(${t.overrideAmount}, 0) >= 0`,
    ),
  ],
);

/** requestedParticipantDistribution of §3: an institute's participants by grade. */
export const packageRequestInstituteGrades = pgTable(
  'package_request_institute_grades',
  {
    packageRequestId: uuid('package_request_id').notNull(),
    packageInstituteId: uuid('package_institute_id').notNull(),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
    participants: integer('participants').notNull(),
    overrideParticipants: integer('override_participants'),
  },
  (t) => [
    primaryKey({ columns: [t.packageRequestId, t.packageInstituteId, t.gradeId] }),
    foreignKey({
      name: 'package_request_institute_grades_institute_fk',
      columns: [t.packageRequestId, t.packageInstituteId],
      foreignColumns: [packageRequestInstitutes.packageRequestId, packageRequestInstitutes.packageInstituteId],
    }).onDelete('cascade'),
    check(
      'package_request_institute_grades_amounts',
      sql`${t.participants} >= 0 and coalesce(${t.overrideParticipants}, 0) >= 0`,
    ),
    index('package_request_institute_grades_institute').on(t.packageRequestId, t.packageInstituteId),
  ],
);
