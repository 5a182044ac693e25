import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { eventGroupings, eventPaths, events, eventSections, eventTicketTypes } from '../db/schema/commerce.ts';

/**
 * Ticket types and the paths > groupings > sections tree of one event, as the catalogue and the staff
 * console both show it: four queries whatever the event's size, nested here.
 */
export async function readEventStructure(db: Executor, eventId: string) {
  const ticketTypes = await db
    .select({ id: eventTicketTypes.id, name: eventTicketTypes.name, priceCents: eventTicketTypes.priceCents })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(eventTicketTypes.priceCents), asc(eventTicketTypes.name), asc(eventTicketTypes.id));
  const paths = await db
    .select({
      id: eventPaths.id,
      name: eventPaths.name,
      level: eventPaths.level,
      applicationSelectionLevel: eventPaths.applicationSelectionLevel,
      requireRankedSelection: eventPaths.requireRankedSelection,
      rankedSelectionAmount: eventPaths.rankedSelectionAmount,
      position: eventPaths.position,
    })
    .from(eventPaths)
    .where(eq(eventPaths.eventId, eventId))
    .orderBy(asc(eventPaths.position), asc(eventPaths.name), asc(eventPaths.id));
  const groupings = await db
    .select({
      id: eventGroupings.id,
      pathId: eventGroupings.pathId,
      name: eventGroupings.name,
      maxTickets: eventGroupings.maxTickets,
      ticketsTaken: eventGroupings.ticketsTaken,
      position: eventGroupings.position,
    })
    .from(eventGroupings)
    .innerJoin(eventPaths, eq(eventPaths.id, eventGroupings.pathId))
    .where(eq(eventPaths.eventId, eventId))
    .orderBy(asc(eventGroupings.position), asc(eventGroupings.name), asc(eventGroupings.id));
  const sections = await db
    .select({
      id: eventSections.id,
      groupingId: eventSections.groupingId,
      title: eventSections.title,
      dates: eventSections.dates,
      locationName: eventSections.locationName,
      audienceType: eventSections.audienceType,
      description: eventSections.description,
      isFree: eventSections.isFree,
      maxTickets: eventSections.maxTickets,
      ticketsTaken: eventSections.ticketsTaken,
      position: eventSections.position,
    })
    .from(eventSections)
    .where(eq(eventSections.eventId, eventId))
    .orderBy(asc(eventSections.position), asc(eventSections.title), asc(eventSections.id));
  return {
    ticketTypes,
    paths: paths.map((path) => ({
      ...path,
      groupings: groupings
        .filter((grouping) => grouping.pathId === path.id)
        .map(({ pathId: _pathId, ...grouping }) => ({
          ...grouping,
          sections: sections
            .filter((section) => section.groupingId === grouping.id)
            .map(({ groupingId: _groupingId, ...section }) => section),
        })),
    })),
  };
}

export type EventStructure = Awaited<ReturnType<typeof readEventStructure>>;

/** An event's id and name, when it exists (the staff console's and the resources' pages name it). */
export async function findEventName(db: Executor, eventId: string) {
  const [event] = await db.select({ id: events.id, name: events.name }).from(events).where(eq(events.id, eventId));
  return event;
}

/** A section of this event (another event's is not found), with its title. */
export async function findSection(db: Executor, eventId: string, sectionId: string) {
  const [section] = await db
    .select({ id: eventSections.id, title: eventSections.title })
    .from(eventSections)
    .where(and(eq(eventSections.id, sectionId), eq(eventSections.eventId, eventId)));
  return section;
}
