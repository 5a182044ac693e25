import { z } from 'zod';
import { int4Max } from '../stored-integers.ts';
import { cancellationFeeTypes, maxCancellationDays, purchaseOrderRefundModes } from './refunds.ts';

/**
 * What staff set per event. buyerCancelDaysBefore null: the buyer cannot cancel by herself, only ask.
 * The fee is per cancelled ticket: FIXED cents, or PERCENT of what was paid for it.
 * In a module of its own, so that the web pages that only read refunds load neither this schema nor zod
 * (docs/decisions/0225-route-chunks-after-first-paint.md).
 */
export const cancellationPolicy = z
  .object({
    buyerCancelDaysBefore: z
      .number()
      .int('Whole days only')
      .min(0, 'Must be 0 or more')
      .max(maxCancellationDays, `At most ${maxCancellationDays} days`)
      .nullable(),
    feeType: z.enum(cancellationFeeTypes),
    // Stored as an integer column: past int4 the database would refuse it (a 500) instead of the form.
    feeValue: z.number().int('Whole numbers only').min(0, 'Must be 0 or more').max(int4Max, 'This amount is too large'),
    purchaseOrderRefund: z.enum(purchaseOrderRefundModes),
  })
  .refine((policy) => policy.feeType !== 'PERCENT' || policy.feeValue <= 100, {
    path: ['feeValue'],
    message: 'A percentage is at most 100',
  })
  .refine((policy) => policy.feeType !== 'NONE' || policy.feeValue === 0, {
    path: ['feeValue'],
    message: 'No fee: leave it at 0',
  });
