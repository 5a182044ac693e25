import { z } from 'zod';
import { int4Max } from '../stored-integers.ts';
import { pageQuery, paginated } from '../pagination.ts';
import { pathLevels } from '../applications/rules.ts';
import { applicationSelectionLevels, couponTypes, eventKinds } from '../commerce/enums.ts';
import { eventGradeBands, gradeBands } from './grade-bands.ts';

/** Staff console: events with their ticket types, paths, groupings and sections; coupons. */

export const staffEventMessages = {
  nameRequired: 'Name is required',
  dateInvalid: 'Enter a date as MM/DD/YYYY',
  endBeforeStart: 'The end date must not be before the start date',
  priceInvalid: 'Enter a price of $0.00 or more',
  capacityInvalid: 'Capacity must be a whole number of 1 or more, or empty for unlimited',
  capacityBelowSold: (taken: number) => `Capacity cannot be below the ${taken} tickets already sold or held.`,
  daysInvalid: 'Enter 0 or more days',
  saved: 'Event saved',
  created: 'Event created',
  deleted: 'Deleted',
  inUse: 'Tickets were sold for this item; it cannot be deleted.',
  couponCodeTaken: 'A coupon with this code already exists.',
  couponAmountInvalid: 'Enter an amount of more than $0.00',
  couponPercentInvalid: 'Enter a percentage from 1 to 100',
  couponSaved: 'Coupon saved',
  couponValidityOrder: 'The end of the validity must not be before its start',
  couponMaxUsesBelowUsed: (used: number) => `The limit cannot be below the ${used} times the coupon was already used.`,
  couponEventUnknown: 'No such event',
} as const;

const name = z.string().trim().min(1, staffEventMessages.nameRequired).max(200);
/** ISO dates on the wire; the form converts MM/DD/YYYY with dates.parseUsDate. */
const isoDate = z.iso.date(staffEventMessages.dateInvalid);
const capacity = z
  .number()
  .int(staffEventMessages.capacityInvalid)
  .min(1, staffEventMessages.capacityInvalid)
  .max(int4Max, staffEventMessages.capacityInvalid)
  .nullable();
const cents = z
  .number()
  .int(staffEventMessages.priceInvalid)
  .min(0, staffEventMessages.priceInvalid)
  .max(int4Max, staffEventMessages.priceInvalid);

export const staffEventInput = z
  .object({
    name,
    kind: z.enum(eventKinds),
    eventType: z.string().trim().max(100).nullable(),
    eventSubtype: z.string().trim().max(100).nullable(),
    description: z.string().trim().max(5000),
    locationName: z.string().trim().max(200).nullable(),
    /** Empty: for every grade (decision 0140). */
    gradeBands: eventGradeBands,
    startDate: isoDate,
    endDate: isoDate,
    daysBeforePurchaseClose: z
      .number()
      .int(staffEventMessages.daysInvalid)
      .min(0, staffEventMessages.daysInvalid)
      .max(365),
    maxTickets: capacity,
    published: z.boolean(),
    /** A quote for its tickets holds the seats until the quote expires (docs/decisions/0210-quotes.md). */
    quotesHoldSeats: z.boolean().default(false),
  })
  .refine((e) => e.endDate >= e.startDate, { path: ['endDate'], message: staffEventMessages.endBeforeStart });
export type StaffEventInput = z.infer<typeof staffEventInput>;

export const ticketTypeInput = z.object({ name, priceCents: cents });
export const pathInput = z.object({
  name,
  /** First Year, or Advanced: open only to applicants with a matching past event (application-rules.isAdvancedEligible). */
  level: z.enum(pathLevels).default('FIRST_YEAR'),
  applicationSelectionLevel: z.enum(applicationSelectionLevels),
  requireRankedSelection: z.boolean(),
  rankedSelectionAmount: z.number().int().min(1).max(20),
  position: z.number().int().min(0).max(int4Max),
});
export const groupingInput = z.object({ name, maxTickets: capacity, position: z.number().int().min(0).max(int4Max) });
export const sectionInput = z.object({
  title: name,
  dates: z.array(isoDate).max(30),
  locationName: z.string().trim().max(200).nullable(),
  audienceType: z.array(z.string().trim().min(1).max(100)).max(20),
  description: z.string().trim().max(5000),
  isFree: z.boolean(),
  maxTickets: capacity,
  position: z.number().int().min(0).max(int4Max),
});

export const staffEventQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export const staffEventRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(eventKinds),
  startDate: z.string(),
  endDate: z.string(),
  published: z.boolean(),
  ticketsTaken: z.number(),
  maxTickets: z.number().nullable(),
});
export const staffEventPage = paginated(staffEventRow);
export type StaffEventPage = z.infer<typeof staffEventPage>;

const withId = <T extends z.ZodRawShape>(shape: z.ZodObject<T>) => shape.extend({ id: z.string() });

export const staffEventDetail = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(eventKinds),
  eventType: z.string().nullable(),
  eventSubtype: z.string().nullable(),
  description: z.string(),
  locationName: z.string().nullable(),
  gradeBands: z.array(z.enum(gradeBands)),
  startDate: z.string(),
  endDate: z.string(),
  daysBeforePurchaseClose: z.number(),
  maxTickets: z.number().nullable(),
  ticketsTaken: z.number(),
  published: z.boolean(),
  quotesHoldSeats: z.boolean(),
  ticketTypes: z.array(withId(ticketTypeInput)),
  paths: z.array(
    withId(pathInput).extend({
      groupings: z.array(
        withId(groupingInput).extend({ sections: z.array(withId(sectionInput).extend({ ticketsTaken: z.number() })) }),
      ),
    }),
  ),
});
export type StaffEventDetail = z.infer<typeof staffEventDetail>;

export const couponInput = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Code is required')
      .max(50)
      .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only')
      .transform((c) => c.toUpperCase()),
    type: z.enum(couponTypes),
    discountAmount: z.number().int().max(int4Max).nullable(),
    discountPercentage: z.number().int().max(int4Max).nullable(),
    validFrom: z.iso.datetime({ offset: true }).nullable(),
    validUntil: z.iso.datetime({ offset: true }).nullable(),
    maxUses: z.number().int().min(1).max(int4Max).nullable(),
    eventId: z.uuid().nullable(),
    active: z.boolean(),
  })
  .superRefine((c, ctx) => {
    if (c.type === 'FIXED' && !(c.discountAmount && c.discountAmount > 0))
      ctx.addIssue({ code: 'custom', path: ['discountAmount'], message: staffEventMessages.couponAmountInvalid });
    if (c.type === 'PERCENTAGE' && !(c.discountPercentage && c.discountPercentage >= 1 && c.discountPercentage <= 100))
      ctx.addIssue({ code: 'custom', path: ['discountPercentage'], message: staffEventMessages.couponPercentInvalid });
    if (c.validFrom && c.validUntil && Date.parse(c.validUntil) < Date.parse(c.validFrom))
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: staffEventMessages.couponValidityOrder });
  });
export type CouponInput = z.input<typeof couponInput>;

export const couponRow = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(couponTypes),
  discountAmount: z.number().nullable(),
  discountPercentage: z.number().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().nullable(),
  timesUsed: z.number(),
  eventId: z.string().nullable(),
  eventName: z.string().nullable(),
  active: z.boolean(),
});
export type CouponRow = z.infer<typeof couponRow>;
export const couponQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export const couponPage = paginated(couponRow);
export type CouponPage = z.infer<typeof couponPage>;
