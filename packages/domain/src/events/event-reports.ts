import { z } from 'zod';
import { eventKinds, type EventKind } from '../commerce/enums.ts';

/**
 * Staff console: how an event's sales and attendance go, and the season across events (issue 24).
 * Every number is counted by the server in SQL; the screen only draws and tabulates it
 * (docs/decisions/0110-event-reports.md).
 */

export const sectionSeatsRow = z.object({
  /** Null for an event sold as a whole (a series): its one row is the event's own capacity. */
  sectionId: z.uuid().nullable(),
  title: z.string(),
  sold: z.number(),
  held: z.number(),
  /** Null when unlimited. */
  capacity: z.number().nullable(),
});
export type SectionSeatsRow = z.infer<typeof sectionSeatsRow>;

export const salesDayRow = z.object({
  /** The provider's calendar day the payments were completed on (YYYY-MM-DD). */
  date: z.iso.date(),
  tickets: z.number(),
  revenueCents: z.number(),
  /** Running totals up to and including the day. */
  totalTickets: z.number(),
  totalRevenueCents: z.number(),
});
export type SalesDayRow = z.infer<typeof salesDayRow>;

export const paymentMethodKinds = ['CARD', 'PURCHASE_ORDER', 'DISTRICT_FUNDS', 'COUPON'] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

export const paymentMethodLabels: Record<PaymentMethodKind, string> = {
  CARD: 'Card',
  PURCHASE_ORDER: 'Purchase order',
  DISTRICT_FUNDS: 'District funds',
  COUPON: 'Coupon (nothing to pay)',
};

export const paymentMethodRow = z.object({
  method: z.enum(paymentMethodKinds),
  payments: z.number(),
  tickets: z.number(),
  revenueCents: z.number(),
});
export type PaymentMethodRow = z.infer<typeof paymentMethodRow>;

export const attendanceDayRow = z.object({
  date: z.iso.date(),
  /** People expected that day, counted once per section they are expected in. */
  expected: z.number(),
  attended: z.number(),
});
export type AttendanceDayRow = z.infer<typeof attendanceDayRow>;

export const eventReport = z.object({
  eventId: z.uuid(),
  name: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  seats: z.array(sectionSeatsRow),
  sales: z.array(salesDayRow),
  paymentMethods: z.array(paymentMethodRow),
  /** Empty when nobody's attendance was marked yet. */
  attendance: z.array(attendanceDayRow),
});
export type EventReport = z.infer<typeof eventReport>;

export const seasonTypeRow = z.object({
  /** The events' type as staff set it; null for events without one, which are grouped by their kind. */
  eventType: z.string().nullable(),
  kind: z.enum(eventKinds).nullable(),
  events: z.number(),
  seatsSold: z.number(),
  revenueCents: z.number(),
});
export type SeasonTypeRow = z.infer<typeof seasonTypeRow>;

export const seasonEventRow = z.object({
  eventId: z.uuid(),
  name: z.string(),
  startDate: z.iso.date(),
  revenueCents: z.number(),
  /** People marked present on at least one day. */
  attended: z.number(),
  /** The evaluation's average on its five-point scale questions; null without an answer. */
  evaluationAverage: z.number().nullable(),
});
export type SeasonEventRow = z.infer<typeof seasonEventRow>;

export const seasonReport = z.object({
  /** "2026–27": the season runs July 1 to June 30. */
  name: z.string(),
  startsOn: z.iso.date(),
  endsOn: z.iso.date(),
  types: z.array(seasonTypeRow),
  /** Each event of the season, by start date: its revenue, attendance and evaluation average side by side. */
  events: z.array(seasonEventRow),
});
export type SeasonReport = z.infer<typeof seasonReport>;

const kindLabels: Record<EventKind, string> = {
  SERIES: 'Series',
  CONFERENCE_DAY: 'Conference day',
  INSTITUTE: 'Institute',
};

/** A season row's name: the type staff set, else the events' kind. */
export const eventTypeLabel = (row: Pick<SeasonTypeRow, 'eventType' | 'kind'>) =>
  row.eventType ?? (row.kind ? `${kindLabels[row.kind]} (no type set)` : 'No type set');

/** The share attended as a whole percentage, or null on a day nobody was expected. */
export function attendanceRate(row: Pick<AttendanceDayRow, 'expected' | 'attended'>): number | null {
  if (row.expected === 0) return null;
  return Math.round((row.attended / row.expected) * 100);
}

/**
 * The season a calendar day falls in: July 1 to June 30, as school years run, so fall conferences and
 * spring institutes of one school year are counted together.
 */
export function seasonOf(isoDate: string): { name: string; startsOn: string; endsOn: string } {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const first = month >= 7 ? year : year - 1;
  return {
    name: `${first}–${String((first + 1) % 100).padStart(2, '0')}`,
    startsOn: `${first}-07-01`,
    endsOn: `${first + 1}-06-30`,
  };
}
