import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * How a person holds a place at an event (events.md §7's "ticket holder" list: eventTickets and
 * packageEventTickets, with the seats of institute applications and of paid registration requests).
 */
export const ticketHolderKinds = ['TICKET', 'INSTITUTE_SEAT', 'PACKAGE', 'REGISTRATION_SEAT'] as const;
export type TicketHolderKind = (typeof ticketHolderKinds)[number];

export const ticketHolderKindLabels: Record<TicketHolderKind, string> = {
  TICKET: 'Ticket',
  INSTITUTE_SEAT: 'Institute seat',
  PACKAGE: 'Package',
  REGISTRATION_SEAT: 'Registration seat',
};

export const ticketHolderQuery = pageQuery.extend({
  kind: z.enum(ticketHolderKinds, 'Not a kind of ticket').optional(),
  search: z.string().trim().max(100).optional(),
});

export const ticketHolderRow = z.object({
  /** The ticket, payment, package assignment or registration request the place comes from. */
  id: z.string(),
  kind: z.enum(ticketHolderKinds),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The section a ticket is for; null for a place at the whole event. */
  sectionTitle: z.string().nullable(),
  organizationName: z.string().nullable(),
});
export type TicketHolderRow = z.infer<typeof ticketHolderRow>;

export const ticketHolderPage = paginated(ticketHolderRow).extend({
  event: z.object({ id: z.string(), name: z.string() }),
});
export type TicketHolderPage = z.infer<typeof ticketHolderPage>;
