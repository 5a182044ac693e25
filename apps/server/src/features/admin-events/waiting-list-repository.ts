import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { activeWaitingListStatuses, type StaffWaitingListEntry } from '@portal/domain/events/waiting-lists.ts';
import type { WaitingListSettingsInput } from '@portal/domain/events/waiting-lists.ts';
import type { Executor } from '../../db/client.ts';
import { events, eventSections, eventTicketTypes } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { waitingListEntries } from '../../db/schema/waiting-lists.ts';

/** An event's waiting-list switch and offer time; undefined for an unknown event. */
export async function waitingListSettings(db: Executor, eventId: string) {
  const [row] = await db
    .select({ enabled: events.waitingListEnabled, offerHours: events.waitingListOfferHours })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** Staff turn an event's list on or off and set its offer time; false for an unknown event. */
export async function saveWaitingListSettings(tx: Executor, eventId: string, input: WaitingListSettingsInput) {
  const saved = await tx
    .update(events)
    .set({ waitingListEnabled: input.enabled, waitingListOfferHours: input.offerHours })
    .where(eq(events.id, eventId))
    .returning({ id: events.id });
  return saved.length === 1;
}

/** The event of an entry; undefined for an unknown one. */
export async function eventOfEntry(db: Executor, entryId: string) {
  const [row] = await db
    .select({ eventId: waitingListEntries.eventId })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.id, entryId));
  return row?.eventId;
}

/** Every active entry of an event's lists, list by list (sections in their order), each in its order. */
export async function activeEntriesOfEvent(db: Executor, eventId: string): Promise<StaffWaitingListEntry[]> {
  const rows = await db
    .select({
      id: waitingListEntries.id,
      sectionId: waitingListEntries.sectionId,
      eventName: events.name,
      sectionTitle: eventSections.title,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      organizationName: organizations.name,
      quantity: waitingListEntries.quantity,
      heldSeats: waitingListEntries.heldSeats,
      priceCents: sql<number>`(case when coalesce(${eventSections.isFree}, false) then 0 else ${eventTicketTypes.priceCents} end)::int`,
      status: waitingListEntries.status,
      offerExpiresAt: waitingListEntries.offerExpiresAt,
      createdAt: waitingListEntries.createdAt,
    })
    .from(waitingListEntries)
    .innerJoin(events, eq(events.id, waitingListEntries.eventId))
    .innerJoin(users, eq(users.id, waitingListEntries.userId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, waitingListEntries.ticketTypeId))
    .leftJoin(eventSections, eq(eventSections.id, waitingListEntries.sectionId))
    .leftJoin(organizations, eq(organizations.id, waitingListEntries.organizationId))
    .where(
      and(eq(waitingListEntries.eventId, eventId), inArray(waitingListEntries.status, [...activeWaitingListStatuses])),
    )
    .orderBy(
      asc(eventSections.position),
      asc(eventSections.id),
      asc(waitingListEntries.position),
      asc(waitingListEntries.createdAt),
      asc(waitingListEntries.id),
    );
  let list: string | null | undefined;
  let position = 0;
  return rows.map((row) => {
    position = row.sectionId === list ? position + 1 : 1;
    list = row.sectionId;
    return {
      id: row.id,
      sectionId: row.sectionId,
      title: row.sectionTitle ? `${row.eventName} — ${row.sectionTitle}` : row.eventName,
      userName: `${row.firstName} ${row.lastName}`,
      email: row.email,
      organizationName: row.organizationName,
      quantity: row.quantity,
      heldSeats: row.heldSeats,
      priceCents: Number(row.priceCents),
      status: row.status,
      position,
      offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
