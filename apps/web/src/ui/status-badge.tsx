import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ApplicationPaymentStatus, ApplicationStatus } from '@portal/domain/applications/rules.ts';
import type { EventPaymentStatus, PurchaseOrderStatus } from '@portal/domain/commerce/enums.ts';
import type { PackageStatus } from '@portal/domain/packages/rules.ts';
import { statusToneColors, type StatusTone } from './theme.ts';

/** A payment the buyer still owes (or must upload a purchase order for) waits on them. */
export const eventPaymentTones: Record<EventPaymentStatus, StatusTone> = {
  PENDING: 'action',
  AWAITING_PO: 'action',
  PO_SUBMITTED: 'pending',
  PAID: 'paid',
  CANCELLED: 'cancelled',
  EXPIRED: 'cancelled',
  REFUND_NEEDED: 'action',
  AWAITING_APPROVAL: 'pending',
};

export const applicationPaymentTones: Record<ApplicationPaymentStatus, StatusTone> = {
  PENDING: 'action',
  AWAITING_PO: 'action',
  PO_SUBMITTED: 'pending',
  PAID: 'paid',
  COMPLIMENTARY: 'paid',
  AWAITING_INVOICE: 'pending',
  INVOICED: 'action',
  CANCELLED: 'cancelled',
  REFUND_NEEDED: 'action',
};

/** An application still being written is a fact, not a verdict; changes requested wait on the applicant. */
export const applicationTones: Record<ApplicationStatus, StatusTone> = {
  STARTED: 'neutral',
  SUBMITTED: 'pending',
  CHANGES_REQUESTED: 'action',
  ACCEPTED: 'paid',
  REJECTED: 'cancelled',
  VOIDED: 'cancelled',
  WITHDRAWN: 'cancelled',
};

export const purchaseOrderTones: Record<PurchaseOrderStatus, StatusTone> = {
  SUBMITTED: 'pending',
  APPROVED: 'paid',
  VOIDED: 'cancelled',
};

/** A package request the organization is still filling in waits on it; a submitted one waits on staff. */
export const packageStatusTones: Record<PackageStatus, StatusTone> = {
  NOT_STARTED: 'neutral',
  STARTED: 'action',
  CHANGES_REQUESTED: 'action',
  REOPENED: 'action',
  SUBMITTED: 'pending',
  ACCEPTED: 'paid',
  REJECTED: 'cancelled',
  WITHDRAWN: 'cancelled',
};

interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'variant' | 'c'> {
  tone: StatusTone;
  children: ReactNode;
}

/**
 * A status as a badge whose colour means the same everywhere (ui/theme.ts, statusToneColors): the
 * light variant with dark text, which reads at AA contrast on every tint (green-9 on its light tint
 * is only 3.8:1). The theme keeps its label whole, on one line.
 */
export function StatusBadge({ tone, children, ...props }: StatusBadgeProps) {
  return (
    <Badge variant="light" color={statusToneColors[tone]} c="dark" data-tone={tone} {...props}>
      {children}
    </Badge>
  );
}
