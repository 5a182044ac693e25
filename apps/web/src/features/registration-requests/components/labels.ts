import type { EventPaymentStatus } from '@portal/domain/commerce/enums.ts';
import { eventPaymentStatusLabels } from '@portal/domain/commerce/payments.ts';
import type { RegistrationRequestStatus } from '@portal/domain/registrations/requests.ts';

/** A request before any payment (or after one ended unpaid) waits to be paid: 'Payment Incomplete', as a pending payment. */
export function paymentStatusLabel(status: EventPaymentStatus | null): string {
  return eventPaymentStatusLabels[status ?? 'PENDING'];
}

export const requestStatusLabels: Record<RegistrationRequestStatus, string> = { OPEN: 'Open', CANCELLED: 'Cancelled' };
