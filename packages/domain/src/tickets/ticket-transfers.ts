import { z } from 'zod';
import { allocationBlock, assignableUser, checkAllocation, type Slot } from './allocation.ts';
import type { EventPaymentStatus } from '../commerce/enums.ts';

/**
 * Passing a ticket on (issue 38, docs/decisions/0153-passing-a-ticket-on.md): the holder of an
 * allocated ticket gives it to a colleague (a member or pending user of the organization it was bought
 * for; anyone, by email, when it was bought for none) or back to its buyer. Who may hold it is
 * decided by allocation's own rules (allocationBlock, checkAllocation); what passing adds is here.
 */
export const ticketTransferMessages = {
  passOn: 'Pass on',
  title: 'Pass your ticket on',
  toColleague: 'Pass it to a colleague',
  toSomeone: 'Pass it to someone else',
  backToBuyer: (buyer: string) => `Give it back to the buyer, ${buyer}`,
  colleagueLabel: 'Colleague',
  colleagueRequired: 'Choose a colleague',
  emailLabel: 'Their email',
  firstNameLabel: 'Their first name',
  lastNameLabel: 'Their last name',
  emailRequired: 'Email required',
  emailInvalid: 'Invalid email',
  firstNameRequired: 'First name required',
  lastNameRequired: 'Last name required',
  confirm: (ticket: string, person: string) =>
    `Pass your ticket for ${ticket} to ${person}? Your ticket code will stop admitting you, and ${person} gets a ticket code of their own by email.`,
  passed: (person: string) => `Your ticket was passed on to ${person}`,
  notFound: 'Ticket not found',
  cancelled: 'This ticket has been cancelled: it cannot be passed on.',
  unpaid: 'This ticket is not paid yet: it cannot be passed on.',
  ended: 'This event has ended: its ticket cannot be passed on.',
  attended: 'You have attended with this ticket: it stays yours.',
  toSelf: 'You already hold this ticket: choose someone else.',
  notColleague: (organization: string) =>
    `This ticket was bought for ${organization}: it can be passed only to one of its members or pending users.`,
  alreadyHolds: 'They already hold a ticket of this purchase for this section.',
  noOtherBuyer: 'You bought this ticket yourself: there is no one else to give it back to.',
  changed: 'This ticket has just changed hands. Reload your tickets and try again.',
} as const;

// ---------------------------------------------------------------- contracts

/** Whom the ticket goes to: a colleague picked from the organization, its buyer, or (no organization) anyone by email. */
export const transferRecipient = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('COLLEAGUE'), userId: z.uuid(ticketTransferMessages.colleagueRequired) }),
  z.object({ kind: z.literal('BUYER') }),
  z.object({
    kind: z.literal('EMAIL'),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, ticketTransferMessages.emailRequired)
      .max(320)
      .pipe(z.email(ticketTransferMessages.emailInvalid)),
    firstName: z.string().trim().min(1, ticketTransferMessages.firstNameRequired).max(100),
    lastName: z.string().trim().min(1, ticketTransferMessages.lastNameRequired).max(100),
  }),
]);
export type TransferRecipient = z.infer<typeof transferRecipient>;

/** POST /api/ticket-transfers */
export const ticketTransferInput = z.object({
  ticketId: z.uuid('Not a ticket id'),
  recipient: transferRecipient,
});
export type TicketTransferInput = z.infer<typeof ticketTransferInput>;

export const ticketTransferReply = z.object({
  ticketId: z.string(),
  recipient: assignableUser,
  message: z.string(),
});
export type TicketTransferReply = z.infer<typeof ticketTransferReply>;

/**
 * GET /api/ticket-transfers/:ticketId: what the holder may do with the ticket. `recipients` says whom
 * it may go to: ORGANIZATION (pick a colleague of `organization`) or ANYONE (by email); `buyer` is set
 * when someone else bought it; `refusal` says why it cannot be passed on at all.
 */
export const ticketTransferOptions = z.object({
  ticketId: z.string(),
  eventName: z.string(),
  sectionTitle: z.string().nullable(),
  recipients: z.enum(['ORGANIZATION', 'ANYONE']),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  buyer: assignableUser.nullable(),
  refusal: z.string().nullable(),
});
export type TicketTransferOptions = z.infer<typeof ticketTransferOptions>;

// ---------------------------------------------------------------- pure rules

export interface HeldTicket {
  holderId: string;
  buyerId: string;
  organizationId: string | null;
  paymentStatus: EventPaymentStatus;
  /** isVoidedOrCancelled of the ticket's payment. */
  voided: boolean;
  /** The days the ticket is for (a section's dates, else the event's days). */
  dates: readonly string[];
  /** The holder has been marked present with it on some day. */
  attended: boolean;
}

/** A ticket's last day is over: nothing is left to give (My tickets then offers no Pass on). */
export function ticketEnded(dates: readonly string[], today: string): boolean {
  const lastDay = [...dates].sort().at(-1);
  return lastDay !== undefined && lastDay < today;
}

/**
 * Why the holder cannot pass the ticket on at all, or null. A cancelled or voided payment, or one not
 * paid, is allocation's block; an event whose last day is over, or a ticket already used to attend,
 * has nothing left to give (its hours and certificate are the holder's). The purchase-close window is
 * not applied: passing keeps the number of tickets, and a holder falls ill on the eve of an event.
 */
export function passOnRefusal(ticket: HeldTicket, today: string): string | null {
  const block = allocationBlock({ status: ticket.paymentStatus, voided: ticket.voided, closedMessages: [] });
  if (block?.reason === 'voided') return ticketTransferMessages.cancelled;
  if (block) return ticketTransferMessages.unpaid;
  if (ticketEnded(ticket.dates, today)) return ticketTransferMessages.ended;
  if (ticket.attended) return ticketTransferMessages.attended;
  return null;
}

/** Whom a holder may pass to: the ticket's organization's people, or anyone when it was bought for none. */
export function recipientsOf(ticket: { organizationId: string | null }): 'ORGANIZATION' | 'ANYONE' {
  return ticket.organizationId === null ? 'ANYONE' : 'ORGANIZATION';
}

/** Giving back is offered only when someone else bought the ticket. */
export function canGiveBack(ticket: { holderId: string; buyerId: string }): boolean {
  return ticket.holderId !== ticket.buyerId;
}

export interface TransferLine {
  numberOfTickets: number;
  maxTickets: number | null;
  /** Everyone holding a ticket of the line now, the passing holder included. */
  holders: readonly Slot[];
}

/**
 * Why the chosen person may not take the ticket, or null. `recipient` is the person's id once found;
 * `isColleague` whether they are a member or pending user of the ticket's organization (ignored when it
 * was bought for none). The line is then checked as allocation checks a save, with the holder replaced
 * by the recipient: the same person cannot hold two tickets of one line.
 */
export function recipientRefusal(input: {
  ticket: { holderId: string; organizationId: string | null };
  organizationName: string | null;
  recipient: string;
  isColleague: boolean;
  line: TransferLine;
}): string | null {
  const { ticket, recipient, line } = input;
  if (recipient === ticket.holderId) return ticketTransferMessages.toSelf;
  if (ticket.organizationId !== null && !input.isColleague)
    return ticketTransferMessages.notColleague(input.organizationName ?? 'an organization');
  const slots = line.holders.map((id) => (id === ticket.holderId ? recipient : id));
  const check = checkAllocation([{ numberOfTickets: line.numberOfTickets, maxTickets: line.maxTickets, slots }]);
  if (check.duplicate) return ticketTransferMessages.alreadyHolds;
  return check.error;
}
