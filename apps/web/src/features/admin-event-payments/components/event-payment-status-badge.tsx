import type { EventPaymentStatus } from '@portal/domain/commerce/enums.ts';
import { eventPaymentStatusLabels } from '@portal/domain/commerce/payments.ts';
import { eventPaymentTones, StatusBadge } from '../../../ui/status-badge.tsx';

export function EventPaymentStatusBadge({ status }: { status: EventPaymentStatus }) {
  return <StatusBadge tone={eventPaymentTones[status]}>{eventPaymentStatusLabels[status]}</StatusBadge>;
}
