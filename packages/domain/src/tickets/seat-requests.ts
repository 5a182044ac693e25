import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * "Ask my school" (issue 40; docs/decisions/0180-ask-my-school.md): a member asks her organization for a seat
 * on an event instead of buying one; its owner or an admin approves it (one of the organization's unallocated
 * tickets for that event handed to her) or declines it with a reason.
 */

export const seatRequestStatuses = ['REQUESTED', 'APPROVED', 'DECLINED'] as const;
export type SeatRequestStatus = (typeof seatRequestStatuses)[number];

export const seatRequestStatusLabels: Record<SeatRequestStatus, string> = {
  REQUESTED: 'Waiting for your school',
  APPROVED: 'Approved: your ticket is under My tickets',
  DECLINED: 'Declined',
};

export const seatRequestTexts = {
  ask: 'Ask my school',
  noteLabel: 'Note to your school (optional)',
  noteTooLong: 'Keep the note to 1,000 characters',
  reasonRequired: 'Give a reason',
  reasonTooLong: 'Keep the reason to 1,000 characters',
  sent: 'Your request was sent to your school',
  approved: 'Request approved: the ticket was assigned',
  declined: 'Request declined',
  notMember: 'Only members of this organization can ask it for a seat.',
  notManager: 'Only the owner or an admin of this organization can decide its requests.',
  alreadyOpen: 'You have already asked this school for a seat on this event.',
  alreadyDecided: 'This request has already been decided.',
  sectionRequired: 'Choose a section',
  sectionUnknown: 'This section is not one of the event’s.',
  eventNotOpen: 'This event is not open for requests.',
  /** A full section (the school holds no ticket for it) offers its waiting list instead (decision 0218). */
  sectionFull: 'This section is full. Join its waiting list instead of asking your school for a seat.',
  sectionFullNoWaitingList: 'This section is full and has no waiting list.',
  noUnallocatedTicket: 'Your school holds no unassigned ticket for this event. Add it to the cart and buy one.',
  ticketOfAnotherEvent: 'This ticket is not for the requested event.',
  ticketOfAnotherSection: 'This ticket is not for the requested section.',
  ticketNotAvailable: 'This ticket is not one of your school’s unassigned tickets.',
  alreadyHolds: 'She already holds a ticket on this line.',
  addedToCart: 'Ticket added to your cart: buy it, then assign it to her on Allocate Tickets.',
  notFound: 'No such request.',
  none: 'No requests waiting.',
} as const;

export const seatRequestInput = z.object({
  eventId: z.uuid('Not an event id'),
  organizationId: z.uuid('Choose your school'),
  sectionId: z.uuid(seatRequestTexts.sectionRequired).nullable(),
  note: z.string().trim().max(1000, seatRequestTexts.noteTooLong).default(''),
});
export type SeatRequestInput = z.infer<typeof seatRequestInput>;

export const seatRequestDecision = z.discriminatedUnion('decision', [
  /** One of the organization's unallocated tickets for the event: a line (payment item) of a paid payment. */
  z.object({ decision: z.literal('ASSIGN'), paymentItemId: z.uuid('Choose a ticket') }),
  /** The owner buys a ticket for her: the line goes into the owner's cart; the request stays open until assigned. */
  z.object({ decision: z.literal('ADD_TO_CART') }),
  z.object({
    decision: z.literal('DECLINE'),
    reason: z.string().trim().min(1, seatRequestTexts.reasonRequired).max(1000, seatRequestTexts.reasonTooLong),
  }),
]);
export type SeatRequestDecision = z.infer<typeof seatRequestDecision>;

export const seatRequestRow = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventName: z.string(),
  startDate: z.iso.date(),
  sectionId: z.uuid().nullable(),
  sectionTitle: z.string().nullable(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  requester: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  note: z.string(),
  status: z.enum(seatRequestStatuses),
  statusLabel: z.string(),
  declineReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type SeatRequestRow = z.infer<typeof seatRequestRow>;

/** A ticket line the organization could hand out for the request, with how many of its tickets are free. */
export const unallocatedTicket = z.object({
  paymentItemId: z.uuid(),
  title: z.string(),
  sectionId: z.uuid().nullable(),
  free: z.int(),
});

export const organizationSeatRequestsQuery = pageQuery.extend({
  status: z.enum(seatRequestStatuses).default('REQUESTED'),
});
export const organizationSeatRequestPage = paginated(
  seatRequestRow.extend({ unallocatedTickets: z.array(unallocatedTicket) }),
).extend({ waiting: z.int() });
export type OrganizationSeatRequestPage = z.infer<typeof organizationSeatRequestPage>;

export const mySeatRequests = z.object({ items: z.array(seatRequestRow) });
export type MySeatRequests = z.infer<typeof mySeatRequests>;

/** Whether a line can still give a ticket: it was bought for more people than hold it. */
export function freeTickets(numberOfTickets: number, holders: number): number {
  return Math.max(0, numberOfTickets - holders);
}

/** Whether a section (or an event counted as a whole) has no seat left to sell. */
export function isFull(bucket: { maxTickets: number | null; ticketsTaken: number }): boolean {
  return bucket.maxTickets !== null && bucket.ticketsTaken >= bucket.maxTickets;
}
