import { describe, expect, it } from 'vitest';
import type { Coupon } from '../commerce/pricing.ts';
import {
  attendeeProblems,
  deductFreeSeats,
  freeSeatsFor,
  groupPrice,
  groupRegistrationSettingsInput,
  hasAttendeeProblems,
  registrationRequestMessages as m,
  requestAbilities,
  requestOrganization,
  requestPartsRefusal,
  seatsRequested,
  type GroupOffer,
} from './requests.ts';

const offer = (
  paidSeatsRequiredForOffer: number | null,
  freeSeatsInOffer: number | null,
  attendeeCost = 10_000,
): GroupOffer => ({
  attendeeCost,
  paidSeatsRequiredForOffer,
  freeSeatsInOffer,
});

describe('freeSeatsFor (§9: free once seats exceed paidSeatsRequiredForOffer, up to freeSeatsInOffer)', () => {
  it.each([
    ['no offer', 50, offer(null, null), 0],
    ['an offer of 0 free seats', 50, offer(10, 0), 0],
    ['one seat', 1, offer(10, 2), 0],
    ['below the threshold', 9, offer(10, 2), 0],
    ['at the threshold', 10, offer(10, 2), 0],
    ['threshold + 1', 11, offer(10, 2), 1],
    ['threshold + the offer', 12, offer(10, 2), 2],
    ['past the offer: capped', 13, offer(10, 2), 2],
    ['the most seats', 100, offer(10, 2), 2],
    ['threshold 1: the second seat is free', 2, offer(1, 1), 1],
  ])('%s', (_, seats, terms, expected) => {
    expect(freeSeatsFor(seats, terms)).toBe(expected);
  });
});

describe('deductFreeSeats (from the last sections first)', () => {
  it.each([
    ['none free', [3, 2], 0, [0, 0]],
    ['fewer than the last line', [3, 2], 1, [0, 1]],
    ['exactly the last line', [3, 2], 2, [0, 2]],
    ['spills into the line before', [3, 2], 3, [1, 2]],
    ['every seat', [3, 2], 5, [3, 2]],
    ['more than there are seats', [3, 2], 9, [3, 2]],
    ['skips an empty last line', [3, 0], 2, [2, 0]],
    ['one seat per line (a request in seat order)', [1, 1, 1, 1], 2, [0, 0, 1, 1]],
    ['no lines', [], 2, []],
  ])('%s', (_, lines, free, expected) => {
    expect(deductFreeSeats(lines, free)).toEqual(expected);
  });
});

describe('groupPrice', () => {
  const tenOff: Coupon = { code: 'TEN', type: 'PERCENTAGE', discountAmount: null, discountPercentage: 10 };
  it('is seats times attendeeCost without an offer', () => {
    expect(groupPrice(3, offer(null, null, 12_500), null)).toEqual({
      seats: 3,
      freeSeats: 0,
      grossTotal: 37_500,
      offerDiscount: 0,
      subtotal: 37_500,
      couponDiscount: 0,
      total: 37_500,
    });
  });
  it('takes the free seats off, then the coupon off what is left', () => {
    expect(groupPrice(12, offer(10, 2), tenOff)).toEqual({
      seats: 12,
      freeSeats: 2,
      grossTotal: 120_000,
      offerDiscount: 20_000,
      subtotal: 100_000,
      couponDiscount: 10_000,
      total: 90_000,
    });
  });
  it('a fixed coupon never takes more than the paid seats cost', () => {
    const fixed: Coupon = { code: 'BIG', type: 'FIXED', discountAmount: 1_000_000, discountPercentage: null };
    expect(groupPrice(2, offer(1, 1), fixed)).toMatchObject({ subtotal: 10_000, couponDiscount: 10_000, total: 0 });
  });
  it('a free event costs nothing', () => {
    expect(groupPrice(5, offer(2, 2, 0), null)).toMatchObject({ freeSeats: 2, total: 0 });
  });
});

describe('seatsRequested (§5: min 1, max 100)', () => {
  it.each([
    [0, false],
    [1, true],
    [100, true],
    [101, false],
    [2.5, false],
  ])('%s seats', (seats, ok) => {
    const parsed = seatsRequested.safeParse(seats);
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(m.seatsRange);
  });
});

describe('attendeeProblems (§5)', () => {
  it.each([
    ['every seat filled', ['a@example.org', 'b@example.org'], null, {}],
    ['an empty seat', ['a@example.org', ''], m.fillAllSeats, {}],
    ['a blank seat counts as empty', ['  ', 'b@example.org'], m.fillAllSeats, {}],
    ['not an email', ['a@example.org', 'not-an-email'], null, { 1: m.emailInvalid }],
    [
      'the same email twice, ignoring case and spaces',
      ['a@example.org', ' A@Example.org '],
      null,
      { 1: m.emailDuplicate },
    ],
    [
      'both at once',
      ['bad', '', 'c@example.org', 'c@example.org'],
      m.fillAllSeats,
      { 0: m.emailInvalid, 3: m.emailDuplicate },
    ],
  ])('%s', (_, emails, form, seats) => {
    const problems = attendeeProblems(emails);
    expect(problems).toEqual({ form, seats });
    expect(hasAttendeeProblems(problems)).toBe(form !== null || Object.keys(seats).length > 0);
  });
});

describe('requestAbilities', () => {
  it.each([
    [
      'open, not paid',
      'OPEN',
      null,
      { changeSeats: true, changeCoupon: true, pay: true, assignAttendees: true, cancel: true },
    ],
    [
      'open, card pending',
      'OPEN',
      'PENDING',
      { changeSeats: true, changeCoupon: true, pay: true, assignAttendees: true, cancel: true },
    ],
    [
      'purchase order under review',
      'OPEN',
      'PO_SUBMITTED',
      { changeSeats: false, changeCoupon: false, pay: false, assignAttendees: true, cancel: true },
    ],
    [
      'paid',
      'OPEN',
      'PAID',
      { changeSeats: false, changeCoupon: false, pay: false, assignAttendees: true, cancel: true },
    ],
    [
      'cancelled',
      'CANCELLED',
      'REFUND_NEEDED',
      { changeSeats: false, changeCoupon: false, pay: false, assignAttendees: false, cancel: false },
    ],
  ] as const)('%s', (_, status, paymentStatus, expected) => {
    expect(requestAbilities({ status, paymentStatus })).toEqual(expected);
  });
});

describe('groupRegistrationSettingsInput', () => {
  it.each([
    ['no offer', { open: true, attendeeCost: 0, paidSeatsRequiredForOffer: null, freeSeatsInOffer: null }, true],
    ['an offer', { open: true, attendeeCost: 12_500, paidSeatsRequiredForOffer: 10, freeSeatsInOffer: 2 }, true],
    [
      'half an offer',
      { open: true, attendeeCost: 12_500, paidSeatsRequiredForOffer: 10, freeSeatsInOffer: null },
      false,
    ],
    [
      'a negative cost',
      { open: true, attendeeCost: -1, paidSeatsRequiredForOffer: null, freeSeatsInOffer: null },
      false,
    ],
    ['a threshold of 0', { open: true, attendeeCost: 1, paidSeatsRequiredForOffer: 0, freeSeatsInOffer: 1 }, false],
    [
      'a threshold past 100',
      { open: true, attendeeCost: 1, paidSeatsRequiredForOffer: 101, freeSeatsInOffer: 1 },
      false,
    ],
  ])('%s', (_, input, ok) => {
    expect(groupRegistrationSettingsInput.safeParse(input).success).toBe(ok);
  });
});

describe('requestPartsRefusal (what each path lets a request choose)', () => {
  const sections = (...levels: ('GROUPINGS' | 'SECTIONS')[]) => levels.map((pathLevel) => ({ pathLevel }));
  it.each([
    ['nothing', [], [], null],
    ['sections of a path chosen by section', sections('SECTIONS', 'SECTIONS'), [], null],
    ['groupings of a path chosen by grouping', [], sections('GROUPINGS'), null],
    ['both, each on its own kind of path', sections('SECTIONS'), sections('GROUPINGS'), null],
    ['a section of a path chosen by grouping', sections('SECTIONS', 'GROUPINGS'), [], m.sectionOfGroupingPath],
    ['a grouping of a path chosen by section', [], sections('GROUPINGS', 'SECTIONS'), m.groupingOfSectionPath],
  ] as const)('%s', (_, asked, groupings, expected) => {
    expect(requestPartsRefusal(asked, groupings)).toBe(expected);
  });
});

describe('requestOrganization (whom a request and its payment are for)', () => {
  const a = 'org-a';
  const b = 'org-b';
  it.each<[string, string | null | undefined, string[], ReturnType<typeof requestOrganization>]>([
    ['a member of none, no choice: for no organization', undefined, [], { organizationId: null }],
    ['a member of one, no choice: that one', null, [a], { organizationId: a }],
    ['two memberships of one organization, no choice: that one', undefined, [a, a], { organizationId: a }],
    ['a member of two, no choice: refused', undefined, [a, b], { refusal: 'organizationRequired' }],
    ['a member of two, one chosen', b, [a, b], { organizationId: b }],
    ['an organization the member is not in', b, [a], { refusal: 'organizationNotYours' }],
    ['any choice while a member of none', a, [], { refusal: 'organizationNotYours' }],
  ])('%s', (_name, chosen, memberOf, expected) => {
    expect(requestOrganization(chosen, memberOf)).toEqual(expected);
  });

  it('has a message for each refusal', () => {
    expect(m.organizationRequired).toBe('Choose the organization these seats are for.');
    expect(m.organizationNotYours).toBe('Choose one of your organizations.');
  });
});
