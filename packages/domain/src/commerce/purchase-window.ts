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
