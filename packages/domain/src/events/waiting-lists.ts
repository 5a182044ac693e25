import { z } from 'zod';

/**
 * Waiting lists of sold-out sections (and of events sold without sections). Entries are served strictly
 * in order: freed seats go to the first entry still waiting until it holds all it asked for, and only
 * then to the one behind it (docs/decisions/0168-waiting-lists.md). A larger entry therefore blocks
 * smaller ones behind it; the seats it gathers meanwhile are held for it, never sold to the catalogue.
 */

export const waitingListStatuses = ['WAITING', 'OFFERED', 'USED', 'EXPIRED', 'LEFT', 'REMOVED'] as const;
export type WaitingListStatus = (typeof waitingListStatuses)[number];

/** Entries that still count on the list: they keep their place and may hold seats. */
export const activeWaitingListStatuses = ['WAITING', 'OFFERED'] as const satisfies readonly WaitingListStatus[];

export const defaultOfferHours = 48;
export const maxOfferHours = 720;
export const maxWaitingQuantity = 100;

export const waitingListMessages = {
  closed: 'This event has no waiting list.',
  seatsAvailable: 'Seats are available: add them to your cart instead.',
  alreadyOnList: 'You are already on the waiting list for this.',
  notFound: 'No such waiting-list entry.',
  offerUsed: 'This offer was already used.',
  offerExpired: 'This offer has expired and passed to the next person waiting.',
  notOffered: 'This entry has no offer to buy.',
  notWaiting: 'Only an entry still waiting can get an offer.',
  notActive: 'This entry is no longer on the waiting list.',
  joined: 'You are on the waiting list.',
  left: 'You left the waiting list.',
  leaveConfirm: 'Leave the waiting list? You lose your place.',
} as const;

/** An active entry as the sharing of freed seats sees it, in list order. */
export interface QueuedEntry {
  id: string;
  status: 'WAITING' | 'OFFERED';
  quantity: number;
  heldSeats: number;
}

export interface SeatShare {
  id: string;
  /** Seats added to the entry's hold now. */
  seats: number;
  /** The entry now holds all it asked for: it gets its offer. */
  offered: boolean;
}

/**
 * How `free` seats are shared among the active entries of one list, in order: each waiting entry is
 * filled before the next gets any; entries already offered keep what they hold. Seats no entry needs are
 * left for the catalogue (what `freedSeatsGoTo` says once the list is empty).
 */
export function shareFreedSeats(entries: readonly QueuedEntry[], free: number): SeatShare[] {
  const shares: SeatShare[] = [];
  let left = Math.max(free, 0);
  for (const entry of entries) {
    if (left === 0) break;
    if (entry.status !== 'WAITING') continue;
    const seats = Math.min(entry.quantity - entry.heldSeats, left);
    left -= seats;
    shares.push({ id: entry.id, seats, offered: entry.heldSeats + seats === entry.quantity });
  }
  return shares;
}

/** Freed seats go to the list while any entry waits or holds an offer; otherwise back to the catalogue. */
export function freedSeatsGoTo(activeEntries: number): 'list' | 'catalogue' {
  return activeEntries > 0 ? 'list' : 'catalogue';
}

/** When an offer made at `now` runs out. */
export function offerExpiresAt(now: Date, offerHours: number): Date {
  return new Date(now.getTime() + offerHours * 3_600_000);
}

export type JoinRefusal = 'closed' | 'seatsAvailable' | 'alreadyOnList';

/**
 * Whether a member may join: the list is on, she is not on it already, and what she asks for cannot be
 * bought now (fewer seats left than she wants, or others are waiting for them). `remaining` null: unlimited.
 */
export function joinRefusal(input: {
  enabled: boolean;
  remaining: number | null;
  quantity: number;
  activeEntries: number;
  alreadyOnList: boolean;
}): JoinRefusal | null {
  if (!input.enabled) return 'closed';
  if (input.alreadyOnList) return 'alreadyOnList';
  const soldOut = input.remaining !== null && input.remaining < input.quantity;
  if (!soldOut && input.activeEntries === 0) return 'seatsAvailable';
  return null;
}

export type OfferRefusal = 'offerUsed' | 'offerExpired' | 'notOffered';

/** Whether an offer can be bought now (its buyer is checked before: someone else's entry is notFound). */
export function offerRefusal(
  entry: { status: WaitingListStatus; offerExpiresAt: Date | null },
  now: Date,
): OfferRefusal | null {
  if (entry.status === 'USED') return 'offerUsed';
  if (entry.status === 'EXPIRED') return 'offerExpired';
  if (entry.status !== 'OFFERED' || !entry.offerExpiresAt) return 'notOffered';
  if (entry.offerExpiresAt.getTime() <= now.getTime()) return 'offerExpired';
  return null;
}

/** The ids in their new order after moving one a place up or down; unchanged at either end. */
export function moveInList(ids: readonly string[], id: string, direction: 'up' | 'down'): string[] {
  const order = [...ids];
  const at = order.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return order;
  [order[at], order[to]] = [order[to] as string, order[at] as string];
  return order;
}

/**
 * What seating everyone still waiting would take (the seats they lack: what raising the capacity must add) and
 * earn (all they asked for × the price), as staff weigh raising it.
 */
export function waitingDemand(entries: readonly { quantity: number; heldSeats: number; priceCents: number }[]) {
  return entries.reduce(
    (sum, entry) => ({
      seats: sum.seats + entry.quantity - entry.heldSeats,
      cents: sum.cents + entry.quantity * entry.priceCents,
    }),
    { seats: 0, cents: 0 },
  );
}

export const joinWaitingListInput = z.object({
  eventId: z.uuid('Not an event id'),
  sectionId: z.uuid('Not a section id').nullable(),
  ticketTypeId: z.uuid('Not a ticket type id'),
  quantity: z
    .number('Enter a number of tickets')
    .int('Enter a whole number of tickets')
    .min(1, `Enter 1 to ${maxWaitingQuantity} tickets`)
    .max(maxWaitingQuantity, `Enter 1 to ${maxWaitingQuantity} tickets`),
  /** Her school when she waits for it; null for herself. */
  organizationId: z.uuid('Not an organization id').nullable(),
});
export type JoinWaitingListInput = z.infer<typeof joinWaitingListInput>;

export const myWaitingListEntry = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  sectionId: z.uuid().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  organizationName: z.string().nullable(),
  /** What one ticket costs; the offer's total is quantity × this, derived on the server. */
  priceCents: z.number().int(),
  totalCents: z.number().int(),
  status: z.enum(waitingListStatuses),
  /** 1 for the first entry of the list; null once it is no longer on it. */
  position: z.number().int().nullable(),
  offerExpiresAt: z.iso.datetime().nullable(),
});
export type MyWaitingListEntry = z.infer<typeof myWaitingListEntry>;

export const myWaitingListReply = z.object({
  enabled: z.boolean(),
  entries: z.array(myWaitingListEntry),
});
export type MyWaitingListReply = z.infer<typeof myWaitingListReply>;

export const offerCheckoutReply = z.object({ eventPaymentId: z.uuid(), redirectUrl: z.string() });
export type OfferCheckoutReply = z.infer<typeof offerCheckoutReply>;

export const staffWaitingListEntry = z.object({
  id: z.uuid(),
  sectionId: z.uuid().nullable(),
  title: z.string(),
  userName: z.string(),
  email: z.string(),
  organizationName: z.string().nullable(),
  quantity: z.number().int(),
  heldSeats: z.number().int(),
  priceCents: z.number().int(),
  status: z.enum(waitingListStatuses),
  position: z.number().int(),
  offerExpiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffWaitingListEntry = z.infer<typeof staffWaitingListEntry>;

export const staffWaitingListReply = z.object({
  enabled: z.boolean(),
  offerHours: z.number().int(),
  entries: z.array(staffWaitingListEntry),
  demand: z.object({ seats: z.number().int(), cents: z.number().int() }),
});
export type StaffWaitingListReply = z.infer<typeof staffWaitingListReply>;

export const waitingListSettingsInput = z.object({
  enabled: z.boolean(),
  offerHours: z
    .number('Enter a number of hours')
    .int('Enter whole hours')
    .min(1, `Enter 1 to ${maxOfferHours} hours`)
    .max(maxOfferHours, `Enter 1 to ${maxOfferHours} hours`),
});
export type WaitingListSettingsInput = z.infer<typeof waitingListSettingsInput>;

export const moveEntryInput = z.object({ direction: z.enum(['up', 'down']) });
