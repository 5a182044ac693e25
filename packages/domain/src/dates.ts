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

export function formatUsDate(iso: string): string {
  const [yyyy, mm, dd] = iso.slice(0, 10).split('-');
  return `${mm}/${dd}/${yyyy}`;
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
