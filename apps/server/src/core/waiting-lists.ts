import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  activeWaitingListStatuses,
  type QueuedEntry,
  type WaitingListStatus,
} from '@portal/domain/events/waiting-lists.ts';
import type { Executor } from '../db/client.ts';
import { waitingListEntries } from '../db/schema/waiting-lists.ts';
import { enqueueJob } from '../platform/jobs.ts';

/**
 * The waiting_list_entries table's lookups and writes. What an entry holds is counted in the seat counters,
 * so every change of its held seats goes through core/capacity.ts (feedWaitingLists, endWaitingListEntry),
 * which calls these under the bucket rows' locks: buckets first, then entries, everywhere.
 */

/** One list: a section's, or an event's sold without sections. */
export interface WaitingListKey {
  eventId: string;
  sectionId: string | null;
}

export const offerMailJob = 'waiting-list.offer-mail';
export const offerExpiryJob = 'waiting-list.offer-expiry';

const listIs = (list: WaitingListKey): SQL =>
  and(
    eq(waitingListEntries.eventId, list.eventId),
    list.sectionId === null ? isNull(waitingListEntries.sectionId) : eq(waitingListEntries.sectionId, list.sectionId),
  ) ?? sql`false`;

const active = inArray(waitingListEntries.status, [...activeWaitingListStatuses]);

/** The active entries of a list in order, locked (the caller holds the list's bucket rows already). */
export async function lockActiveEntries(tx: Executor, list: WaitingListKey): Promise<QueuedEntry[]> {
  const rows = await tx
    .select({
      id: waitingListEntries.id,
      status: waitingListEntries.status,
      quantity: waitingListEntries.quantity,
      heldSeats: waitingListEntries.heldSeats,
    })
    .from(waitingListEntries)
    .where(and(listIs(list), active))
    .orderBy(asc(waitingListEntries.position), asc(waitingListEntries.createdAt), asc(waitingListEntries.id))
    .for('update');
  return rows.map((row) => ({ ...row, status: row.status === 'OFFERED' ? 'OFFERED' : 'WAITING' }));
}

/** How many entries of a list are active (they decide whether freed or free seats go to the list). */
export async function countActiveEntries(tx: Executor, list: WaitingListKey): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(waitingListEntries)
    .where(and(listIs(list), active));
  return row?.count ?? 0;
}

/** The lists of an event (or of some of its sections) that have active entries. */
export async function listsWithActiveEntries(tx: Executor, eventId: string): Promise<WaitingListKey[]> {
  return tx
    .selectDistinct({ eventId: waitingListEntries.eventId, sectionId: waitingListEntries.sectionId })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.eventId, eventId), active));
}

/** Whose list an entry is on, and whose entry it is. */
export async function findEntry(tx: Executor, entryId: string) {
  const [row] = await tx
    .select({
      id: waitingListEntries.id,
      eventId: waitingListEntries.eventId,
      sectionId: waitingListEntries.sectionId,
      ticketTypeId: waitingListEntries.ticketTypeId,
      userId: waitingListEntries.userId,
      organizationId: waitingListEntries.organizationId,
      quantity: waitingListEntries.quantity,
      heldSeats: waitingListEntries.heldSeats,
      status: waitingListEntries.status,
      offerExpiresAt: waitingListEntries.offerExpiresAt,
      paymentId: waitingListEntries.paymentId,
    })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.id, entryId));
  return row;
}
export type WaitingListEntryRow = NonNullable<Awaited<ReturnType<typeof findEntry>>>;

/** Adds seats to an entry's hold; with `offer`, it now holds all it asked for and gets its offer. */
export async function addHeldSeats(
  tx: Executor,
  entryId: string,
  seats: number,
  offer: { at: Date; expiresAt: Date } | null,
): Promise<void> {
  await tx
    .update(waitingListEntries)
    .set({
      heldSeats: sql`${waitingListEntries.heldSeats} + ${seats}`,
      ...(offer ? { status: 'OFFERED', offeredAt: offer.at, offerExpiresAt: offer.expiresAt } : {}),
    })
    .where(eq(waitingListEntries.id, entryId));
  if (offer) {
    await enqueueJob(tx, offerMailJob, { entryId });
    await enqueueJob(tx, offerExpiryJob, { entryId }, offer.expiresAt);
  }
}

/**
 * Ends an active entry with `status`, answering the seats it held (for the caller to give back), exactly
 * once: the conditional update lets one caller end it. With `dueBy`, only an offer run out by then ends
 * (EXPIRED). Undefined when the entry was no longer active (or its offer not due).
 */
export async function endEntry(
  tx: Executor,
  entryId: string,
  status: Extract<WaitingListStatus, 'EXPIRED' | 'LEFT' | 'REMOVED'>,
  dueBy?: Date,
): Promise<{ heldSeats: number } | undefined> {
  const [before] = await tx
    .select({ heldSeats: waitingListEntries.heldSeats })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.id, entryId),
        dueBy ? and(eq(waitingListEntries.status, 'OFFERED'), lte(waitingListEntries.offerExpiresAt, dueBy)) : active,
      ),
    )
    .for('update');
  if (!before) return undefined;
  await tx
    .update(waitingListEntries)
    .set({ status, heldSeats: 0, offerExpiresAt: null })
    .where(eq(waitingListEntries.id, entryId));
  return before;
}

/**
 * An offer bought: the entry becomes USED and holds nothing more (its seats pass to the payment the caller opens
 * in the same transaction), if it is the buyer's and still offered at `now`; exactly once (a second try finds it
 * USED). False when it was not so.
 */
export async function claimOffer(tx: Executor, entryId: string, userId: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(waitingListEntries)
    .set({ status: 'USED', heldSeats: 0, offerExpiresAt: null })
    .where(
      and(
        eq(waitingListEntries.id, entryId),
        eq(waitingListEntries.userId, userId),
        eq(waitingListEntries.status, 'OFFERED'),
        sql`${waitingListEntries.offerExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: waitingListEntries.id });
  return claimed.length === 1;
}

/** The payment a used offer's seats went to. */
export async function linkOfferPayment(tx: Executor, entryId: string, paymentId: string): Promise<void> {
  await tx.update(waitingListEntries).set({ paymentId }).where(eq(waitingListEntries.id, entryId));
}

/** A new entry at the end of its list; null when she is on that list already (the one-active unique index). */
export async function insertEntry(
  tx: Executor,
  entry: Omit<typeof waitingListEntries.$inferInsert, 'position' | 'status' | 'heldSeats'>,
): Promise<string | null> {
  const list = { eventId: entry.eventId, sectionId: entry.sectionId ?? null };
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${waitingListEntries.position}), 0)::int` })
    .from(waitingListEntries)
    .where(listIs(list));
  const [row] = await tx
    .insert(waitingListEntries)
    .values({ ...entry, position: (last?.position ?? 0) + 1 })
    .onConflictDoNothing()
    .returning({ id: waitingListEntries.id });
  return row?.id ?? null;
}

/** Gives the entries of a list these positions (1…n in the order given): staff moving one. */
export async function renumberEntries(tx: Executor, ids: readonly string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await tx
      .update(waitingListEntries)
      .set({ position: index + 1 })
      .where(eq(waitingListEntries.id, id));
  }
}

const dueOfferBatch = 100;

/** Offers run out by `now`, a batch of them (the hold sweep ends them). */
export async function dueOffers(tx: Executor, now: Date): Promise<string[]> {
  const rows = await tx
    .select({ id: waitingListEntries.id })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.status, 'OFFERED'), lte(waitingListEntries.offerExpiresAt, now)))
    .orderBy(asc(waitingListEntries.offerExpiresAt))
    .limit(dueOfferBatch);
  return rows.map((row) => row.id);
}

/**
 * Development journeys only (dev-journey-data, never registered in production): an offer made to run out at
 * `at`, as if the clock had moved for it alone. A clock moved for the whole server would run out the holds of the
 * journeys running beside it (docs/decisions/0169-offers-run-out-in-journeys.md). False when it is not offered.
 */
export async function runOutOffer(tx: Executor, entryId: string, at: Date): Promise<boolean> {
  const moved = await tx
    .update(waitingListEntries)
    .set({ offerExpiresAt: at })
    .where(and(eq(waitingListEntries.id, entryId), eq(waitingListEntries.status, 'OFFERED')))
    .returning({ id: waitingListEntries.id });
  return moved.length === 1;
}
