import type { ApplicationPaymentStatus, ApplicationStatus } from '@portal/domain/applications/rules.ts';
import { applicationPaymentLabels } from '@portal/domain/applications/rules.ts';

/**
 * An applicant pays only once accepted (a voided application may have been accepted and paid
 * before), so before that the payment status is only §4's default and would read as a debt.
 */
export function paymentStatusText(status: ApplicationStatus, paymentStatus: ApplicationPaymentStatus): string {
  return status === 'ACCEPTED' || status === 'VOIDED' ? applicationPaymentLabels[paymentStatus] : '—';
}

export const paymentMethodLabels: Record<'CARD' | 'PURCHASE_ORDER', string> = {
  CARD: 'Credit card',
  PURCHASE_ORDER: 'Purchase order',
};

const localDate = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
const localMoment = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment (ISO date-time) as the calendar day it was here: MM/DD/YYYY. */
export function formatMomentDate(iso: string): string {
  return localDate.format(new Date(iso));
}

/** A moment with its time of day, for the history. */
export function formatMoment(iso: string): string {
  return localMoment.format(new Date(iso));
}

/** An audit action ("event-application.changes-requested") as staff read it: "Changes requested". */
export function historyActionLabel(action: string): string {
  const last = action.split('.').at(-1) ?? action;
  const words = last.replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : action;
}
