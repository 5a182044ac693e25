import { describe, expect, it } from 'vitest';
import {
  buyerMayCancel,
  cancellationDecisionInput,
  cancellationPolicyText,
  creditNoteFileName,
  creditNoteNumberLabel,
  refundFor,
  refundMessages,
  staffCancelInput,
  staffRefundAmount,
  type CancellationPolicy,
  type RefundInput,
} from './refunds.ts';
import { cancellationPolicy } from './cancellation-policy.ts';

const policy = (fields: Partial<CancellationPolicy> = {}): CancellationPolicy => ({
  buyerCancelDaysBefore: 7,
  feeType: 'NONE',
  feeValue: 0,
  purchaseOrderRefund: 'CREDIT_NOTE',
  ...fields,
});

describe('buyerMayCancel (an event on 2026-12-10)', () => {
  it.each([
    ['7 days: on day N exactly (the 3rd)', 7, '2026-12-03', true],
    ['7 days: the day after day N (the 4th)', 7, '2026-12-04', false],
    ['7 days: well before', 7, '2026-11-01', true],
    ['0 days: on the day it starts', 0, '2026-12-10', true],
    ['0 days: after it started', 0, '2026-12-11', false],
    ['no self-cancellation', null, '2026-01-01', false],
  ])('%s', (_, days, today, allowed) => {
    expect(buyerMayCancel(policy({ buyerCancelDaysBefore: days }), '2026-12-10', today)).toBe(allowed);
  });
});

describe('cancellationPolicy', () => {
  it.each([
    [{ feeType: 'PERCENT', feeValue: 101 }, 'A percentage is at most 100'],
    [{ feeType: 'NONE', feeValue: 5 }, 'No fee: leave it at 0'],
    [{ feeType: 'FIXED', feeValue: -1 }, 'Must be 0 or more'],
    [{ feeType: 'FIXED', feeValue: 2_147_483_648 }, 'This amount is too large'],
    [{ buyerCancelDaysBefore: 1.5 }, 'Whole days only'],
  ])('refuses %j', (fields, message) => {
    const parsed = cancellationPolicy.safeParse({ ...policy(), ...fields });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('accepts a fixed fee larger than any price and a 100 % fee', () => {
    expect(cancellationPolicy.safeParse(policy({ feeType: 'FIXED', feeValue: 1_000_000 })).success).toBe(true);
    expect(cancellationPolicy.safeParse(policy({ feeType: 'PERCENT', feeValue: 100 })).success).toBe(true);
    expect(cancellationPolicy.safeParse(policy({ feeType: 'FIXED', feeValue: 2_147_483_647 })).success).toBe(true);
  });
});

describe('cancellationPolicyText', () => {
  it.each([
    [
      policy(),
      'Cancellation: tickets can be cancelled until 7 days before the event starts for a refund of what was paid. Purchase-order payments are refunded by a credit note settled by the finance office.',
    ],
    [
      policy({ buyerCancelDaysBefore: 1, feeType: 'FIXED', feeValue: 2500, purchaseOrderRefund: 'REQUEST' }),
      'Cancellation: tickets can be cancelled until 1 day before the event starts for a refund of what was paid, less a fee of $25.00 per ticket. Purchase-order payments are refunded on request only.',
    ],
    [
      policy({ buyerCancelDaysBefore: 0, feeType: 'PERCENT', feeValue: 10 }),
      'Cancellation: tickets can be cancelled until the day the event starts for a refund of what was paid, less a fee of 10% per ticket. Purchase-order payments are refunded by a credit note settled by the finance office.',
    ],
    [
      policy({ buyerCancelDaysBefore: null }),
      'Cancellation: tickets cannot be cancelled online; you can request a cancellation, which staff review.',
    ],
  ])('%j', (given, text) => {
    expect(cancellationPolicyText(given)).toBe(text);
  });
});

const threeTickets = (fields: Partial<RefundInput> = {}): RefundInput => ({
  subtotalCents: 30_000,
  discountCents: 0,
  totalCents: 30_000,
  cancelledBeforeCents: 0,
  refundedCents: 0,
  lines: [{ unitPriceCents: 10_000, quantity: 1, policy: policy() }],
  feeApplies: true,
  ...fields,
});

describe('refundFor', () => {
  it.each<[string, Partial<RefundInput>, { paidCents: number; feeCents: number; refundCents: number }]>([
    ['one of three, no coupon, no fee', {}, { paidCents: 10_000, feeCents: 0, refundCents: 10_000 }],
    [
      'a fixed fee',
      { lines: [{ unitPriceCents: 10_000, quantity: 2, policy: policy({ feeType: 'FIXED', feeValue: 1500 }) }] },
      { paidCents: 20_000, feeCents: 3000, refundCents: 17_000 },
    ],
    [
      'a fee larger than the price: nothing back, never below 0',
      { lines: [{ unitPriceCents: 10_000, quantity: 1, policy: policy({ feeType: 'FIXED', feeValue: 50_000 }) }] },
      { paidCents: 10_000, feeCents: 50_000, refundCents: 0 },
    ],
    [
      'a percent fee, rounded half up',
      { lines: [{ unitPriceCents: 10_000, quantity: 1, policy: policy({ feeType: 'PERCENT', feeValue: 15 }) }] },
      { paidCents: 10_000, feeCents: 1500, refundCents: 8500 },
    ],
    [
      'a $30 coupon pro-rated: a third of it',
      { discountCents: 3000, totalCents: 27_000 },
      { paidCents: 9000, feeCents: 0, refundCents: 9000 },
    ],
    [
      'a 100 % coupon: nothing was paid, nothing back',
      { discountCents: 30_000, totalCents: 0 },
      { paidCents: 0, feeCents: 0, refundCents: 0 },
    ],
    [
      'a percent fee on what was paid after the coupon',
      {
        discountCents: 3000,
        totalCents: 27_000,
        lines: [{ unitPriceCents: 10_000, quantity: 1, policy: policy({ feeType: 'PERCENT', feeValue: 10 }) }],
      },
      { paidCents: 9000, feeCents: 900, refundCents: 8100 },
    ],
    [
      'staff waive the fee',
      {
        feeApplies: false,
        lines: [{ unitPriceCents: 10_000, quantity: 1, policy: policy({ feeType: 'FIXED', feeValue: 2000 }) }],
      },
      { paidCents: 10_000, feeCents: 0, refundCents: 10_000 },
    ],
    [
      'never more than is left refundable',
      { refundedCents: 25_000 },
      { paidCents: 10_000, feeCents: 0, refundCents: 5000 },
    ],
    ['nothing left at all', { refundedCents: 30_000 }, { paidCents: 10_000, feeCents: 0, refundCents: 0 }],
  ])('%s', (_, fields, expected) => {
    expect(refundFor(threeTickets(fields))).toMatchObject(expected);
  });

  it('partial after partial gives back exactly the total, cent for cent, with an odd coupon', () => {
    const base = { subtotalCents: 30_000, discountCents: 1001, totalCents: 28_999 };
    const line = { unitPriceCents: 10_000, quantity: 1, policy: policy() };
    let refunded = 0;
    const amounts: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { refundCents } = refundFor({
        ...base,
        cancelledBeforeCents: i * 10_000,
        refundedCents: refunded,
        lines: [line],
        feeApplies: true,
      });
      amounts.push(refundCents);
      refunded += refundCents;
    }
    expect(amounts).toEqual([9666, 9667, 9666]);
    expect(refunded).toBe(28_999);
  });

  it('a free payment (subtotal 0) gives nothing back', () => {
    expect(
      refundFor(
        threeTickets({
          subtotalCents: 0,
          totalCents: 0,
          lines: [{ unitPriceCents: 0, quantity: 2, policy: policy() }],
        }),
      ),
    ).toEqual({ faceCents: 0, paidCents: 0, feeCents: 0, refundCents: 0 });
  });
});

describe('staffRefundAmount', () => {
  it.each([
    [{ refund: 'FULL' } as const, 9000, 20_000, 9000],
    [{ refund: 'FULL' } as const, 9000, 5000, 5000],
    [{ refund: 'NONE' } as const, 9000, 20_000, 0],
    [{ refund: 'PARTIAL', amountCents: 5000 } as const, 9000, 5000, 5000],
    [{ refund: 'PARTIAL', amountCents: 5001 } as const, 9000, 5000, 'tooMuch'],
  ])('%j paid %i left %i', (choice, paid, left, expected) => {
    expect(staffRefundAmount(choice, paid, left)).toBe(expected);
  });
});

describe('credit note numbers', () => {
  it('pads to six digits as receipts do', () => {
    expect(creditNoteNumberLabel(1)).toBe('C-000001');
    expect(creditNoteNumberLabel(1_234_567)).toBe('C-1234567');
    expect(creditNoteFileName(42)).toBe('credit-note-C-000042.pdf');
  });
});

describe('staffCancelInput', () => {
  const item = { itemId: '00000000-0000-4000-8000-000000000001', ticketIds: [], unassigned: 1 };
  it.each([
    ['a full refund with a reason, every ticket left', { refund: 'FULL', reason: 'Event moved' }, true],
    [
      'a partial refund of chosen tickets',
      { refund: 'PARTIAL', amountCents: 500, reason: 'Goodwill', items: [item] },
      true,
    ],
    ['no refund, with a reason', { refund: 'NONE', reason: 'No-show' }, true],
    ['no reason', { refund: 'FULL' }, false],
    ['a blank reason', { refund: 'FULL', reason: '   ' }, false],
    ['a partial refund of 0', { refund: 'PARTIAL', amountCents: 0, reason: 'x' }, false],
    ['an empty choice of tickets', { refund: 'FULL', reason: 'x', items: [] }, false],
  ])('%s', (_, input, valid) => {
    expect(staffCancelInput.safeParse(input).success).toBe(valid);
  });
});

describe('cancellationDecisionInput', () => {
  it.each([
    [{ decision: 'DECLINE', reason: 'The day is in two days' }, true],
    [{ decision: 'DECLINE' }, false],
    [{ decision: 'DECLINE', reason: ' ' }, false],
    [{ decision: 'APPROVE', refund: { refund: 'NONE' } }, true],
  ])('%j', (input, valid) => {
    expect(cancellationDecisionInput.safeParse(input).success).toBe(valid);
  });
});

describe('refundMessages.staffCancelledLine', () => {
  it.each([
    [
      1,
      10_000,
      'Our staff cancelled 1 ticket of your event payment and refunded $100.00; the credit note follows in a separate mail.',
    ],
    [2, 0, 'Our staff cancelled 2 tickets of your event payment without a refund.'],
  ])('%i tickets, %i cents', (tickets, cents, text) => {
    expect(refundMessages.staffCancelledLine(tickets, cents)).toBe(text);
  });
});
