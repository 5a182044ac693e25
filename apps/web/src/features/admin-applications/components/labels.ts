import type { EventPaymentMethod } from '@portal/domain/commerce/enums.ts';
import type { ApplicationPaymentStatus, ApplicationStatus } from '@portal/domain/applications/rules.ts';
import { applicationPaymentLabels } from '@portal/domain/applications/rules.ts';

/**
 * An applicant pays only once accepted (a voided application may have been accepted and paid
 * before), so before that the payment status is only §4's default and would read as a debt.
 */
export function paymentStatusText(status: ApplicationStatus, paymentStatus: ApplicationPaymentStatus): string {
  return status === 'ACCEPTED' || status === 'VOIDED' ? applicationPaymentLabels[paymentStatus] : '—';
}

export const paymentMethodLabels: Record<EventPaymentMethod, string> = {
  CARD: 'Credit card',
  PURCHASE_ORDER: 'Purchase order',
  DISTRICT_FUNDS: 'District funds',
};

/**
 * An event's payment option as staff read it: its own label, with the method after it only when the
 * label does not already say it ("Credit Card", not "Credit Card (Credit card)").
 */
export function paymentOptionText(option: { label: string; method: 'CARD' | 'PURCHASE_ORDER' }): string {
  const method = paymentMethodLabels[option.method];
  return option.label.trim().toLowerCase() === method.toLowerCase() ? option.label : `${option.label} (${method})`;
}

/** An audit action ("event-application.changes-requested") as staff read it: "Changes requested". */
export function historyActionLabel(action: string): string {
  const last = action.split('.').at(-1) ?? action;
  const words = last.replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : action;
}
