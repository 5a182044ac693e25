import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StaffEventDetail } from '@portal/domain/staff-events.ts';
import type { Database, Executor } from '../../db/client.ts';
import { readEventStructure } from '../../core/event-structure.ts';
import { eventGroupings, eventPaths, eventPaymentItems, events, eventSections, eventTicketTypes } from '../../db/schema/commerce.ts';

/** An ILIKE pattern matching the text anywhere, its own % and _ taken literally. */
export function containing(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An event with everything the editor shows: the event row and its structure, five queries in all. */
export async function findEventDetail(db: Database, eventId: string): Promise<StaffEventDetail | undefined> {
  const [[event], structure] = await Promise.all([
    db
      .select({
        id: events.id,
        name: events.name,
        kind: events.kind,
        eventType: events.eventType,
        eventSubtype: events.eventSubtype,
        description: events.description,
        locationName: events.locationName,
        startDate: events.startDate,
        endDate: events.endDate,
        daysBeforePurchaseClose: events.daysBeforePurchaseClose,
        maxTickets: events.maxTickets,
        ticketsTaken: events.ticketsTaken,
        published: events.published,
      })
      .from(events)
      .where(eq(events.id, eventId)),
    readEventStructure(db, eventId),
  ]);
  return event ? { ...event, ...structure } : undefined;
}

/** The event a path, grouping or section belongs to (sections carry it; groupings reach it through their path). */
export async function eventOfPath(db: Executor, pathId: string): Promise<string | undefined> {
  const [row] = await db.select({ eventId: eventPaths.eventId }).from(eventPaths).where(eq(eventPaths.id, pathId));
  return row?.eventId;
}

export async function eventOfGrouping(db: Executor, groupingId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ eventId: eventPaths.eventId })
    .from(eventGroupings)
    .innerJoin(eventPaths, eq(eventPaths.id, eventGroupings.pathId))
    .where(eq(eventGroupings.id, groupingId));
  return row?.eventId;
}

export async function eventExists(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  return row !== undefined;
}

/** The sections a delete would take with it, by what is deleted. */
export type SectionScope = { sectionId: string } | { groupingId: string } | { pathId: string };

function sectionsIn(scope: SectionScope): SQL {
  if ('sectionId' in scope) return eq(eventSections.id, scope.sectionId);
  if ('groupingId' in scope) return eq(eventSections.groupingId, scope.groupingId);
  return inArray(eventSections.groupingId, sql`(select ${eventGroupings.id} from ${eventGroupings} where ${eventGroupings.pathId} = ${scope.pathId})`);
}

/**
 * Whether tickets were sold or are held in any section of the scope, with those sections locked
 * until the transaction ends: a checkout taking seats in one of them (an UPDATE of the row, or an
 * event_payment_items row referencing it) waits for the delete, then fails on the missing section.
 */
export async function sectionsInUse(db: Executor, scope: SectionScope): Promise<boolean> {
  const locked = await db
    .select({ id: eventSections.id, ticketsTaken: eventSections.ticketsTaken })
    .from(eventSections)
    .where(sectionsIn(scope))
    .for('update');
  if (locked.length === 0) return false;
  if (locked.some((section) => section.ticketsTaken > 0)) return true;
  const [sold] = await db
    .select({ id: eventPaymentItems.id })
    .from(eventPaymentItems)
    .where(
      inArray(
        eventPaymentItems.sectionId,
        locked.map((section) => section.id),
      ),
    )
    .limit(1);
  return sold !== undefined;
}

/** Whether any payment was made with this ticket type; the ticket type row is locked likewise. */
export async function ticketTypeInUse(db: Executor, ticketTypeId: string): Promise<boolean> {
  await db.select({ id: eventTicketTypes.id }).from(eventTicketTypes).where(eq(eventTicketTypes.id, ticketTypeId)).for('update');
  const [sold] = await db.select({ id: eventPaymentItems.id }).from(eventPaymentItems).where(eq(eventPaymentItems.ticketTypeId, ticketTypeId)).limit(1);
  return sold !== undefined;
}

export function withinCapacity(
  maxTickets: number | null,
  taken: SQL | typeof events.ticketsTaken | typeof eventSections.ticketsTaken | typeof eventGroupings.ticketsTaken,
): SQL | undefined {
  return maxTickets === null ? undefined : sql`${taken} <= ${maxTickets}`;
}
