import type { CancellationPolicy } from '@portal/domain/commerce/refunds.ts';
import { events } from '../db/schema/commerce.ts';

/**
 * An event's cancellation policy (issue 38) as its columns are selected and read back: the cart, the
 * checkout, the event page, the receipt and the cancellation itself read it through these two.
 */
export const eventPolicyColumns = {
  cancelDaysBefore: events.cancelDaysBefore,
  feeType: events.cancellationFeeType,
  feeValue: events.cancellationFeeValue,
  purchaseOrderRefund: events.purchaseOrderRefund,
};

export interface EventPolicyRow {
  cancelDaysBefore: number | null;
  feeType: CancellationPolicy['feeType'];
  feeValue: number;
  purchaseOrderRefund: CancellationPolicy['purchaseOrderRefund'];
}

export const policyOfEvent = (row: EventPolicyRow): CancellationPolicy => ({
  buyerCancelDaysBefore: row.cancelDaysBefore,
  feeType: row.feeType,
  feeValue: row.feeValue,
  purchaseOrderRefund: row.purchaseOrderRefund,
});

/** The columns a policy is written to (the staff event editor). */
export const policyColumnsOf = (policy: CancellationPolicy) => ({
  cancelDaysBefore: policy.buyerCancelDaysBefore,
  cancellationFeeType: policy.feeType,
  cancellationFeeValue: policy.feeValue,
  purchaseOrderRefund: policy.purchaseOrderRefund,
});
