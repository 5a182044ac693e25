import { Badge } from '@mantine/core';
import type { EventPaymentStatus } from '@portal/domain/commerce-enums.ts';
import { eventPaymentStatusLabels } from '@portal/domain/payments.ts';
import { eventPaymentStatusColors } from './labels.ts';

/** A payment's status, in dark text on a light tint (the tint's own colour falls below 4.5:1). */
export function EventPaymentStatusBadge({ status }: { status: EventPaymentStatus }) {
  return (
    <Badge miw="max-content" variant="light" color={eventPaymentStatusColors[status]} c="dark">
      {eventPaymentStatusLabels[status]}
    </Badge>
  );
}
