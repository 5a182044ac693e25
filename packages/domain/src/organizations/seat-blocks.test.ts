import { describe, expect, it } from 'vitest';
import {
  seatGiftInput,
  seatMoveRefusal,
  seatReturnInput,
  seatsAheadRefusal,
  seatsLeft,
  type SeatsAheadRefusal,
} from './seat-blocks.ts';

const cart = (overrides: Partial<Parameters<typeof seatsAheadRefusal>[0]>) => ({
  lines: 1,
  lineRefused: false,
  hasCoupon: false,
  totalCents: 10_000,
  balanceCents: 10_000,
  ...overrides,
});

describe('seatsAheadRefusal', () => {
  const cases: [string, Partial<Parameters<typeof seatsAheadRefusal>[0]>, SeatsAheadRefusal | null][] = [
    ['exactly the balance', {}, null],
    ['one cent past the balance', { totalCents: 10_001 }, 'balanceShort'],
    ['a free cart on an empty fund', { totalCents: 0, balanceCents: 0 }, null],
    ['no lines', { lines: 0 }, 'cartEmpty'],
    ['no lines wins over the rest', { lines: 0, hasCoupon: true, totalCents: 99_999 }, 'cartEmpty'],
    ['a line no longer on sale', { lineRefused: true }, 'lineRefused'],
    ['a line refused wins over a coupon', { lineRefused: true, hasCoupon: true }, 'lineRefused'],
    ['a coupon on the cart', { hasCoupon: true }, 'couponOnCart'],
    ['a coupon wins over a short balance', { hasCoupon: true, balanceCents: 0 }, 'couponOnCart'],
  ];
  it.each(cases)('%s', (_name, overrides, expected) => {
    expect(seatsAheadRefusal(cart(overrides))).toBe(expected);
  });
});

describe('seatsLeft and seatMoveRefusal', () => {
  const cases: [string, { seats: number; seatsGiven: number; seatsReturned: number }, number, number][] = [
    ['none moved yet', { seats: 5, seatsGiven: 0, seatsReturned: 0 }, 5, 5],
    ['some given, some returned', { seats: 5, seatsGiven: 2, seatsReturned: 1 }, 2, 2],
    ['all moved', { seats: 5, seatsGiven: 3, seatsReturned: 2 }, 0, 0],
  ];
  it.each(cases)('%s', (_name, block, left, most) => {
    expect(seatsLeft(block)).toBe(left);
    if (most > 0) expect(seatMoveRefusal(block, most)).toBeNull();
    expect(seatMoveRefusal(block, most + 1)).toBe('tooMany');
  });
});

describe('seat gift and return inputs', () => {
  const school = '3f1c8f8e-4f61-4a53-9a4a-0c5a7f0c9b11';
  const cases: [string, unknown, boolean][] = [
    ['one seat', { organizationId: school, seats: 1 }, true],
    ['a hundred seats', { organizationId: school, seats: 100 }, true],
    ['a hundred and one', { organizationId: school, seats: 101 }, false],
    ['no seat', { organizationId: school, seats: 0 }, false],
    ['half a seat', { organizationId: school, seats: 1.5 }, false],
    ['no school', { seats: 1 }, false],
    ['not a school id', { organizationId: 'lincoln', seats: 1 }, false],
  ];
  it.each(cases)('gift: %s', (_name, body, valid) => {
    expect(seatGiftInput.safeParse(body).success).toBe(valid);
  });
  it.each([
    [1, true],
    [0, false],
    [-2, false],
  ])('return of %d seats', (seats, valid) => {
    expect(seatReturnInput.safeParse({ seats }).success).toBe(valid);
  });
});
