import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';
import { couponReply } from '../commerce/cart.ts';
import {
  directPayMethods,
  eventPaymentMethods,
  eventPaymentStatuses,
  paymentProviders,
  type ApplicationSelectionLevel,
} from '../commerce/enums.ts';
import type { Cents } from '../money.ts';
import { couponDiscount, type Coupon } from '../commerce/pricing.ts';
import { int4Max } from '../stored-integers.ts';
import {
  maxSeatsPerRequest,
  minSeatsPerRequest,
  registrationRequestMessages,
  registrationRequestStatuses,
  type RegistrationRequestStatus,
} from './messages.ts';

export {
  maxSeatsPerRequest,
  minSeatsPerRequest,
  registrationRequestMessages,
  registrationRequestPaths,
  registrationRequestStatuses,
  registrationRequestStatusLabels,
  type RegistrationRequestStatus,
} from './messages.ts';

/**
 * Group registration requests (events.md §2 'Registration requests', §3, §5, §8, §9): a member asks
 * for several seats of one event, pays for them once, and names an attendee for each seat.
 */

// ---- Price (§9 'Group free-seat offer') ---------------------------------------------------------

export interface GroupOffer {
  /** Price of one seat, in cents. */
  attendeeCost: Cents;
  /** Free seats start once the seats exceed this many paid seats; null: no offer. */
  paidSeatsRequiredForOffer: number | null;
  /** At most this many seats are free; null: no offer. */
  freeSeatsInOffer: number | null;
}

/** How many of `seats` are free: those past paidSeatsRequiredForOffer, at most freeSeatsInOffer. */
export function freeSeatsFor(seats: number, offer: GroupOffer): number {
  const { paidSeatsRequiredForOffer: paid, freeSeatsInOffer: free } = offer;
  if (paid === null || free === null || free <= 0) return 0;
  return Math.min(Math.max(seats - paid, 0), free);
}

/**
 * Where the free seats fall among lines of seats (sections, or a request's seats in order): taken
 * from the last line first, never more than a line has. Answers the free seats of each line.
 */
export function deductFreeSeats(lineSeats: readonly number[], freeSeats: number): number[] {
  const free = lineSeats.map(() => 0);
  let left = freeSeats;
  for (let index = lineSeats.length - 1; index >= 0 && left > 0; index -= 1) {
    const taken = Math.min(lineSeats[index] ?? 0, left);
    free[index] = taken;
    left -= taken;
  }
  return free;
}

export interface GroupPrice {
  seats: number;
  freeSeats: number;
  /** Seats times attendeeCost, before the offer. */
  grossTotal: Cents;
  /** What the free seats would have cost. */
  offerDiscount: Cents;
  /** What the paid seats cost: grossTotal − offerDiscount. */
  subtotal: Cents;
  couponDiscount: Cents;
  total: Cents;
}

/** The one place a registration request is priced: the server charges this, the web only shows it. */
export function groupPrice(seats: number, offer: GroupOffer, coupon: Coupon | null): GroupPrice {
  const freeSeats = freeSeatsFor(seats, offer);
  const grossTotal = seats * offer.attendeeCost;
  const offerDiscount = freeSeats * offer.attendeeCost;
  const subtotal = grossTotal - offerDiscount;
  const discount = couponDiscount(subtotal, coupon);
  return {
    seats,
    freeSeats,
    grossTotal,
    offerDiscount,
    subtotal,
    couponDiscount: discount,
    total: subtotal - discount,
  };
}

// ---- Seats and attendees (§5) -------------------------------------------------------------------

const seatsMessage = registrationRequestMessages.seatsRange;
export const seatsRequested = z
  .number(seatsMessage)
  .int(seatsMessage)
  .min(minSeatsPerRequest, seatsMessage)
  .max(maxSeatsPerRequest, seatsMessage);

const emailPattern = z.email();

export interface AttendeeProblems {
  /** 'Please fill all the seats' while any seat is empty. */
  form: string | null;
  /** By seat index: a malformed email, or one already on an earlier seat. */
  seats: Record<number, string>;
}

/**
 * §5: every seat needs an attendee; each email must be an email and appear on one seat only
 * (compared trimmed and case-insensitively). The web shows these as the member types; the server
 * refuses the same with a 400.
 */
export function attendeeProblems(emails: readonly string[]): AttendeeProblems {
  const seats: Record<number, string> = {};
  const seen = new Set<string>();
  let empty = false;
  emails.forEach((raw, index) => {
    const email = raw.trim().toLowerCase();
    if (email === '') {
      empty = true;
      return;
    }
    if (!emailPattern.safeParse(email).success) seats[index] = registrationRequestMessages.emailInvalid;
    else if (seen.has(email)) seats[index] = registrationRequestMessages.emailDuplicate;
    seen.add(email);
  });
  return { form: empty ? registrationRequestMessages.fillAllSeats : null, seats };
}

export function hasAttendeeProblems(problems: AttendeeProblems): boolean {
  return problems.form !== null || Object.keys(problems.seats).length > 0;
}

// ---- Whom a request is for -----------------------------------------------------------------------

export type RequestOrganization =
  { organizationId: string | null } | { refusal: 'organizationRequired' | 'organizationNotYours' };

/**
 * The organization a request (and so its payment) is made for, from the member's choice and the
 * organizations they belong to (any active membership, as a purchase order may name): the chosen one
 * if theirs; without a choice their only one; none when they belong to none. Several and no choice
 * is refused: staff and the purchase order need to know which school the seats are for.
 */
export function requestOrganization(
  chosen: string | null | undefined,
  memberOf: readonly string[],
): RequestOrganization {
  if (chosen) return memberOf.includes(chosen) ? { organizationId: chosen } : { refusal: 'organizationNotYours' };
  const distinct = [...new Set(memberOf)];
  if (distinct.length > 1) return { refusal: 'organizationRequired' };
  return { organizationId: distinct[0] ?? null };
}

// ---- What may be done with a request --------------------------------------------------------------

type PaymentStatus = (typeof eventPaymentStatuses)[number];

export interface RequestFacts {
  status: RegistrationRequestStatus;
  /** The live payment's status; null before any payment (or after one ended unpaid). */
  paymentStatus: PaymentStatus | null;
}

/**
 * What the member may change. Seats and the coupon decide what is paid, so they are fixed once a
 * payment is paid or a purchase order is under review; attendees may be named until the request is
 * cancelled. A cancelled request changes no more.
 */
export function requestAbilities(facts: RequestFacts) {
  const open = facts.status === 'OPEN';
  const paid = facts.paymentStatus === 'PAID';
  const underReview = facts.paymentStatus === 'PO_SUBMITTED';
  return {
    changeSeats: open && !paid && !underReview,
    changeCoupon: open && !paid && !underReview,
    pay: open && !paid && !underReview,
    assignAttendees: open,
    cancel: open,
  };
}
export type RequestAbilities = ReturnType<typeof requestAbilities>;

// ---- The API ------------------------------------------------------------------------------------

const id = z.uuid();

/** POST /api/event-registration-requests: 'Request seats' on an event's page. */
export const createRegistrationRequestInput = z.object({
  eventId: id,
  seatsRequested,
  sectionIds: z.array(id).max(200).default([]),
  groupingIds: z.array(id).max(100).default([]),
  /** requestOrganization: one of the member's organizations; left out, their only one. */
  organizationId: id.nullable().optional(),
});
export type CreateRegistrationRequestInput = z.input<typeof createRegistrationRequestInput>;

/**
 * What a request may ask for on each path, as an application chooses there (§5 'Section selection'):
 * the groupings of a path chosen by grouping, the sections of one chosen by section. Null when every
 * part asked for fits its path's level; the page offers only those, the server refuses the rest (400).
 */
export function requestPartsRefusal(
  sections: readonly { pathLevel: ApplicationSelectionLevel }[],
  groupings: readonly { pathLevel: ApplicationSelectionLevel }[],
): string | null {
  if (sections.some((section) => section.pathLevel === 'GROUPINGS'))
    return registrationRequestMessages.sectionOfGroupingPath;
  if (groupings.some((grouping) => grouping.pathLevel !== 'GROUPINGS'))
    return registrationRequestMessages.groupingOfSectionPath;
  return null;
}
export const registrationRequestCreated = z.object({ id: z.string() });

export const updateSeatsInput = z.object({ seatsRequested });
/**
 * One email per seat, in seat order; '' is an empty seat (refused with 'Please fill all the seats').
 * `names` (optional, by email) name the people a pasted list brings who have no account yet; anyone
 * who has one keeps their own name.
 */
export const saveAttendeesInput = z.object({
  emails: z.array(z.string().trim().max(254)).min(1).max(maxSeatsPerRequest),
  names: z
    .array(
      z.object({
        email: z.string().trim().toLowerCase().max(254),
        firstName: z.string().trim().max(100),
        lastName: z.string().trim().max(100),
      }),
    )
    .max(maxSeatsPerRequest)
    .optional(),
});
export type SaveAttendeesInput = z.infer<typeof saveAttendeesInput>;
/** An empty code removes the coupon (§7). */
export const registrationCouponInput = z.object({ code: z.string().trim().max(50) });
export const registrationPayInput = z.object({ method: z.enum(directPayMethods) });
export const registrationPayReply = z.object({ eventPaymentId: z.string(), redirectUrl: z.string() });
export type RegistrationPayReply = z.infer<typeof registrationPayReply>;

const requestEvent = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  locationName: z.string().nullable(),
});

export const groupPriceReply = z.object({
  attendeeCost: z.number(),
  seats: z.number(),
  freeSeats: z.number(),
  grossTotal: z.number(),
  offerDiscount: z.number(),
  subtotal: z.number(),
  couponDiscount: z.number(),
  total: z.number(),
});

export const requestPaymentReply = z.object({
  id: z.string(),
  status: z.enum(eventPaymentStatuses),
  method: z.enum(eventPaymentMethods),
  provider: z.enum(paymentProviders).nullable(),
  total: z.number(),
});

export const seatReply = z.object({
  position: z.number(),
  free: z.boolean(),
  attendee: z
    .object({
      userId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      isPending: z.boolean(),
      applicationId: z.string().nullable(),
    })
    .nullable(),
});

const requestOrganizationReply = z.object({ id: z.string(), name: z.string() }).nullable();

/** GET /api/event-registration-requests/:id (§3 'Registration request'). */
export const registrationRequestDetail = z.object({
  id: z.string(),
  status: z.enum(registrationRequestStatuses),
  event: requestEvent,
  createdAt: z.string(),
  seatsRequested: z.number(),
  offer: z.object({ paidSeatsRequiredForOffer: z.number().nullable(), freeSeatsInOffer: z.number().nullable() }),
  price: groupPriceReply,
  coupon: couponReply.nullable(),
  paymentStatus: z.enum(eventPaymentStatuses).nullable(),
  payment: requestPaymentReply.nullable(),
  requestedSections: z.array(z.object({ id: z.string(), title: z.string(), groupingId: z.string() })),
  requestedGroupings: z.array(z.object({ id: z.string(), name: z.string() })),
  seats: z.array(seatReply),
  abilities: z.object({
    changeSeats: z.boolean(),
    changeCoupon: z.boolean(),
    pay: z.boolean(),
    assignAttendees: z.boolean(),
    cancel: z.boolean(),
  }),
  requester: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  /** The organization chosen on the request; its payments carry it. */
  organization: requestOrganizationReply,
});
export type RegistrationRequestDetail = z.infer<typeof registrationRequestDetail>;

export const registrationRequestRow = z.object({
  id: z.string(),
  status: z.enum(registrationRequestStatuses),
  event: requestEvent.pick({ id: true, name: true, startDate: true, endDate: true }),
  createdAt: z.string(),
  seatsRequested: z.number(),
  attendeesAssigned: z.number(),
  total: z.number(),
  paymentStatus: z.enum(eventPaymentStatuses).nullable(),
  requester: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  organization: requestOrganizationReply,
});
export type RegistrationRequestRow = z.infer<typeof registrationRequestRow>;
export const registrationRequestPage = paginated(registrationRequestRow);
export type RegistrationRequestPage = z.infer<typeof registrationRequestPage>;
export const registrationRequestListQuery = pageQuery;

export const adminRegistrationRequestQuery = pageQuery.extend({
  eventId: z.uuid().optional(),
  status: z.enum(registrationRequestStatuses, 'Choose OPEN or CANCELLED').optional(),
  /** Matches the organization, the member who asked (name or email) or the event's name. */
  search: z.string().trim().max(100).optional(),
  /** Only open requests awaiting payment past their due date (the staff dashboard's card). */
  paymentOverdue: z
    .enum(['true', 'false'], 'paymentOverdue is true or false')
    .transform((value) => value === 'true')
    .optional(),
});

/** The offer an event's page shows beside 'Request seats'. */
export const groupRegistrationOffer = z.object({
  eventId: z.string(),
  attendeeCost: z.number(),
  paidSeatsRequiredForOffer: z.number().nullable(),
  freeSeatsInOffer: z.number().nullable(),
  /** The event's paths chosen by grouping (applicationSelectionLevel GROUPINGS): 'Request seats' offers their groupings, the others' sections. */
  groupingPathIds: z.array(z.string()),
});
export type GroupRegistrationOffer = z.infer<typeof groupRegistrationOffer>;
/** What an event's page is told: its offer, or null when the event is not open to group registration. */
export const groupRegistrationOfferReply = groupRegistrationOffer.nullable();
export type GroupRegistrationOfferReply = z.infer<typeof groupRegistrationOfferReply>;

// ---- Staff: an event's group registration settings ---------------------------------------------

const offerCount = z
  .int('Enter a whole number')
  .min(1, 'At least 1')
  .max(maxSeatsPerRequest, `At most ${maxSeatsPerRequest}`)
  .nullable();

export const groupRegistrationSettingsInput = z
  .object({
    open: z.boolean(),
    attendeeCost: z
      .int('Enter an amount in cents')
      .min(0, 'The cost cannot be negative')
      .max(int4Max, 'This amount is too large'),
    paidSeatsRequiredForOffer: offerCount,
    freeSeatsInOffer: offerCount,
  })
  .refine((v) => (v.paidSeatsRequiredForOffer === null) === (v.freeSeatsInOffer === null), {
    message: registrationRequestMessages.offerIncomplete,
    path: ['freeSeatsInOffer'],
  });
export type GroupRegistrationSettingsInput = z.infer<typeof groupRegistrationSettingsInput>;
export const groupRegistrationSettings = z.object({
  eventId: z.string(),
  open: z.boolean(),
  attendeeCost: z.number(),
  paidSeatsRequiredForOffer: z.number().nullable(),
  freeSeatsInOffer: z.number().nullable(),
});
export type GroupRegistrationSettings = z.infer<typeof groupRegistrationSettings>;
