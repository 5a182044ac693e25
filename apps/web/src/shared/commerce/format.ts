import { formatUsDate } from '@portal/domain/dates.ts';

/** "09/14/2026", or "09/14/2026 – 09/16/2026" for an event over several days. */
export function formatDateRange(startDate: string, endDate: string): string {
  const start = formatUsDate(startDate);
  const end = formatUsDate(endDate);
  return start === end ? start : `${start} – ${end}`;
}
