/** What the staff console's commerce lists (events, coupons, event payments, purchase orders) share. */

export const commercePageSize = 20;

const localDate = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

/** A moment (ISO date-time) as the calendar day it was here: MM/DD/YYYY. */
export function formatMomentDate(iso: string): string {
  return localDate.format(new Date(iso));
}
