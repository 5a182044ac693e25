import { and, count, desc, eq, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  groupingInput,
  pathInput,
  sectionInput,
  StaffEventDetail,
  StaffEventInput,
  StaffEventPage,
  ticketTypeInput,
} from '@portal/domain/events/admin-contracts.ts';
import type { Database, Executor } from '../../db/client.ts';
import { eventPolicyColumns, type policyColumnsOf } from '../../core/cancellation-policy.ts';
import { readEventStructure } from '../../core/event-structure.ts';
import {
  coupons,
  eventGroupings,
  eventPaths,
  eventPaymentItems,
  events,
  eventSections,
  eventTicketTypes,
} from '../../db/schema/commerce.ts';

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
        gradeBands: events.gradeBands,
        startDate: events.startDate,
        endDate: events.endDate,
        daysBeforePurchaseClose: events.daysBeforePurchaseClose,
        maxTickets: events.maxTickets,
        ticketsTaken: events.ticketsTaken,
        published: events.published,
        quotesHoldSeats: events.quotesHoldSeats,
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
  return inArray(
    eventSections.groupingId,
    sql`(select ${eventGroupings.id} from ${eventGroupings} where ${eventGroupings.pathId} = ${scope.pathId})`,
  );
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
  await db
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.id, ticketTypeId))
    .for('update');
  const [sold] = await db
    .select({ id: eventPaymentItems.id })
    .from(eventPaymentItems)
    .where(eq(eventPaymentItems.ticketTypeId, ticketTypeId))
    .limit(1);
  return sold !== undefined;
}

function withinCapacity(
  maxTickets: number | null,
  taken: SQL | typeof events.ticketsTaken | typeof eventSections.ticketsTaken | typeof eventGroupings.ticketsTaken,
): SQL | undefined {
  return maxTickets === null ? undefined : sql`${taken} <= ${maxTickets}`;
}

type TicketTypeInput = z.output<typeof ticketTypeInput>;
type PathInput = z.output<typeof pathInput>;
type GroupingInput = z.output<typeof groupingInput>;
type SectionInput = z.output<typeof sectionInput>;

/** A page of every event, published or not, latest start first, searched by name. */
export async function eventPage(
  db: Database,
  query: { search?: string; page: number; pageSize: number },
): Promise<StaffEventPage> {
  const where = query.search ? ilike(events.name, containing(query.search)) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: events.id,
        name: events.name,
        kind: events.kind,
        startDate: events.startDate,
        endDate: events.endDate,
        published: events.published,
        ticketsTaken: events.ticketsTaken,
        maxTickets: events.maxTickets,
      })
      .from(events)
      .where(where)
      .orderBy(desc(events.startDate), desc(events.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(events).where(where),
  ]);
  return { items, page: query.page, pageSize: query.pageSize, total: total?.total ?? 0 };
}

/*
 * The editor's writes. A capacity change is one conditional UPDATE: a new limit below the tickets
 * already sold or held changes nothing (no row comes back), so a checkout taking seats at the same
 * moment cannot slip past it; the caller then reads the count to say why.
 */

export async function insertEvent(db: Executor, input: StaffEventInput): Promise<string | undefined> {
  const [created] = await db.insert(events).values(input).returning({ id: events.id });
  return created?.id;
}

export async function updateEventWithinCapacity(
  db: Executor,
  eventId: string,
  input: StaffEventInput,
): Promise<boolean> {
  const updated = await db
    .update(events)
    .set(input)
    .where(and(eq(events.id, eventId), withinCapacity(input.maxTickets, events.ticketsTaken)))
    .returning({ id: events.id });
  return updated.length > 0;
}

export async function eventTicketsTaken(db: Executor, eventId: string): Promise<number | undefined> {
  const [current] = await db.select({ ticketsTaken: events.ticketsTaken }).from(events).where(eq(events.id, eventId));
  return current?.ticketsTaken;
}

export async function insertTicketType(
  db: Executor,
  eventId: string,
  input: TicketTypeInput,
): Promise<string | undefined> {
  const [created] = await db
    .insert(eventTicketTypes)
    .values({ ...input, eventId })
    .returning({ id: eventTicketTypes.id });
  return created?.id;
}

/** The event of the ticket type changed; undefined when there is no such ticket type. */
export async function updateTicketTypeRow(
  db: Executor,
  ticketTypeId: string,
  input: TicketTypeInput,
): Promise<{ eventId: string } | undefined> {
  const [updated] = await db
    .update(eventTicketTypes)
    .set(input)
    .where(eq(eventTicketTypes.id, ticketTypeId))
    .returning({ eventId: eventTicketTypes.eventId });
  return updated;
}

export async function deleteTicketTypeRow(
  db: Executor,
  ticketTypeId: string,
): Promise<{ eventId: string } | undefined> {
  const [deleted] = await db
    .delete(eventTicketTypes)
    .where(eq(eventTicketTypes.id, ticketTypeId))
    .returning({ eventId: eventTicketTypes.eventId });
  return deleted;
}

export async function insertPath(db: Executor, eventId: string, input: PathInput): Promise<string | undefined> {
  const [created] = await db
    .insert(eventPaths)
    .values({ ...input, eventId })
    .returning({ id: eventPaths.id });
  return created?.id;
}

export async function updatePathRow(
  db: Executor,
  pathId: string,
  input: PathInput,
): Promise<{ eventId: string } | undefined> {
  const [updated] = await db
    .update(eventPaths)
    .set(input)
    .where(eq(eventPaths.id, pathId))
    .returning({ eventId: eventPaths.eventId });
  return updated;
}

export async function deletePathRow(db: Executor, pathId: string): Promise<{ eventId: string } | undefined> {
  const [deleted] = await db
    .delete(eventPaths)
    .where(eq(eventPaths.id, pathId))
    .returning({ eventId: eventPaths.eventId });
  return deleted;
}

export async function insertGrouping(db: Executor, pathId: string, input: GroupingInput): Promise<string | undefined> {
  const [created] = await db
    .insert(eventGroupings)
    .values({ ...input, pathId })
    .returning({ id: eventGroupings.id });
  return created?.id;
}

/** A grouping's limit against the tickets taken in its sections together (its own counter, kept by core/capacity). */
export async function updateGroupingWithinCapacity(
  db: Executor,
  groupingId: string,
  input: GroupingInput,
): Promise<boolean> {
  const updated = await db
    .update(eventGroupings)
    .set(input)
    .where(and(eq(eventGroupings.id, groupingId), withinCapacity(input.maxTickets, eventGroupings.ticketsTaken)))
    .returning({ id: eventGroupings.id });
  return updated.length > 0;
}

export async function groupingTicketsTaken(db: Executor, groupingId: string): Promise<number | undefined> {
  const [current] = await db
    .select({ taken: eventGroupings.ticketsTaken })
    .from(eventGroupings)
    .where(eq(eventGroupings.id, groupingId));
  return current?.taken;
}

export async function deleteGroupingRow(db: Executor, groupingId: string): Promise<boolean> {
  const deleted = await db
    .delete(eventGroupings)
    .where(eq(eventGroupings.id, groupingId))
    .returning({ id: eventGroupings.id });
  return deleted.length > 0;
}

export async function insertSection(
  db: Executor,
  eventId: string,
  groupingId: string,
  input: SectionInput,
): Promise<string | undefined> {
  const [created] = await db
    .insert(eventSections)
    .values({ ...input, eventId, groupingId })
    .returning({ id: eventSections.id });
  return created?.id;
}

/** The section's event when its limit changed; undefined when the section is unknown or the limit is below its tickets. */
export async function updateSectionWithinCapacity(
  db: Executor,
  sectionId: string,
  input: SectionInput,
): Promise<{ eventId: string } | undefined> {
  const [updated] = await db
    .update(eventSections)
    .set(input)
    .where(and(eq(eventSections.id, sectionId), withinCapacity(input.maxTickets, eventSections.ticketsTaken)))
    .returning({ eventId: eventSections.eventId });
  return updated;
}

export async function sectionTicketsTaken(db: Executor, sectionId: string): Promise<number | undefined> {
  const [current] = await db
    .select({ ticketsTaken: eventSections.ticketsTaken })
    .from(eventSections)
    .where(eq(eventSections.id, sectionId));
  return current?.ticketsTaken;
}

export async function deleteSectionRow(db: Executor, sectionId: string): Promise<{ eventId: string } | undefined> {
  const [deleted] = await db
    .delete(eventSections)
    .where(eq(eventSections.id, sectionId))
    .returning({ eventId: eventSections.eventId });
  return deleted;
}

/* Coupons. */

function couponRows(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: coupons.id,
      code: coupons.code,
      type: coupons.type,
      discountAmount: coupons.discountAmount,
      discountPercentage: coupons.discountPercentage,
      validFrom: coupons.validFrom,
      validUntil: coupons.validUntil,
      maxUses: coupons.maxUses,
      timesUsed: coupons.timesUsed,
      eventId: coupons.eventId,
      eventName: events.name,
      active: coupons.active,
    })
    .from(coupons)
    .leftJoin(events, eq(events.id, coupons.eventId))
    .where(where)
    .$dynamic();
}

export type StoredCoupon = Awaited<ReturnType<typeof couponRows>>[number];

/** Coupons newest first, searched by code (codes are stored upper-case), with the total. */
export async function couponPage(
  db: Database,
  query: { search?: string; page: number; pageSize: number },
): Promise<{ rows: StoredCoupon[]; total: number }> {
  const where = query.search ? ilike(coupons.code, containing(query.search)) : undefined;
  const [rows, [total]] = await Promise.all([
    couponRows(db, where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** A coupon as the staff list shows it (with the event it is limited to). */
export async function findListedCoupon(db: Executor, couponId: string): Promise<StoredCoupon | undefined> {
  const [row] = await couponRows(db, eq(coupons.id, couponId));
  return row;
}

export async function insertCoupon(db: Executor, columns: typeof coupons.$inferInsert): Promise<string | undefined> {
  const [created] = await db.insert(coupons).values(columns).returning({ id: coupons.id });
  return created?.id;
}

/** One conditional UPDATE: a usage limit below the uses already counted changes nothing (false). */
export async function updateCouponWithinUses(
  db: Executor,
  couponId: string,
  columns: typeof coupons.$inferInsert,
): Promise<boolean> {
  const maxUses = columns.maxUses ?? null;
  const updated = await db
    .update(coupons)
    .set(columns)
    .where(and(eq(coupons.id, couponId), maxUses === null ? undefined : lte(coupons.timesUsed, maxUses)))
    .returning({ id: coupons.id });
  return updated.length > 0;
}

export async function couponTimesUsed(db: Executor, couponId: string): Promise<number | undefined> {
  const [current] = await db.select({ timesUsed: coupons.timesUsed }).from(coupons).where(eq(coupons.id, couponId));
  return current?.timesUsed;
}

export async function eventPolicyOf(db: Executor, eventId: string) {
  const [row] = await db.select(eventPolicyColumns).from(events).where(eq(events.id, eventId));
  return row;
}

export async function writeEventPolicy(
  tx: Executor,
  eventId: string,
  columns: ReturnType<typeof policyColumnsOf>,
): Promise<boolean> {
  const written = await tx.update(events).set(columns).where(eq(events.id, eventId)).returning({ id: events.id });
  return written.length === 1;
}
