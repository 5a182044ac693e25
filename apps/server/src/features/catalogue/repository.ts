import { and, asc, count, eq, gte, ilike, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events } from '../../db/schema/commerce.ts';

/*
 * Correlated subqueries name the outer table in plain SQL: drizzle leaves the table name off a
 * column when a query reads one table, and an unqualified "id" would bind to the subquery's table.
 */

/** Lowest ticket price of the event, in cents; null when it sells nothing. */
const priceFrom = sql<number | null>`(select min(t.price_cents)::int from event_ticket_types t where t.event_id = events.id)`;

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

function upcomingQueries(db: Executor, searching: boolean) {
  const suffix = searching ? 'search' : 'all';
  return {
    page: db
      .select(eventColumns)
      .from(events)
      .where(upcoming(searching))
      .orderBy(asc(events.startDate), asc(events.name), asc(events.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`catalogue_page_${suffix}`),
    count: db.select({ total: count() }).from(events).where(upcoming(searching)).prepare(`catalogue_count_${suffix}`),
  };
}

/**
 * Every member's first screen reads this: its SQL is built once per database handle (with and
 * without a search) rather than by drizzle on each request.
 */
const prepared = new WeakMap<Executor, Record<'all' | 'search', ReturnType<typeof upcomingQueries>>>();

export async function listUpcomingEvents(db: Executor, today: string, query: { search?: string; page: number; pageSize: number }) {
  let queries = prepared.get(db);
  if (!queries) {
    queries = { all: upcomingQueries(db, false), search: upcomingQueries(db, true) };
    prepared.set(db, queries);
  }
  const { page, count: counted } = query.search ? queries.search : queries.all;
  const values = {
    today,
    pattern: query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  const [items, [total]] = await Promise.all([page.execute(values), counted.execute(values)]);
  return { items, total: total?.total ?? 0 };
}

export async function findPublishedEvent(db: Executor, eventId: string) {
  const [event] = await db
    .select({ ...eventColumns, description: events.description })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.published, true)));
  return event;
}
