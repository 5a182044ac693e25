/** US calendar dates as typed and shown: MM/DD/YYYY. Stored as ISO dates (YYYY-MM-DD). */
const usDate = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export function parseUsDate(input: string): string | null {
  const match = usDate.exec(input.trim());
  if (!match) return null;
  const [, mm, dd, yyyy] = match;
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** A stored date as every page and mail shows it: "01/15/2027" (the date part of a longer ISO text). */
export function formatUsDate(iso: string): string {
  const [yyyy, mm, dd] = iso.slice(0, 10).split('-');
  return `${mm}/${dd}/${yyyy}`;
}

/** A section's days or a ticket's: "01/15/2027, 01/16/2027", in the order given. */
export function formatUsDates(isoDates: readonly string[]): string {
  return isoDates.map(formatUsDate).join(', ');
}

/** "09/14/2026", or "09/14/2026 – 09/16/2026" for an event over several days. */
export function formatDateRange(startDate: string, endDate: string): string {
  const start = formatUsDate(startDate);
  const end = formatUsDate(endDate);
  return start === end ? start : `${start} – ${end}`;
}

/**
 * One formatter per time zone, kept: building an Intl.DateTimeFormat loads locale and zone data and
 * costs far more than formatting, and "today" is asked on every cart, checkout and catalogue request.
 * Only valid IANA zones get here (the constructor throws on others), so the map stays small.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The last date worked out per time zone, with the second it was for. Time zone offsets are whole
 * seconds, so a day never starts inside a second: every instant of that second falls on the same
 * date, and a busy server formats about once a second rather than on every request.
 */
const lastDates = new Map<string, { second: number; date: string }>();

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone: "today" for the provider. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDates.get(timeZone);
  if (last?.second === second) return last.date;
  const parts = dayFormatter(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  lastDates.set(timeZone, { second, date });
  return date;
}

/** The provider's zone when the deployment names none (config TIME_ZONE's default). */
export const defaultTimeZone = 'America/New_York';

// Same reason as dayFormatters: one per zone, made on first use, since a list formats a moment per row.
const momentFormatters = new Map<string, Intl.DateTimeFormat>();

function momentFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = momentFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    momentFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function momentParts(instant: Date | string, timeZone: string) {
  const parts = momentFormatter(timeZone).formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // Some engines write midnight as 00 even with a 12-hour clock; the pattern's hh runs 01–12.
  const hour = part('hour') === '00' ? '12' : part('hour');
  return {
    date: `${part('month')}/${part('day')}/${part('year')}`,
    time: `${hour}:${part('minute')} ${part('dayPeriod').toUpperCase()}`,
    zone: part('timeZoneName'),
  };
}

/**
 * A moment as people read it on screens: "MM/dd/yyyy hh:mm a" (events §9's pattern with the AM/PM
 * marker the 12-hour hh needs) in the provider's time zone, wherever the reader's device is.
 */
export function formatMoment(instant: Date | string, timeZone: string): string {
  const { date, time } = momentParts(instant, timeZone);
  return `${date} ${time}`;
}

/**
 * A moment in a mail or a PDF, read by people in other zones and kept after the moment has passed:
 * formatMoment's text followed by the zone's name ("03/14/2026 02:05 PM EDT").
 */
export function formatMomentWithZone(instant: Date | string, timeZone: string): string {
  const { date, time, zone } = momentParts(instant, timeZone);
  return `${date} ${time} ${zone}`;
}

/** The provider's calendar day a moment fell on, as shown: MM/DD/YYYY. */
export function formatMomentDay(instant: Date | string, timeZone: string): string {
  return formatUsDate(calendarDateIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone));
}

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the zone's wall clock, written as if it were UTC (milliseconds since the epoch). */
function wallClockOf(instant: number, timeZone: string): number {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall + (((instant % 1000) + 1000) % 1000);
}

/**
 * The instant a calendar day (YYYY-MM-DD) starts, or its last millisecond, in a time zone: a coupon
 * valid "until 12/31/2026" runs to the end of that day for the provider, wherever staff typed it.
 */
export function dayEdgeIn(isoDate: string, edge: 'start' | 'end', timeZone: string): Date {
  return edge === 'start' ? wallTimeIn(isoDate, 0, timeZone) : wallTimeIn(isoDate, 23, timeZone, 59 * 60_000 + 59_999);
}

/**
 * The instant the zone's clocks read `hour` (plus `extraMs`) on a calendar day: "8 AM the day before" stays
 * 8 AM on either side of a daylight-saving change, where adding 24 hours would not.
 */
export function wallTimeIn(isoDate: string, hour: number, timeZone: string, extraMs = 0): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour) + extraMs;
  // The zone's offset at the guess; asked twice, as the guess may sit across a daylight-saving change.
  let instant = wall;
  for (let step = 0; step < 2; step += 1) instant = wall - (wallClockOf(instant, timeZone) - instant);
  return new Date(instant);
}

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
