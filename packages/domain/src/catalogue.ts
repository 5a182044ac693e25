import { z } from 'zod';
import { pageQuery, paginated } from './admin.ts';
import { eventKinds } from './commerce-enums.ts';

/** Member catalogue ('PD Services'): upcoming published events, and one event with what can be bought. */

export const catalogueQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });

export const catalogueEvent = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(eventKinds),
  startDate: z.string(),
  endDate: z.string(),
  locationName: z.string().nullable(),
  /** Lowest ticket price in cents, null when the event sells nothing. */
  priceFromCents: z.number().nullable(),
  /** Seats left over every capacity bucket of the event; null when unlimited. */
  remaining: z.number().nullable(),
  /** The event takes applications (an institute): members apply rather than buy (events.md §2 'Event applications'). */
  acceptsApplications: z.boolean(),
});
export type CatalogueEvent = z.infer<typeof catalogueEvent>;

export const cataloguePage = paginated(catalogueEvent);
export type CataloguePage = z.infer<typeof cataloguePage>;

export const ticketTypeReply = z.object({ id: z.string(), name: z.string(), priceCents: z.number() });

export const conferenceSection = z.object({
  id: z.string(),
  title: z.string(),
  dates: z.array(z.string()),
  locationName: z.string().nullable(),
  audienceType: z.array(z.string()),
  description: z.string(),
  isFree: z.boolean(),
  maxTickets: z.number().nullable(),
  /** maxTickets minus tickets sold or held; null when unlimited. */
  remaining: z.number().nullable(),
});
export type ConferenceSection = z.infer<typeof conferenceSection>;

export const catalogueEventDetail = catalogueEvent.extend({
  description: z.string(),
  daysBeforePurchaseClose: z.number(),
  /** False once the event is closer than daysBeforePurchaseClose (see ticket-rules purchaseIsOpen). */
  purchaseOpen: z.boolean(),
  ticketTypes: z.array(ticketTypeReply),
  /** Conference days and institutes: paths > groupings > sections. Empty for series events. */
  paths: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      groupings: z.array(z.object({ id: z.string(), name: z.string(), sections: z.array(conferenceSection) })),
    }),
  ),
});
export type CatalogueEventDetail = z.infer<typeof catalogueEventDetail>;

export const catalogueMessages = {
  noEvents: 'No upcoming events',
  added: 'Added to your cart',
  soldOut: 'Sold out',
  purchaseClosed: 'Ticket sales for this event have closed.',
  notEnoughSeats: (remaining: number) => `Only ${remaining} ${remaining === 1 ? 'ticket is' : 'tickets are'} left.`,
  sectionRequired: 'Choose a section',
} as const;
