import { and, asc, count, eq, gte, ilike, sql, type SQL } from 'drizzle-orm';
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

function searchName(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return ilike(events.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

export async function listUpcomingEvents(db: Executor, today: string, query: { search?: string; page: number; pageSize: number }) {
  const where = and(eq(events.published, true), gte(events.endDate, today), searchName(query.search));
  const [items, [total]] = await Promise.all([
    db
      .select(eventColumns)
      .from(events)
      .where(where)
      .orderBy(asc(events.startDate), asc(events.name), asc(events.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(events).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

export async function findPublishedEvent(db: Executor, eventId: string) {
  const [event] = await db
    .select({ ...eventColumns, description: events.description })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.published, true)));
  return event;
}
