import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethodKind } from '@portal/domain/events/event-reports.ts';
import type { Executor } from '../../db/client.ts';
import { expectedPeople } from '../../core/attendance.ts';

/**
 * The reports' sums, each one statement over the whole event or season (no query per row). Revenue of a
 * payment is shared among its lines by their list price: a line's revenue is its price × tickets
 * scaled by the payment's total over its subtotal, so a coupon's discount falls on the lines it
 * discounted and a payment of several events is split between them (docs/decisions/0110-event-reports.md).
 */

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  // Both drivers answer with { rows }; the driver-neutral Executor leaves the result unknown.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const lineRevenue = sql`(i.number_of_tickets * i.price_cents)::numeric * p.total_cents / nullif(p.subtotal_cents, 0)`;

export async function findReportedEvent(db: Executor, eventId: string) {
  const [event] = await rowsOf<{ id: string; name: string; start_date: string; end_date: string }>(
    db,
    sql`select id, name, start_date::text, end_date::text from events where id = ${eventId}`,
  );
  return event;
}

interface SeatsRow {
  section_id: string | null;
  title: string;
  sold: number;
  held: number;
  capacity: number | null;
}

/**
 * Seats per section, in the editor's order (path, grouping, section), then the event's own row for
 * tickets sold for the whole event (a series, an institute's seats): sold are those of paid payments,
 * held those of payments still holding seats while they wait for their card or purchase order.
 */
export async function seatsBySection(db: Executor, eventId: string) {
  const rows = await rowsOf<SeatsRow>(
    db,
    sql`
    with lines as (
      select i.section_id, i.number_of_tickets, p.status
      from event_payment_items i join event_payments p on p.id = i.payment_id
      where i.event_id = ${eventId} and p.seats_held
    )
    select s.id as section_id, s.title, s.max_tickets as capacity,
      coalesce(sum(l.number_of_tickets) filter (where l.status = 'PAID'), 0)::int as sold,
      coalesce(sum(l.number_of_tickets) filter (where l.status <> 'PAID'), 0)::int as held,
      array[pa.position, g.position, s.position] as place
    from event_sections s
    join event_groupings g on g.id = s.grouping_id
    join event_paths pa on pa.id = g.path_id
    left join lines l on l.section_id = s.id
    where s.event_id = ${eventId}
    group by s.id, pa.position, g.position
    union all
    select null, e.name, e.max_tickets,
      coalesce((select sum(number_of_tickets) from lines where section_id is null and status = 'PAID'), 0)::int,
      coalesce((select sum(number_of_tickets) from lines where section_id is null and status <> 'PAID'), 0)::int,
      array[2147483647]
    from events e
    where e.id = ${eventId}
    order by place, title, section_id`,
  );
  return rows;
}

interface SalesRow {
  date: string;
  tickets: number;
  revenue_cents: number;
  total_tickets: number;
  total_revenue_cents: number;
}

/** Tickets and revenue of paid payments per provider's calendar day they were paid, with running totals. */
export function salesByDay(db: Executor, eventId: string, timeZone: string) {
  return rowsOf<SalesRow>(
    db,
    sql`
    with days as (
      select (p.paid_at at time zone ${timeZone})::date as day,
        sum(i.number_of_tickets)::int as tickets,
        coalesce(round(sum(${lineRevenue})), 0)::float8 as revenue_cents
      from event_payment_items i join event_payments p on p.id = i.payment_id
      where i.event_id = ${eventId} and p.status = 'PAID' and p.paid_at is not null
      group by 1
    )
    select day::text as date, tickets, revenue_cents,
      (sum(tickets) over (order by day))::int as total_tickets,
      (sum(revenue_cents) over (order by day))::float8 as total_revenue_cents
    from days order by day`,
  );
}

interface MethodRow {
  method: PaymentMethodKind;
  payments: number;
  tickets: number;
  revenue_cents: number;
}

/** Paid payments of the event by how they were paid: card, purchase order, or a coupon that left nothing to pay. */
export function paymentMethods(db: Executor, eventId: string) {
  return rowsOf<MethodRow>(
    db,
    sql`
    select case when p.total_cents = 0 and p.coupon_id is not null then 'COUPON' else p.method::text end as method,
      count(distinct p.id)::int as payments,
      sum(i.number_of_tickets)::int as tickets,
      coalesce(round(sum(${lineRevenue})), 0)::float8 as revenue_cents
    from event_payment_items i join event_payments p on p.id = i.payment_id
    where i.event_id = ${eventId} and p.status = 'PAID'
    group by 1 order by 1`,
  );
}

interface AttendanceRow {
  date: string;
  expected: number;
  attended: number;
}

/**
 * Per day of the event's sections: the people expected (as its attendance lists have them) and those
 * marked present. Nothing when nobody was marked yet: there is no attendance to report.
 */
export function attendanceByDay(db: Executor, eventId: string) {
  const expected = expectedPeople(db, eventId);
  return rowsOf<AttendanceRow>(
    db,
    sql`
    select d.day::text as date, count(*)::int as expected,
      count(*) filter (where a.attended)::int as attended
    from ${expected}
    join event_sections s on s.id = "expected"."expected_section_id"
    cross join lateral unnest(s.dates) as d(day)
    left join event_daily_attendances a
      on a.section_id = s.id and a.user_id = "expected"."expected_user_id" and a.date = d.day
    where exists (select 1 from event_daily_attendances where event_id = ${eventId})
    group by d.day order by d.day`,
  );
}

interface SeasonRow {
  event_type: string | null;
  kind: 'SERIES' | 'CONFERENCE_DAY' | 'INSTITUTE' | null;
  events: number;
  seats_sold: number;
  revenue_cents: number;
}

/**
 * Events starting within the season, by their type (events without one by their kind): how many, seats
 * sold and revenue of paid payments.
 */
export function seasonByType(db: Executor, startsOn: string, endsOn: string) {
  return rowsOf<SeasonRow>(
    db,
    sql`
    select e.event_type, case when e.event_type is null then e.kind::text end as kind,
      count(distinct e.id)::int as events,
      coalesce(sum(i.number_of_tickets) filter (where p.id is not null), 0)::int as seats_sold,
      coalesce(round(sum(${lineRevenue}) filter (where p.id is not null)), 0)::float8 as revenue_cents
    from events e
    left join event_payment_items i on i.event_id = e.id
    left join event_payments p on p.id = i.payment_id and p.status = 'PAID'
    where e.start_date between ${startsOn}::date and ${endsOn}::date
    group by 1, 2 order by 1 nulls last, 2`,
  );
}

interface SeasonEventSql {
  id: string;
  name: string;
  start_date: string;
  revenue_cents: number;
  attended: number;
}

/** Each event starting within the season: revenue of paid payments and the people marked present. */
export function seasonEvents(db: Executor, startsOn: string, endsOn: string) {
  return rowsOf<SeasonEventSql>(
    db,
    sql`
    select e.id, e.name, e.start_date::text,
      coalesce((select round(sum(${lineRevenue})) from event_payment_items i
        join event_payments p on p.id = i.payment_id and p.status = 'PAID' where i.event_id = e.id), 0)::float8
        as revenue_cents,
      (select count(distinct a.user_id) from event_daily_attendances a where a.event_id = e.id and a.attended)::int
        as attended
    from events e
    where e.start_date between ${startsOn}::date and ${endsOn}::date
    order by e.start_date, e.name, e.id`,
  );
}
