import { schemaResolver } from '@mantine/form';
import { formatUsDate, parseUsDate } from '@portal/domain/dates.ts';
import { dollarsToCents } from '@portal/domain/money.ts';
import type { PathLevel } from '@portal/domain/applications/rules.ts';
import type { ApplicationSelectionLevel, EventKind } from '@portal/domain/commerce/enums.ts';
import type { GradeBand } from '@portal/domain/events/grade-bands.ts';
import {
  groupingInput,
  pathInput,
  sectionInput,
  staffEventInput,
  ticketTypeInput,
  type StaffEventDetail,
  type StaffEventInput,
} from '@portal/domain/events/admin-contracts.ts';
import { capacityToText } from './text-values.ts';

/**
 * The staff forms as typed (dates MM/DD/YYYY, money in dollars, empty capacity = unlimited) and
 * their conversion to the API's inputs. Validation is the domain's zod schema run on the converted
 * values, so the form and the server say the same thing; a value that cannot be converted becomes
 * one the schema refuses with the right message.
 */

type Errors = Record<string, string>;

/** A whole number as typed, or `invalid` when the text is not one. */
function wholeNumber(text: string, invalid: number): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : invalid;
}

/** A capacity as typed: empty is unlimited (null); anything else must be a whole number ≥ 1. */
export function capacityFromText(text: string): number | null {
  return text.trim() === '' ? null : wholeNumber(text, 0);
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** An ISO date from MM/DD/YYYY, or '' (which the schema refuses with "Enter a date as MM/DD/YYYY"). */
const isoFromUs = (text: string) => parseUsDate(text) ?? '';

/** Dollars as typed, in cents; -1 (refused as "Enter a price of $0.00 or more") when not a sum of money. */
export const priceFromText = (text: string) => dollarsToCents(text) ?? -1;

/* Events. */

export interface EventFormValues {
  name: string;
  kind: EventKind;
  eventType: string;
  eventSubtype: string;
  description: string;
  locationName: string;
  /** None picked: for every grade. */
  gradeBands: GradeBand[];
  startDate: string;
  endDate: string;
  daysBeforePurchaseClose: string;
  maxTickets: string;
  published: boolean;
  quotesHoldSeats: boolean;
}

export const emptyEventValues: EventFormValues = {
  name: '',
  kind: 'SERIES',
  eventType: '',
  eventSubtype: '',
  description: '',
  locationName: '',
  gradeBands: [],
  startDate: '',
  endDate: '',
  daysBeforePurchaseClose: '0',
  maxTickets: '',
  published: false,
  quotesHoldSeats: false,
};

export function eventValuesOf(event: StaffEventDetail): EventFormValues {
  return {
    name: event.name,
    kind: event.kind,
    eventType: event.eventType ?? '',
    eventSubtype: event.eventSubtype ?? '',
    description: event.description,
    locationName: event.locationName ?? '',
    gradeBands: event.gradeBands,
    startDate: formatUsDate(event.startDate),
    endDate: formatUsDate(event.endDate),
    daysBeforePurchaseClose: String(event.daysBeforePurchaseClose),
    maxTickets: capacityToText(event.maxTickets),
    published: event.published,
    quotesHoldSeats: event.quotesHoldSeats,
  };
}

export function eventInputOf(values: EventFormValues): StaffEventInput {
  return {
    name: values.name.trim(),
    kind: values.kind,
    eventType: blankToNull(values.eventType),
    eventSubtype: blankToNull(values.eventSubtype),
    description: values.description.trim(),
    locationName: blankToNull(values.locationName),
    gradeBands: values.gradeBands,
    startDate: isoFromUs(values.startDate),
    endDate: isoFromUs(values.endDate),
    daysBeforePurchaseClose: wholeNumber(values.daysBeforePurchaseClose, -1),
    maxTickets: capacityFromText(values.maxTickets),
    published: values.published,
    quotesHoldSeats: values.quotesHoldSeats,
  };
}

const resolveEvent = schemaResolver(staffEventInput, { sync: true });
const resolveTicketType = schemaResolver(ticketTypeInput, { sync: true });

export function validateEvent(values: EventFormValues): Errors {
  const errors = resolveEvent(eventInputOf(values)) as Errors;
  // An issue of one band ("gradeBands.1") belongs to the whole field.
  const band = Object.keys(errors).find((path) => path.startsWith('gradeBands.'));
  return band && errors[band] ? { ...errors, gradeBands: errors[band] } : errors;
}

/** A new event also gets its first ticket type, so it can be sold. */
export interface NewEventFormValues extends EventFormValues {
  ticketTypeName: string;
  ticketPrice: string;
}

export const emptyNewEventValues: NewEventFormValues = {
  ...emptyEventValues,
  ticketTypeName: 'General admission',
  ticketPrice: '',
};

export function validateNewEvent(values: NewEventFormValues): Errors {
  const ticket = resolveTicketType(
    ticketTypeInputOf({ name: values.ticketTypeName, price: values.ticketPrice }),
  ) as Errors;
  return {
    ...validateEvent(values),
    ...(ticket.name ? { ticketTypeName: ticket.name } : {}),
    ...(ticket.priceCents ? { ticketPrice: ticket.priceCents } : {}),
  };
}

/* Ticket types. */

export interface TicketTypeFormValues {
  name: string;
  price: string;
}

export function ticketTypeInputOf(values: TicketTypeFormValues) {
  return { name: values.name.trim(), priceCents: priceFromText(values.price) };
}

export function validateTicketType(values: TicketTypeFormValues): Errors {
  const errors = resolveTicketType(ticketTypeInputOf(values)) as Errors;
  return { ...(errors.name ? { name: errors.name } : {}), ...(errors.priceCents ? { price: errors.priceCents } : {}) };
}

/* Paths, groupings, sections. */

export interface PathFormValues {
  name: string;
  level: PathLevel;
  applicationSelectionLevel: ApplicationSelectionLevel;
  requireRankedSelection: boolean;
  rankedSelectionAmount: string;
  position: string;
}

export function pathInputOf(values: PathFormValues) {
  return {
    name: values.name.trim(),
    level: values.level,
    applicationSelectionLevel: values.applicationSelectionLevel,
    requireRankedSelection: values.requireRankedSelection,
    rankedSelectionAmount: wholeNumber(values.rankedSelectionAmount, 0),
    position: wholeNumber(values.position, -1),
  };
}

const resolvePath = schemaResolver(pathInput, { sync: true });
export const validatePath = (values: PathFormValues) =>
  withMessages(resolvePath(pathInputOf(values)) as Errors, {
    rankedSelectionAmount: 'Enter a whole number from 1 to 20',
    position: positionInvalid,
  });

export interface GroupingFormValues {
  name: string;
  maxTickets: string;
  position: string;
}

export function groupingInputOf(values: GroupingFormValues) {
  return {
    name: values.name.trim(),
    maxTickets: capacityFromText(values.maxTickets),
    position: wholeNumber(values.position, -1),
  };
}

const resolveGrouping = schemaResolver(groupingInput, { sync: true });
export const validateGrouping = (values: GroupingFormValues) =>
  withMessages(resolveGrouping(groupingInputOf(values)) as Errors, { position: positionInvalid });

export interface SectionFormValues {
  title: string;
  /** MM/DD/YYYY, comma-separated. */
  dates: string;
  locationName: string;
  /** Comma-separated. */
  audienceType: string;
  description: string;
  isFree: boolean;
  maxTickets: string;
  position: string;
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function sectionInputOf(values: SectionFormValues) {
  return {
    title: values.title.trim(),
    dates: splitList(values.dates).map(isoFromUs),
    locationName: blankToNull(values.locationName),
    audienceType: splitList(values.audienceType),
    description: values.description.trim(),
    isFree: values.isFree,
    maxTickets: capacityFromText(values.maxTickets),
    position: wholeNumber(values.position, -1),
  };
}

const resolveSection = schemaResolver(sectionInput, { sync: true });
export function validateSection(values: SectionFormValues): Errors {
  const errors = resolveSection(sectionInputOf(values)) as Errors;
  // Issues of one date or one audience type ("dates.1") belong to the whole field.
  const byField: Errors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    byField[field] ??= message;
  }
  return withMessages(byField, { position: positionInvalid });
}

export const positionInvalid = 'Enter a whole number of 0 or more';

/** Keeps the schema's own messages, but says plainly what a bare number field wants. */
function withMessages(errors: Errors, messages: Errors): Errors {
  const result = { ...errors };
  for (const [field, message] of Object.entries(messages)) if (result[field]) result[field] = message;
  return result;
}
