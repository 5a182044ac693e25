import { and, eq, gte, ilike, sql } from 'drizzle-orm';
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
 * otherwise its own maxTickets (null when unlimited).
 */
const remaining = sql<number | null>`case
  when exists (select 1 from event_sections s where s.event_id = events.id) then (
    select case when bool_or(s.max_tickets is null) then null else sum(greatest(s.max_tickets - s.tickets_taken, 0))::int end
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
  priceFromCents: priceFrom,
  remaining,
  acceptsApplications: events.acceptsApplications,
  // What catalogue.catalogueOffers reads besides the fields above.
  published: events.published,
  daysBeforePurchaseClose: events.daysBeforePurchaseClose,
};

const upcoming = (searching: boolean) =>
  and(
    eq(events.published, true),
    gte(events.endDate, sql.placeholder('today')),
    searching ? ilike(events.name, sql.placeholder('pattern')) : undefined,
  );

/** A catalogue row as PostgreSQL answers it: the columns of eventColumns, dates as text. */
export interface UpcomingEventRow {
  id: string;
  name: string;
  kind: (typeof events.kind.enumValues)[number];
  startDate: string;
  endDate: string;
  locationName: string | null;
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

function upcomingStatements(searching: boolean) {
  const suffix = searching ? 'search' : 'all';
  return {
    page: staticStatement(
      `catalogue_page_${suffix}`,
      sql`select ${upcomingColumns} from ${events} where ${upcoming(searching)}
        order by ${events.startDate}, ${events.name}, ${events.id}
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
    ),
    count: staticStatement(
      `catalogue_count_${suffix}`,
      sql`select count(*)::int as total from ${events} where ${upcoming(searching)}`,
    ),
  };
}

/**
 * Every member's first screen reads this: its SQL is built once, when the module loads (with and
 * without a search), and its rows are taken as PostgreSQL answers them, not mapped column by column
 * by drizzle on each request.
 */
const statements = { all: upcomingStatements(false), search: upcomingStatements(true) };

export async function listUpcomingEvents(
  db: Database,
  today: string,
  query: { search?: string; page: number; pageSize: number },
) {
  const { page, count } = query.search ? statements.search : statements.all;
  const values = {
    today,
    pattern: query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
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
    .select({ ...eventColumns, description: events.description })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.published, true)));
  return event;
}
