import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { eventApplicationPlacements, eventApplications } from '../db/schema/applications.ts';
import { eventGroupings, events, eventSections } from '../db/schema/commerce.ts';
import { releaseSeats, takeSeats, type SeatRequest } from './capacity.ts';

/**
 * Where accepted applicants are placed (event_application_placements) and the seats their places hold.
 * A place counts one seat of its section and the section's grouping, taken and given back through
 * core/capacity, the counters and conditional updates checkout uses, so a placement and a ticket sale
 * can never together sell a section past its limit.
 */

export interface PlaceToSave {
  applicationId: string;
  groupingId: string;
  sectionId: string;
  rank: number | null;
  handReason: string | null;
}

/**
 * Locks what a placement of the event reads and writes, in the order every writer takes them: the
 * event's accepted applications (a staff decision and an applicant's payment lock their application
 * first), then the event row (payments' event bucket), then its sections and their groupings by id
 * (checkout's bucket order). Two placements of one event queue here; a checkout for one of its
 * sections waits for the placement's commit, or the placement for the checkout's.
 */
export async function lockEventForPlacement(tx: Executor, eventId: string): Promise<boolean> {
  await tx
    .select({ id: eventApplications.id })
    .from(eventApplications)
    .where(and(eq(eventApplications.eventId, eventId), eq(eventApplications.status, 'ACCEPTED')))
    .orderBy(asc(eventApplications.id))
    .for('update');
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
  if (!event) return false;
  await tx
    .select({ id: eventSections.id })
    .from(eventSections)
    .where(eq(eventSections.eventId, eventId))
    .orderBy(asc(eventSections.id))
    .for('update');
  await tx
    .select({ id: eventGroupings.id })
    .from(eventGroupings)
    .where(
      inArray(
        eventGroupings.id,
        tx.select({ id: eventSections.groupingId }).from(eventSections).where(eq(eventSections.eventId, eventId)),
      ),
    )
    .orderBy(asc(eventGroupings.id))
    .for('update');
  return true;
}

/** One seat request per section, for every place in it: takeSeats and releaseSeats add them up by bucket. */
async function seatRequestsFor(tx: Executor, sectionIds: readonly string[]): Promise<SeatRequest[]> {
  if (sectionIds.length === 0) return [];
  const counts = new Map<string, number>();
  for (const id of sectionIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const sections = await tx
    .select({
      id: eventSections.id,
      eventId: eventSections.eventId,
      title: eventSections.title,
      groupingId: eventSections.groupingId,
      groupingName: eventGroupings.name,
    })
    .from(eventSections)
    .innerJoin(eventGroupings, eq(eventGroupings.id, eventSections.groupingId))
    .where(inArray(eventSections.id, [...counts.keys()]));
  return sections.map((section) => ({
    eventId: section.eventId,
    sectionId: section.id,
    numberOfTickets: counts.get(section.id) ?? 0,
    title: section.title,
    grouping: { id: section.groupingId, title: section.groupingName },
  }));
}

/**
 * Frees the places of an application (every grouping, or the one given), giving their seats back.
 * Called when an application is voided, and before a hand move of a published place.
 */
export async function freePlaces(tx: Executor, applicationId: string, groupingId?: string): Promise<number> {
  const freed = await tx
    .delete(eventApplicationPlacements)
    .where(
      and(
        eq(eventApplicationPlacements.applicationId, applicationId),
        groupingId ? eq(eventApplicationPlacements.groupingId, groupingId) : undefined,
      ),
    )
    .returning({ sectionId: eventApplicationPlacements.sectionId });
  await releaseSeats(
    tx,
    await seatRequestsFor(
      tx,
      freed.map((row) => row.sectionId),
    ),
  );
  return freed.length;
}

/**
 * Saves places in the caller's transaction and takes their seats (a place already held in the grouping
 * is freed first). A section without room throws core/capacity's SoldOut (409) and the caller's
 * transaction undoes everything: call it after lockEventForPlacement, which makes that a bug, not a race.
 */
export async function savePlaces(
  tx: Executor,
  places: readonly PlaceToSave[],
  placedById: string,
  now: Date,
  replacing: readonly { applicationId: string; groupingId: string }[],
): Promise<void> {
  for (const held of replacing) await freePlaces(tx, held.applicationId, held.groupingId);
  if (places.length === 0) return;
  await tx.insert(eventApplicationPlacements).values(places.map((place) => ({ ...place, placedAt: now, placedById })));
  await takeSeats(
    tx,
    await seatRequestsFor(
      tx,
      places.map((place) => place.sectionId),
    ),
  );
}

export interface PlacedSection {
  sectionId: string;
  title: string;
  groupingId: string;
  rank: number | null;
}

/** The places of many applications, in two columns' order (grouping, then section position). */
export async function placesOf(db: Executor, applicationIds: readonly string[]): Promise<Map<string, PlacedSection[]>> {
  const places = new Map<string, PlacedSection[]>();
  if (applicationIds.length === 0) return places;
  const rows = await db
    .select({
      applicationId: eventApplicationPlacements.applicationId,
      sectionId: eventApplicationPlacements.sectionId,
      groupingId: eventApplicationPlacements.groupingId,
      rank: eventApplicationPlacements.rank,
      title: eventSections.title,
    })
    .from(eventApplicationPlacements)
    .innerJoin(eventSections, eq(eventSections.id, eventApplicationPlacements.sectionId))
    .innerJoin(eventGroupings, eq(eventGroupings.id, eventApplicationPlacements.groupingId))
    .where(inArray(eventApplicationPlacements.applicationId, [...applicationIds]))
    .orderBy(asc(eventGroupings.position), asc(eventSections.position), asc(eventSections.id));
  for (const { applicationId, ...place } of rows)
    places.set(applicationId, [...(places.get(applicationId) ?? []), place]);
  return places;
}

/** SQL: the application has a place in the section's grouping (its other ranked sections no longer count). */
export const placedInGrouping = (applicationId: SQLWrapper, groupingId: SQLWrapper) =>
  sql`exists (select 1 from ${eventApplicationPlacements} where ${eventApplicationPlacements.applicationId} = ${applicationId} and ${eventApplicationPlacements.groupingId} = ${groupingId})`;
