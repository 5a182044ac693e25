import { z } from 'zod';
import { paymentMessages } from '../commerce/payments.ts';
import { instituteDeadlinePassed, purchaseClosedMessage, purchaseIsOpen } from '../commerce/purchase-window.ts';
import type { EventKind, EventPaymentStatus } from '../commerce/enums.ts';

/**
 * Ticket allocation (events.md §2 'Ticket assignment', §4, §5, §8): a paid event payment's tickets
 * handed to people of the buying organization, one assignee per ticket.
 */
export const allocationMessages = {
  voidedOrCancelled: paymentMessages.voidedOrCancelled,
  unpaid: 'Tickets can be allocated once the payment has been paid.',
  overallocated: 'Tickets are overallocated. Please correct before saving.',
  notAllAllocated: 'Not all tickets have been allocated',
  duplicate: 'The same user cannot be picked twice in a section.',
  unknownItem: 'A ticket in this allocation does not belong to the payment.',
  notAssignable: 'Every assignee must be a member or a pending user of the organization.',
  onlyBuyer: 'These tickets can be allocated only to their buyer.',
  /** Series events: the toast after a save. */
  assignmentsSaved: 'Assignments saved',
  /** Conference days: the toast after a save. */
  ticketAllocationsSaved: 'Ticket allocations saved',
  somethingWentWrong: 'Something went wrong',
  clearSelection: 'Clear selection',
  /** Beside a ticket nobody holds yet, for its buyer: one click gives it to them. */
  assignToMe: 'Assign to me',
  addNewUser: '+ Add New User',
  userCreated: 'User created',
  firstNameRequired: 'First name required',
  lastNameRequired: 'Last name required',
  emailRequired: 'Email required',
  emailInvalid: 'Invalid email',
  organizationRequired: 'Organization required',
  paymentCancelled: 'The event payment has been cancelled.',
  buyerOnly: 'These tickets were not bought for an organization you administer: you can allocate them to yourself.',
  /** What an institute seat is called where tickets are listed (My tickets, Manage Events). */
  instituteSeat: 'Institute seat',
  /** What a ticket or institute place of an accepted package request is called there. */
  packageTicket: 'Package ticket',
  /** An accepted application's payment: its one seat is the applicant's from the start. */
  applicationSeat:
    "This payment is for an institute application: its seat is the applicant's own, with no tickets to allocate.",
  /** A registration request's payment: its seats are held by the attendees named on the request. */
  registrationSeats:
    'This payment is for a registration request: its seats are held by the attendees named on the request, with no tickets to allocate.',
  /** What a seat on a paid registration request is called where tickets are listed. */
  registrationSeat: 'Group registration seat',
} as const;

export const allocationKinds = ['CONFERENCE_DAY', 'SERIES'] as const;
export type AllocationKind = (typeof allocationKinds)[number];

export function savedMessage(kind: AllocationKind): string {
  return kind === 'CONFERENCE_DAY' ? allocationMessages.ticketAllocationsSaved : allocationMessages.assignmentsSaved;
}

/** A person who can hold a ticket: an active member, or a pending (invited, no password yet) user. */
export const assignableUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isPending: z.boolean(),
});
export type AssignableUser = z.infer<typeof assignableUser>;

/** One bought line: a conference-day section, or (series, sectionId null) the event itself. */
export const allocationSection = z.object({
  /** event_payment_items.id: what a save names. */
  itemId: z.string(),
  sectionId: z.string().nullable(),
  title: z.string(),
  /** ISO dates of the section (conference days); for series the event's start and end. */
  dates: z.array(z.string()),
  locationName: z.string().nullable(),
  maxTickets: z.number().nullable(),
  /** The section's grouping, whose maxTickets limits its sections' assignees together (events.md §5); null for series. */
  grouping: z.object({ id: z.string(), name: z.string(), maxTickets: z.number().nullable() }).nullable(),
  /** Tickets bought on this line. */
  numberOfTickets: z.number(),
  assignedUsers: z.array(assignableUser),
});
export type AllocationSection = z.infer<typeof allocationSection>;

export const allocationEvent = z.object({
  eventId: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  daysBeforePurchaseClose: z.number(),
  /** Set when this event's purchase-close window has passed (null when open, or impersonated). */
  closedMessage: z.string().nullable(),
  sections: z.array(allocationSection),
});
export type AllocationEvent = z.infer<typeof allocationEvent>;

/**
 * Who may hold the tickets, as the viewer allocates them: ORGANIZATION, its members and pending users
 * (the payment was bought for an organization the viewer administers, or staff look); BUYER, only the
 * buyer (bought for no organization, or for one the viewer does not administer): no paid ticket is
 * left without anyone allowed to hold it.
 */
export const assigneeScopes = ['ORGANIZATION', 'BUYER'] as const;
export type AssigneeScope = (typeof assigneeScopes)[number];

export function assigneeScope(
  payment: { organizationId: string | null },
  viewerManagesOrganization: boolean,
): AssigneeScope {
  return payment.organizationId !== null && viewerManagesOrganization ? 'ORGANIZATION' : 'BUYER';
}

export const allocationBlockReasons = ['voided', 'closed', 'unpaid'] as const;
export type AllocationBlockReason = (typeof allocationBlockReasons)[number];

/** GET/PUT /api/event-payments/:id/allocation and GET /api/admin/event-payments/:id/allocation. */
export const allocationReply = z.object({
  eventPaymentId: z.string(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  kind: z.enum(allocationKinds),
  assigneeScope: z.enum(assigneeScopes),
  /** The buyer: the one assignee of a BUYER scope. */
  buyer: assignableUser,
  /** When set, the screen shows message and allows nothing. */
  blocked: z.object({ reason: z.enum(allocationBlockReasons), message: z.string() }).nullable(),
  events: z.array(allocationEvent),
});
export type AllocationReply = z.infer<typeof allocationReply>;

/** PUT /api/event-payments/:id/allocation: every item's complete list of assignees (empty slots dropped). */
export const allocationSave = z.object({
  items: z.array(z.object({ itemId: z.uuid(), assignedUsers: z.array(z.uuid()).max(1000) })).max(500),
});
export type AllocationSave = z.infer<typeof allocationSave>;

/** GET /api/organizations/:organizationId/assignable-users?search=&page=&pageSize= */
export const assignableUsersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AssignableUsersQuery = z.infer<typeof assignableUsersQuery>;
export const assignableUsersPage = z.object({ items: z.array(assignableUser), total: z.number() });
export type AssignableUsersPage = z.infer<typeof assignableUsersPage>;

/** The most people one pasted list may bring at once (one request, one transaction). */
export const maxListedAssignees = 500;

/**
 * POST /api/organizations/:organizationId/pending-users/list: a pasted list's people (issue 25), each
 * answered as the organization's member or pending user, unknown emails made pending users as
 * '+ Add New User' makes them (named as listed). The reply keeps the list's order, once per email.
 */
export const listedAssigneesInput = z.object({
  people: z
    .array(
      z.object({
        email: z.string().trim().toLowerCase().pipe(z.email(allocationMessages.emailInvalid)),
        firstName: z.string().trim().max(100),
        lastName: z.string().trim().max(100),
      }),
    )
    .min(1)
    .max(maxListedAssignees),
});
export type ListedAssigneesInput = z.infer<typeof listedAssigneesInput>;
export const listedAssigneesReply = z.object({ items: z.array(assignableUser) });
export type ListedAssigneesReply = z.infer<typeof listedAssigneesReply>;

/**
 * TICKET: allocated to the member from a bought payment; INSTITUTE_SEAT: the member's own seat from a
 * paid, accepted application; PACKAGE: a conference-day ticket or institute place of an accepted
 * package request assigned to the member (packageEventTickets of events.md §7); REGISTRATION_SEAT:
 * the member's seat on someone's paid registration request, named there as its attendee.
 */
export const myTicketKinds = ['TICKET', 'INSTITUTE_SEAT', 'PACKAGE', 'REGISTRATION_SEAT'] as const;
export type MyTicketKind = (typeof myTicketKinds)[number];

/** GET /api/my-tickets: the signed-in member's own tickets and institute seats. */
export const myTicket = z.object({
  /**
   * The ticket's id; for an institute seat, its payment's; for a package ticket, its assignment's; for
   * a registration seat, the request's.
   */
  id: z.string(),
  kind: z.enum(myTicketKinds),
  /** The application an institute seat comes from (null for a ticket). */
  applicationId: z.string().nullable(),
  eventId: z.string(),
  eventName: z.string(),
  sectionId: z.string().nullable(),
  sectionTitle: z.string().nullable(),
  /** ISO dates the ticket is for: the section's dates, else every day from start to end. */
  dates: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string(),
  locationName: z.string().nullable(),
  organizationName: z.string().nullable(),
  /** The QR image (PNG data URL) of the holder's ticket code for the event (tickets/ticket-codes.ts). */
  qrCode: z.string(),
});
export type MyTicket = z.infer<typeof myTicket>;
export const myTicketsReply = z.object({ items: z.array(myTicket) });
export type MyTicketsReply = z.infer<typeof myTicketsReply>;

// ---------------------------------------------------------------- pure rules

/** A draft picker slot: a user id, or empty. */
export type Slot = string | null | undefined;

/** Empty slots are dropped before saving (events.md §4). */
export function dropEmptySlots(slots: readonly Slot[]): string[] {
  return slots.filter((s): s is string => typeof s === 'string' && s.length > 0);
}

/** Ids picked more than once within one section. */
export function duplicatePicks(slots: readonly Slot[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const id of dropEmptySlots(slots)) (seen.has(id) ? dup : seen).add(id);
  return [...dup];
}

/**
 * How many assignees are too many for a section (or a package group): more than the tickets
 * bought, or more than its maxTickets. 0 when it fits. numberOfTickets null = not limited by purchase.
 */
export function excessAssignees(
  assigned: number,
  limits: { numberOfTickets: number | null; maxTickets: number | null },
): number {
  const caps = [limits.numberOfTickets, limits.maxTickets].filter((n): n is number => n !== null);
  if (caps.length === 0) return 0;
  return Math.max(0, assigned - Math.min(...caps));
}

/** The users a picker may still offer: everyone not chosen in another slot of the same section. */
export function pickableUsers<U extends { id: string }>(
  users: readonly U[],
  slots: readonly Slot[],
  ownSlot: number,
): U[] {
  const taken = new Set(dropEmptySlots(slots.filter((_, i) => i !== ownSlot)));
  return users.filter((u) => !taken.has(u.id));
}

export interface DraftSection {
  numberOfTickets: number;
  maxTickets: number | null;
  /** The grouping the section belongs to, checked against its maxTickets with its other sections. */
  groupingId?: string | null;
  slots: readonly Slot[];
}

export interface DraftGrouping {
  id: string;
  maxTickets: number | null;
}

export interface DraftCheck {
  /** Per section, in order: assignees over the limit (shown in red). */
  excess: number[];
  /** Per grouping, in order: assignees of its sections together over its maxTickets. */
  groupingExcess: number[];
  overallocated: boolean;
  duplicate: boolean;
  /** Some bought ticket has no assignee ('Not all tickets have been allocated'; a warning, saving is allowed). */
  unallocated: boolean;
  /** The message that blocks saving, or null. */
  error: string | null;
  /** The warning to show (not blocking), or null. */
  warning: string | null;
}

/**
 * Everything the screen and the server check before a save (events.md §5): each section against its
 * tickets and maxTickets, and each grouping ('groups checked against maxTickets') against the
 * assignees of its sections together.
 */
export function checkAllocation(
  sections: readonly DraftSection[],
  groupings: readonly DraftGrouping[] = [],
): DraftCheck {
  const excess = sections.map((s) => excessAssignees(dropEmptySlots(s.slots).length, s));
  const groupingExcess = groupings.map((grouping) =>
    excessAssignees(
      sections.filter((s) => s.groupingId === grouping.id).reduce((n, s) => n + dropEmptySlots(s.slots).length, 0),
      { numberOfTickets: null, maxTickets: grouping.maxTickets },
    ),
  );
  const overallocated = excess.some((e) => e > 0) || groupingExcess.some((e) => e > 0);
  const duplicate = sections.some((s) => duplicatePicks(s.slots).length > 0);
  const unallocated = sections.some((s) => dropEmptySlots(s.slots).length < s.numberOfTickets);
  const error = overallocated ? allocationMessages.overallocated : duplicate ? allocationMessages.duplicate : null;
  return {
    excess,
    groupingExcess,
    overallocated,
    duplicate,
    unallocated,
    error,
    warning: unallocated ? allocationMessages.notAllAllocated : null,
  };
}

/**
 * Whether a line offers its buyer 'Assign to me': a ticket of it is still free and the buyer holds
 * none of it yet (the same user cannot be picked twice in a section).
 */
export function assignToMeOffered(line: { numberOfTickets: number; slots: readonly Slot[] }, me: string): boolean {
  const held = dropEmptySlots(line.slots);
  return held.length < line.numberOfTickets && !held.includes(me);
}

/**
 * The one ticket a buyer who administers no organization bought, while nobody holds it: the
 * allocation screen shows it chosen for them already, to be saved. Null in every other case (more
 * tickets, someone else viewing, a manager who may mean it for a colleague, a ticket already held).
 */
export function soleTicketForBuyer(
  lines: readonly { itemId: string; numberOfTickets: number; slots: readonly Slot[] }[],
  viewer: { isBuyer: boolean; managesAnOrganization: boolean },
): string | null {
  if (!viewer.isBuyer || viewer.managesAnOrganization) return null;
  const [line, ...others] = lines;
  if (!line || others.length > 0 || line.numberOfTickets !== 1) return null;
  return dropEmptySlots(line.slots).length === 0 ? line.itemId : null;
}

/** Conference day when any bought line names a section; otherwise series. */
export function allocationKind(items: readonly { sectionId: string | null }[]): AllocationKind {
  return items.some((i) => i.sectionId !== null) ? 'CONFERENCE_DAY' : 'SERIES';
}

/** The purchase-close message for an event, or null while allocation is open (or staff impersonate). */
export function allocationClosedMessage(
  event: { kind: EventKind; startDate: string; daysBeforePurchaseClose: number },
  today: string,
  impersonated: boolean,
): string | null {
  if (impersonated || purchaseIsOpen(event.startDate, event.daysBeforePurchaseClose, today)) return null;
  return event.kind === 'INSTITUTE' ? instituteDeadlinePassed : purchaseClosedMessage(event.daysBeforePurchaseClose);
}

export interface AllocationState {
  status: EventPaymentStatus;
  /** isVoidedOrCancelled of the payment. */
  voided: boolean;
  /** Per event of the payment: allocationClosedMessage (null while open). */
  closedMessages: readonly (string | null)[];
}

/**
 * Why a payment's tickets cannot be allocated now, or null when they can: voided or cancelled, not
 * paid yet, or every one of its events past its purchase-close window. The allocation screen shows
 * the message; lists offer 'Allocate tickets' only when this is null; the server refuses the same.
 */
export function allocationBlock(payment: AllocationState): { reason: AllocationBlockReason; message: string } | null {
  if (payment.voided) return { reason: 'voided', message: allocationMessages.voidedOrCancelled };
  if (payment.status !== 'PAID') return { reason: 'unpaid', message: allocationMessages.unpaid };
  const [firstClosed] = payment.closedMessages;
  if (firstClosed && payment.closedMessages.every((message) => message !== null))
    return { reason: 'closed', message: firstClosed };
  return null;
}

/** Every ISO day from start to end inclusive (series events' ticket dates). */
export function daysBetween(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${endDate}T00:00:00Z`);
  for (let t = Date.parse(`${startDate}T00:00:00Z`); t <= end && out.length < 366; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** POST /api/admin/event-payments/:id/cancel (staff). */
export const cancelPaymentReply = z.object({ status: z.literal('CANCELLED') });
export type CancelPaymentReply = z.infer<typeof cancelPaymentReply>;
