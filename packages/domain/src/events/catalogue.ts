import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';
import { eventKinds } from '../commerce/enums.ts';
import { purchaseIsOpen } from '../commerce/purchase-window.ts';
import { gradeBand, gradeBands } from './grade-bands.ts';

/** Member catalogue ('PD Services'): upcoming published events, and one event with what can be bought. */

/**
 * The kinds a member narrows PD Services to: the event kinds, and events that take applications
 * (institutes members apply to rather than buy), which cut across them.
 */
export const catalogueKindFilters = ['CONFERENCE_DAY', 'SERIES', 'INSTITUTE', 'APPLICATIONS'] as const;
export type CatalogueKindFilter = (typeof catalogueKindFilters)[number];

/** Where an event happens: staff write 'Online' as the location of an event held online. */
export const catalogueFormats = ['ONLINE', 'IN_PERSON'] as const;
export type CatalogueFormat = (typeof catalogueFormats)[number];

export const catalogueFilterMessages = {
  date: 'Enter a date as YYYY-MM-DD',
  dateOrder: 'The From date must be on or before the To date.',
  kind: 'Choose a kind of event',
  format: 'Choose online or in person',
} as const;

const filterDate = z.iso.date(catalogueFilterMessages.date).optional();

/**
 * GET /api/catalogue/events: a page of upcoming events, narrowed by a search over name and
 * description, the days they run (an event counts when any of its days falls between from and to),
 * their kind, whether they are held online and the grade band they are meant for (an event with no
 * band is for everyone, decision 0140).
 */
export const catalogueQuery = pageQuery
  .extend({
    search: z.string().trim().max(100).optional(),
    from: filterDate,
    to: filterDate,
    kind: z.enum(catalogueKindFilters, catalogueFilterMessages.kind).optional(),
    format: z.enum(catalogueFormats, catalogueFilterMessages.format).optional(),
    grade: gradeBand.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: catalogueFilterMessages.dateOrder,
    path: ['to'],
  });
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

/** Whether a query narrows the catalogue: an empty page then says 'No events found' rather than that nothing is coming. */
export function catalogueIsFiltered(
  query: Pick<CatalogueQuery, 'search' | 'from' | 'to' | 'kind' | 'format' | 'grade'>,
): boolean {
  return Boolean(query.search || query.from || query.to || query.kind || query.format || query.grade);
}

export const catalogueEvent = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(eventKinds),
  startDate: z.string(),
  endDate: z.string(),
  locationName: z.string().nullable(),
  /** The grade bands it is meant for, youngest first; empty when it is for every grade. */
  gradeBands: z.array(z.enum(gradeBands)),
  /** Lowest ticket price in cents, null when the event sells nothing. */
  priceFromCents: z.number().nullable(),
  /** Seats left over every capacity bucket of the event; null when unlimited. */
  remaining: z.number().nullable(),
  /** The event takes applications (an institute): members apply rather than buy (events.md §2 'Event applications'). */
  acceptsApplications: z.boolean(),
  /** Tickets can be put in the cart now (catalogueOffers): published, not taking applications, before purchase close. */
  onSale: z.boolean(),
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
  /** The event's cancellation policy in words (commerce/refunds.ts cancellationPolicyText). */
  cancellationPolicy: z.string(),
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

/** Whether the event's page offers a waiting list for seats this many left: sold out, of an event on sale with tickets. */
export function offersWaitingList(
  event: Pick<CatalogueEventDetail, 'onSale' | 'ticketTypes'>,
  remaining: number | null,
): boolean {
  return event.onSale && event.ticketTypes.length > 0 && remaining === 0;
}

/** Whether any waiting list shows on the event's page: a sold-out section's or, for an event without sections, its own. */
export function pageOffersWaitingList(event: CatalogueEventDetail): boolean {
  const sections = event.paths.flatMap((path) => path.groupings.flatMap((grouping) => grouping.sections));
  return sections.length > 0
    ? sections.some((section) => offersWaitingList(event, section.remaining))
    : offersWaitingList(event, event.remaining);
}

export const catalogueMessages = {
  noEvents: 'No upcoming events',
  /** A search or filter that matches nothing (events.md §2's empty state of an event list). */
  noMatch: 'No events found',
  added: 'Added to your cart',
  /** Beside the form after an add, which keeps the quantity entered: what went in, not a reset 1. */
  addedTickets: (tickets: number) => `${tickets} ${tickets === 1 ? 'ticket' : 'tickets'} added to your cart`,
  soldOut: 'Sold out',
  purchaseClosed: 'Ticket sales for this event have closed.',
  notEnoughSeats: (remaining: number) => `Only ${remaining} ${remaining === 1 ? 'ticket is' : 'tickets are'} left.`,
  sectionRequired: 'Choose a section',
} as const;

/**
 * What the catalogue sells, as one rule for the catalogue's listing, the cart's add and the checkout:
 * the screens hide what is not offered, and the server refuses it with these messages.
 */
export const purchaseRefusals = {
  notOffered: 'This event is not offered in PD Services.',
  takesApplications:
    'This event takes applications: apply for it from its page in PD Services instead of buying tickets.',
  closed: catalogueMessages.purchaseClosed,
  ticketTypeNotOfEvent: 'Choose a ticket type of this event.',
  sectionRequired: catalogueMessages.sectionRequired,
  sectionNotOfEvent: 'Choose a section of this event.',
  noSections: 'This event has no sections.',
} as const;
export type PurchaseRefusal = keyof typeof purchaseRefusals;

export interface OfferTerms {
  published: boolean;
  acceptsApplications: boolean;
  startDate: string;
  daysBeforePurchaseClose: number;
}

/** Why the catalogue does not sell tickets of this event today, or null when it does. */
export function eventRefusal(
  event: OfferTerms,
  today: string,
): Extract<PurchaseRefusal, 'notOffered' | 'takesApplications' | 'closed'> | null {
  if (!event.published) return 'notOffered';
  // Seats of a selective event go to accepted applicants, who pay from their application.
  if (event.acceptsApplications) return 'takesApplications';
  if (!purchaseIsOpen(event.startDate, event.daysBeforePurchaseClose, today)) return 'closed';
  return null;
}

export function catalogueOffers(event: OfferTerms, today: string): boolean {
  return eventRefusal(event, today) === null;
}

export interface LineTerms {
  event: OfferTerms & { hasSections: boolean };
  /** The ticket type belongs to the line's event. */
  ticketTypeOfEvent: boolean;
  /** The line names no section, one of its event's, or one that is not its event's (or does not exist). */
  section: 'none' | 'ofEvent' | 'notOfEvent';
}

/**
 * Why a cart line (event, ticket type, section) is not something the catalogue offers, or null when
 * it is: an event with sections sells them one by one, an event without sells itself as a whole.
 */
export function lineRefusal(line: LineTerms, today: string): PurchaseRefusal | null {
  const refusal = eventRefusal(line.event, today);
  if (refusal) return refusal;
  if (!line.ticketTypeOfEvent) return 'ticketTypeNotOfEvent';
  if (line.section === 'notOfEvent') return line.event.hasSections ? 'sectionNotOfEvent' : 'noSections';
  if (line.event.hasSections && line.section === 'none') return 'sectionRequired';
  return null;
}
