/**
 * A worker's whole work (started by main.tsx): build the date and money formatters the pages use, then end.
 * Chromium's ICU loads its locale data once for the whole process and keeps it, so a page's own first
 * Intl.DateTimeFormat or NumberFormat then costs a fraction of a millisecond. Built first on the main thread, they
 * took 20–50 ms of one task (four times that on Lighthouse's slowed phone), inside the render of the first screen
 * that shows a date or a price (docs/decisions/0234-main-thread-after-first-paint.md).
 */
import { calendarDateIn, defaultTimeZone, formatMoment, wallTimeIn } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';

const now = new Date();
formatMoment(now, defaultTimeZone);
calendarDateIn(now, defaultTimeZone);
wallTimeIn('2027-01-15', 8, defaultTimeZone);
formatCents(0);
close();
