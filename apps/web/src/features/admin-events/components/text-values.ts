import { formatCents } from '@portal/domain/money.ts';

/** Values shown in the staff forms for editing, kept free of zod so the pages that show them stay small. */

/** A capacity for editing: unlimited is an empty field. */
export function capacityToText(maxTickets: number | null): string {
  return maxTickets === null ? '' : String(maxTickets);
}

/** Cents shown for editing: 14900 → "149.00". */
export const priceToText = (cents: number) => formatCents(cents).replace(/[$,]/g, '');
