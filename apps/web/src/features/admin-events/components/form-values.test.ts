import { describe, expect, it } from 'vitest';
import { staffEventMessages } from '@portal/domain/events/admin-contracts.ts';
import { couponBodyOf, couponValuesOf, emptyCouponValues, validateCoupon } from './coupon-values.ts';
import { capacityFromText, validateGrouping, validatePath } from './form-values.ts';
import { priceToText } from './text-values.ts';

describe('staff form values', () => {
  it('reads a capacity: empty is unlimited, anything but a whole number is refused', () => {
    expect(capacityFromText('')).toBeNull();
    expect(capacityFromText(' 40 ')).toBe(40);
    expect(capacityFromText('4.5')).toBe(0);
    expect(validateGrouping({ name: 'Morning', maxTickets: '0', position: '0' })).toEqual({
      maxTickets: staffEventMessages.capacityInvalid,
    });
    expect(validateGrouping({ name: 'Morning', maxTickets: '', position: '-1' }).position).toBeDefined();
  });

  it('shows cents as dollars to edit', () => {
    expect(priceToText(14900)).toBe('149.00');
    expect(priceToText(120000)).toBe('1200.00');
    expect(priceToText(5)).toBe('0.05');
  });

  it('asks a path for a ranked amount from 1 to 20', () => {
    const path = {
      name: 'first-year',
      level: 'FIRST_YEAR' as const,
      applicationSelectionLevel: 'SECTIONS' as const,
      requireRankedSelection: true,
      rankedSelectionAmount: '21',
      position: '0',
    };
    expect(validatePath(path)).toEqual({ rankedSelectionAmount: 'Enter a whole number from 1 to 20' });
    expect(validatePath({ ...path, rankedSelectionAmount: '3' })).toEqual({});
  });

  it("makes a coupon valid from the start of its first day to the end of its last, in the provider's zone", () => {
    const values = {
      ...emptyCouponValues,
      code: 'fall',
      amount: '25',
      validFrom: '09/01/2026',
      validUntil: '09/30/2026',
    };
    expect(validateCoupon(values, 'America/New_York')).toEqual({});
    const body = couponBodyOf(values, 'America/New_York');
    expect(body.code).toBe('FALL');
    expect(body.discountAmount).toBe(2500);
    expect(body.validFrom).toBe('2026-09-01T04:00:00.000Z');
    expect(body.validUntil).toBe('2026-10-01T03:59:59.999Z');
    // And back again for editing.
    expect(couponValuesOf({ ...body, discountPercentage: null, type: 'FIXED' }, 'America/New_York')).toMatchObject({
      validFrom: '09/01/2026',
      validUntil: '09/30/2026',
      amount: '25.00',
    });
  });

  it('refuses a coupon date that is not MM/DD/YYYY', () => {
    expect(
      validateCoupon(
        {
          ...emptyCouponValues,
          code: 'X',
          amount: '1',
          validFrom: '2026-09-01',
          validUntil: '02/30/2026',
        },
        'America/New_York',
      ),
    ).toEqual({
      validFrom: staffEventMessages.dateInvalid,
      validUntil: staffEventMessages.dateInvalid,
    });
  });
});
