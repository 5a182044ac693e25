import { describe, expect, it } from 'vitest';
import { couponDiscount, orderTotals, type Coupon } from './pricing.ts';

const fixed = (cents: number): Coupon => ({
  code: 'F',
  type: 'FIXED',
  discountAmount: cents,
  discountPercentage: null,
});
const percent = (pct: number): Coupon => ({
  code: 'P',
  type: 'PERCENTAGE',
  discountAmount: null,
  discountPercentage: pct,
});

describe('couponDiscount', () => {
  it.each([
    ['no coupon', 10_000, null, 0],
    ['fixed below the subtotal', 10_000, fixed(2_500), 2_500],
    ['fixed equal to the subtotal', 10_000, fixed(10_000), 10_000],
    ['fixed above the subtotal is capped', 10_000, fixed(10_001), 10_000],
    ['fixed on an empty order', 0, fixed(500), 0],
    ['0 %', 10_000, percent(0), 0],
    ['1 %', 10_000, percent(1), 100],
    ['100 %', 10_000, percent(100), 10_000],
    ['over 100 % is capped', 10_000, percent(101), 10_000],
    ['rounds half up to the cent', 333, percent(50), 167],
    ['rounds down below half', 333, percent(10), 33],
    ['rounds 12.5 cents up', 125, percent(10), 13],
    ['rounds 12.4 cents down', 124, percent(10), 12],
    ['a fixed coupon larger than a one-cent order', 1, fixed(2_500), 1],
    ['a negative fixed amount takes nothing', 10_000, fixed(-100), 0],
  ])('%s', (_, subtotal, coupon, expected) => {
    expect(couponDiscount(subtotal, coupon)).toBe(expected);
  });
});

describe('orderTotals', () => {
  it('adds the lines, then takes the coupon off the whole order', () => {
    const lines = [
      { numberOfTickets: 3, price: 12_500 },
      { numberOfTickets: 1, price: 0 },
      { numberOfTickets: 2, price: 4_999 },
    ];
    expect(orderTotals(lines, null)).toEqual({ subtotal: 47_498, discount: 0, total: 47_498 });
    expect(orderTotals(lines, percent(10))).toEqual({ subtotal: 47_498, discount: 4_750, total: 42_748 });
    expect(orderTotals(lines, fixed(50_000))).toEqual({ subtotal: 47_498, discount: 47_498, total: 0 });
  });

  it('never goes below zero with a FIXED coupon larger than the subtotal', () => {
    expect(orderTotals([{ numberOfTickets: 1, price: 8_900 }], fixed(10_000))).toEqual({
      subtotal: 8_900,
      discount: 8_900,
      total: 0,
    });
  });

  it('rounds a PERCENTAGE coupon once, on the whole order, not per line', () => {
    const lines = [
      { numberOfTickets: 1, price: 105 },
      { numberOfTickets: 1, price: 105 },
    ];
    // 10 % of each line would be 10.5 → 11 + 11 = 22; of the order it is 21.
    expect(orderTotals(lines, percent(10))).toEqual({ subtotal: 210, discount: 21, total: 189 });
  });

  it('prices an empty cart at zero', () => {
    expect(orderTotals([], fixed(100))).toEqual({ subtotal: 0, discount: 0, total: 0 });
  });
});
