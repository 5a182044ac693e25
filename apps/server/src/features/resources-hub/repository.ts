import { sql } from 'drizzle-orm';
import { legacyApplicationView } from '@portal/domain/applications/rules.ts';
import type { Executor } from '../../db/client.ts';
import { legacyApplicationsWithPayments } from '../../core/application-reads.ts';

interface AttendedEvent {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  resourceCount: number;
}

/** Events of previous-system applications whose view offers 'Resources' (as the event's resources page decides). */
async function legacyEventIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await legacyApplicationsWithPayments(db, userId);
  return rows.flatMap((row) =>
    row.eventId &&
    legacyApplicationView(row.statusId, row.paymentStatusId, row.paymentTypeId, row).actions.some(
      (action) => action.kind === 'resources',
    )
      ? [row.eventId]
      : [],
  );
}

/**
 * The events with resources the user attends, latest first: a ticket of a PAID payment, an ACCEPTED
 * application, or a paid previous-system application. The event's own page still narrows what it
 * shows to the sections attended.
 */
export async function attendedEventsWithResources(db: Executor, userId: string): Promise<AttendedEvent[]> {
  const legacy = await legacyEventIds(db, userId);
  const legacyIds = sql`array[${sql.join(legacy.length > 0 ? legacy.map((id) => sql`${id}`) : [sql`null`], sql`, `)}]::uuid[]`;
  const result = await db.execute(sql`
    with attended as (
      select t.event_id from event_tickets t
        join event_payment_items i on i.id = t.payment_item_id
        join event_payments p on p.id = i.payment_id and p.status = 'PAID'
        where t.user_id = ${userId}
      union
      select a.event_id from event_applications a where a.user_id = ${userId} and a.status = 'ACCEPTED'
      union
      select unnest(${legacyIds})
    )
    select e.id, e.name, e.start_date::text as "startDate", e.end_date::text as "endDate", count(r.id)::int as "resourceCount"
    from attended a
    join events e on e.id = a.event_id
    join event_resources r on r.event_id = e.id
    group by e.id
    order by e.start_date desc, e.name asc
    limit 100`);
  // Both drivers answer with { rows }; the driver-neutral Database type leaves the result unknown.
  return (result as { rows: AttendedEvent[] }).rows;
}
