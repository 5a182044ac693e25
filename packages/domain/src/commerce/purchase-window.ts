/**
 * Ticket purchase and allocation close daysBeforePurchaseClose days before an event starts: with 3,
 * an event on the 10th is open through the 7th and closed from the 8th. Dates are ISO (YYYY-MM-DD),
 * compared as calendar days so time zones cannot move the boundary.
 */
export function daysUntil(startDate: string, today: string): number {
  const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((day(startDate) - day(today)) / 86_400_000);
}

export function purchaseIsOpen(startDate: string, daysBeforePurchaseClose: number, today: string): boolean {
  return daysUntil(startDate, today) >= daysBeforePurchaseClose;
}

export function purchaseClosedMessage(daysBeforePurchaseClose: number): string {
  return `Ticket allocation closes ${daysBeforePurchaseClose} ${daysBeforePurchaseClose === 1 ? 'day' : 'days'} before the event starts.`;
}

export const instituteDeadlinePassed = 'Ticket allocation is not available because the event deadline has passed.';

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
