import { and, asc, eq, sql } from 'drizzle-orm';
import type { LineTerms } from '@portal/domain/events/catalogue.ts';
import type { MyWaitingListEntry } from '@portal/domain/events/waiting-lists.ts';
import type { Executor } from '../../db/client.ts';
import { events, eventSections, eventTicketTypes } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { waitingListEntries } from '../../db/schema/waiting-lists.ts';

const entryPrice = sql<number>`(case when coalesce(${eventSections.isFree}, false) then 0 else ${eventTicketTypes.priceCents} end)::int`;

/** Her place among the active entries of the same list (1 first); null once the entry is no longer active. */
const position = sql<number | null>`case when ${waitingListEntries.status} in ('WAITING', 'OFFERED') then (
    select count(*)::int from ${waitingListEntries} ahead
    where ahead.event_id = ${waitingListEntries.eventId}
      and ahead.section_id is not distinct from ${waitingListEntries.sectionId}
      and ahead.status in ('WAITING', 'OFFERED')
      and (ahead.position, ahead.created_at, ahead.id) <= (${waitingListEntries.position}, ${waitingListEntries.createdAt}, ${waitingListEntries.id})
  ) end`;

const entryColumns = {
  id: waitingListEntries.id,
  eventId: waitingListEntries.eventId,
  sectionId: waitingListEntries.sectionId,
  eventName: events.name,
  sectionTitle: eventSections.title,
  quantity: waitingListEntries.quantity,
  organizationName: organizations.name,
  priceCents: entryPrice,
  status: waitingListEntries.status,
  position,
  offerExpiresAt: waitingListEntries.offerExpiresAt,
};

const titleOf = (eventName: string, sectionTitle: string | null) =>
  sectionTitle ? `${eventName} — ${sectionTitle}` : eventName;

function entryOf(row: {
  id: string;
  eventId: string;
  sectionId: string | null;
  eventName: string;
  sectionTitle: string | null;
  quantity: number;
  organizationName: string | null;
  priceCents: number;
  status: MyWaitingListEntry['status'];
  position: number | null;
  offerExpiresAt: Date | null;
}): MyWaitingListEntry {
  return {
    id: row.id,
    eventId: row.eventId,
    sectionId: row.sectionId,
    title: titleOf(row.eventName, row.sectionTitle),
    quantity: row.quantity,
    organizationName: row.organizationName,
    priceCents: Number(row.priceCents),
    totalCents: Number(row.priceCents) * row.quantity,
    status: row.status,
    position: row.position === null ? null : Number(row.position),
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
  };
}

function entriesQuery(db: Executor) {
  return db
    .select(entryColumns)
    .from(waitingListEntries)
    .innerJoin(events, eq(events.id, waitingListEntries.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, waitingListEntries.ticketTypeId))
    .leftJoin(eventSections, eq(eventSections.id, waitingListEntries.sectionId))
    .leftJoin(organizations, eq(organizations.id, waitingListEntries.organizationId));
}

/** Her active entries for an event, in the order of its lists. */
export async function activeEntriesOfMember(db: Executor, userId: string, eventId: string) {
  const rows = await entriesQuery(db)
    .where(
      and(
        eq(waitingListEntries.userId, userId),
        eq(waitingListEntries.eventId, eventId),
        sql`${waitingListEntries.status} in ('WAITING', 'OFFERED')`,
      ),
    )
    .orderBy(asc(eventSections.position), asc(waitingListEntries.createdAt));
  return rows.map(entryOf);
}

/** One entry of hers (any status); undefined for someone else's. */
export async function entryOfMember(db: Executor, userId: string, entryId: string) {
  const [row] = await entriesQuery(db).where(
    and(eq(waitingListEntries.id, entryId), eq(waitingListEntries.userId, userId)),
  );
  return row && entryOf(row);
}

/** The waiting-list switch of a published event; undefined for an unknown one. */
export async function waitingListSwitch(db: Executor, eventId: string) {
  const [row] = await db
    .select({ enabled: events.waitingListEnabled })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.published, true)));
  return row;
}

/** What decides whether the catalogue sells this line (catalogue.lineRefusal); undefined for an unknown event. */
export async function joinTerms(
  db: Executor,
  line: { eventId: string; ticketTypeId: string; sectionId: string | null },
): Promise<LineTerms | undefined> {
  const [row] = await db
    .select({
      published: events.published,
      acceptsApplications: events.acceptsApplications,
      startDate: events.startDate,
      daysBeforePurchaseClose: events.daysBeforePurchaseClose,
      // Spelled out: drizzle names a one-table query's columns without their table, which a subquery would misread.
      hasSections: sql<boolean>`exists (select 1 from event_sections s where s.event_id = events.id)`,
      ticketTypeOfEvent: sql<boolean>`exists (select 1 from event_ticket_types t
        where t.id = ${line.ticketTypeId} and t.event_id = events.id)`,
      sectionOfEvent: sql<boolean>`exists (select 1 from event_sections s
        where s.id = ${line.sectionId} and s.event_id = events.id)`,
    })
    .from(events)
    .where(eq(events.id, line.eventId));
  if (!row) return undefined;
  const { hasSections, ticketTypeOfEvent, sectionOfEvent, ...terms } = row;
  return {
    event: { ...terms, hasSections },
    ticketTypeOfEvent,
    section: line.sectionId === null ? 'none' : sectionOfEvent ? 'ofEvent' : 'notOfEvent',
  };
}

/** Who an offer's mail goes to, and what it offers. */
export async function offerMailFacts(db: Executor, entryId: string) {
  const [row] = await db
    .select({ ...entryColumns, email: users.email, firstName: users.firstName })
    .from(waitingListEntries)
    .innerJoin(users, eq(users.id, waitingListEntries.userId))
    .innerJoin(events, eq(events.id, waitingListEntries.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, waitingListEntries.ticketTypeId))
    .leftJoin(eventSections, eq(eventSections.id, waitingListEntries.sectionId))
    .leftJoin(organizations, eq(organizations.id, waitingListEntries.organizationId))
    .where(eq(waitingListEntries.id, entryId));
  return row && { ...entryOf(row), email: row.email, firstName: row.firstName };
}
