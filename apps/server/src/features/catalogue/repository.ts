import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import {
  catalogueIsFiltered,
  type CatalogueFormat,
  type CatalogueKindFilter,
} from '@portal/domain/events/catalogue.ts';
import type { GradeBand } from '@portal/domain/events/grade-bands.ts';
import { eventPolicyColumns } from '../../core/cancellation-policy.ts';
import type { Database, Executor } from '../../db/client.ts';
import { executeStatic, staticStatement } from '../../db/prepared.ts';
import { events } from '../../db/schema/commerce.ts';

/*
 * Correlated subqueries name the outer table in plain SQL: drizzle leaves the table name off a
 * column when a query reads one table, and an unqualified "id" would bind to the subquery's table.
 */

/** Lowest ticket price of the event, in cents; null when it sells nothing. */
const priceFrom = sql<
  number | null
>`(select min(t.price_cents)::int from event_ticket_types t where t.event_id = events.id)`;

/**
 * Seats left over the event's buckets: its sections when it has any (null when one is unlimited),
 * otherwise its own maxTickets (null when unlimited). Sections of an int4 size each can add up past
 * int4: the sum is capped there rather than failing the whole catalogue.
 */
const remaining = sql<number | null>`case
  when exists (select 1 from event_sections s where s.event_id = events.id) then (
    select case when bool_or(s.max_tickets is null) then null else least(sum(greatest(s.max_tickets - s.tickets_taken, 0)), 2147483647)::int end
    from event_sections s where s.event_id = events.id)
  when events.max_tickets is null then null
  else greatest(events.max_tickets - events.tickets_taken, 0) end`;

const eventColumns = {
  id: events.id,
  name: events.name,
  kind: events.kind,
  startDate: events.startDate,
  endDate: events.endDate,
  locationName: events.locationName,
  gradeBands: events.gradeBands,
  priceFromCents: priceFrom,
  remaining,
  acceptsApplications: events.acceptsApplications,
  // What catalogue.catalogueOffers reads besides the fields above.
  published: events.published,
  daysBeforePurchaseClose: events.daysBeforePurchaseClose,
};

const upcoming = and(eq(events.published, true), gte(events.endDate, sql.placeholder('today')));

/*
 * Each filter is skipped when its placeholder is null, so one statement serves every combination.
 * The search is ILIKE '%…%' over name and description, which trigram indexes serve (pg_trgm, like
 * the event resources' search); an event is online when its location reads 'Online'; an event
 * with no grade band is for every grade, so it shows under each (grade-bands.matchesGradeBand).
 */
const isOnline = sql`lower(btrim(coalesce(${events.locationName}, ''))) = 'online'`;
const filtered = and(
  upcoming,
  sql`(${sql.placeholder('from')}::date is null or ${events.endDate} >= ${sql.placeholder('from')}::date)`,
  sql`(${sql.placeholder('to')}::date is null or ${events.startDate} <= ${sql.placeholder('to')}::date)`,
  sql`(${sql.placeholder('pattern')}::text is null
    or ${events.name} ilike ${sql.placeholder('pattern')}::text
    or ${events.description} ilike ${sql.placeholder('pattern')}::text)`,
  sql`(${sql.placeholder('kind')}::text is null
    or (${sql.placeholder('kind')}::text = 'APPLICATIONS' and ${events.acceptsApplications})
    or ${events.kind}::text = ${sql.placeholder('kind')}::text)`,
  sql`(${sql.placeholder('format')}::text is null
    or (${sql.placeholder('format')}::text = 'ONLINE' and ${isOnline})
    or (${sql.placeholder('format')}::text = 'IN_PERSON' and ${events.locationName} is not null and not ${isOnline}))`,
  sql`(${sql.placeholder('grade')}::text is null
    or cardinality(${events.gradeBands}) = 0
    or ${sql.placeholder('grade')}::text = any(${events.gradeBands}))`,
);

/** A catalogue row as PostgreSQL answers it: the columns of eventColumns, dates as text. */
export interface UpcomingEventRow {
  id: string;
  name: string;
  kind: (typeof events.kind.enumValues)[number];
  startDate: string;
  endDate: string;
  locationName: string | null;
  gradeBands: GradeBand[];
  priceFromCents: number | null;
  remaining: number | null;
  acceptsApplications: boolean;
  published: boolean;
  daysBeforePurchaseClose: number;
}

/** The same columns under the names the rows are read by (drizzle maps names only for its own queries). */
const upcomingColumns = sql.join(
  Object.entries(eventColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
  sql`, `,
);

function upcomingStatements(name: string, where: SQL | undefined) {
  return {
    page: staticStatement(
      `catalogue_page_${name}`,
      sql`select ${upcomingColumns} from ${events} where ${where}
        order by ${events.startDate}, ${events.name}, ${events.id}
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
    ),
    count: staticStatement(`catalogue_count_${name}`, sql`select count(*)::int as total from ${events} where ${where}`),
  };
}

/**
 * Every member's first screen reads this: its SQL is built once, when the module loads (unfiltered,
 * and with the filters), and its rows are taken as PostgreSQL answers them, not mapped column by
 * column by drizzle on each request.
 */
const statements = { all: upcomingStatements('all', upcoming), filtered: upcomingStatements('filtered', filtered) };

export interface CatalogueFilters {
  search?: string;
  from?: string;
  to?: string;
  kind?: CatalogueKindFilter;
  format?: CatalogueFormat;
  grade?: GradeBand;
}

export async function listUpcomingEvents(
  db: Database,
  today: string,
  query: CatalogueFilters & { page: number; pageSize: number },
) {
  const { page, count } = catalogueIsFiltered(query) ? statements.filtered : statements.all;
  const values = {
    today,
    pattern: query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    from: query.from ?? null,
    to: query.to ?? null,
    kind: query.kind ?? null,
    format: query.format ?? null,
    grade: query.grade ?? null,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  const [items, [counted]] = await Promise.all([
    executeStatic<UpcomingEventRow>(db, page, values),
    executeStatic<{ total: number }>(db, count, values),
  ]);
  return { items, total: counted?.total ?? 0 };
}

export async function findPublishedEvent(db: Executor, eventId: string) {
  const [event] = await db
    .select({ ...eventColumns, description: events.description, policy: eventPolicyColumns })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.published, true)));
  return event;
}
