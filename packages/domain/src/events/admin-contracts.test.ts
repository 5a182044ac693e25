import { describe, expect, it } from 'vitest';
import {
  couponInput,
  groupingInput,
  sectionInput,
  staffEventInput,
  staffEventMessages,
  ticketTypeInput,
  type CouponInput,
} from './admin-contracts.ts';
import { gradeBandMessages } from './grade-bands.ts';

function issueOn(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

const coupon: CouponInput = {
  code: 'save25',
  type: 'FIXED',
  discountAmount: 2_500,
  discountPercentage: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  eventId: null,
  active: true,
};

describe('couponInput', () => {
  it('stores the code upper-case', () => {
    expect(couponInput.parse(coupon).code).toBe('SAVE25');
  });

  it.each([
    [0, staffEventMessages.couponAmountInvalid],
    [-100, staffEventMessages.couponAmountInvalid],
    [null, staffEventMessages.couponAmountInvalid],
    [1, undefined],
    [100_000, undefined],
  ])('FIXED discountAmount %s → %s', (discountAmount, message) => {
    expect(issueOn(couponInput.safeParse({ ...coupon, type: 'FIXED', discountAmount }), 'discountAmount')).toBe(
      message,
    );
  });

  it.each([
    [0, staffEventMessages.couponPercentInvalid],
    [1, undefined],
    [100, undefined],
    [101, staffEventMessages.couponPercentInvalid],
    [null, staffEventMessages.couponPercentInvalid],
  ])('PERCENTAGE discountPercentage %s → %s', (discountPercentage, message) => {
    const result = couponInput.safeParse({ ...coupon, type: 'PERCENTAGE', discountAmount: null, discountPercentage });
    expect(issueOn(result, 'discountPercentage')).toBe(message);
  });

  it('checks only the discount of its own type', () => {
    expect(
      couponInput.safeParse({ ...coupon, type: 'PERCENTAGE', discountAmount: 0, discountPercentage: 10 }).success,
    ).toBe(true);
    expect(
      couponInput.safeParse({ ...coupon, type: 'FIXED', discountAmount: 500, discountPercentage: 101 }).success,
    ).toBe(true);
  });

  it.each([
    ['', 'Code is required'],
    ['save 25', 'Letters, digits, - and _ only'],
    ['SAVE-25_a', undefined],
  ])('code %j → %s', (code, message) => {
    expect(issueOn(couponInput.safeParse({ ...coupon, code }), 'code')).toBe(message);
  });

  it.each([
    ['2027-01-31T00:00:00Z', '2027-01-01T00:00:00Z', staffEventMessages.couponValidityOrder],
    ['2027-01-01T00:00:00Z', '2027-01-01T00:00:00Z', undefined],
    ['2027-01-01T00:00:00-05:00', '2027-01-01T04:00:00Z', staffEventMessages.couponValidityOrder],
    ['2027-01-01T00:00:00Z', null, undefined],
  ])('valid from %s until %s → %s', (validFrom, validUntil, message) => {
    expect(issueOn(couponInput.safeParse({ ...coupon, validFrom, validUntil }), 'validUntil')).toBe(message);
  });

  it.each([
    [0, false],
    [1, true],
    [null, true],
  ])('maxUses %s valid: %s', (maxUses, ok) => {
    expect(couponInput.safeParse({ ...coupon, maxUses }).success).toBe(ok);
  });
});

const event = {
  name: 'Fall Leadership Conference Day',
  kind: 'CONFERENCE_DAY',
  eventType: null,
  eventSubtype: null,
  description: '',
  gradeBands: [],
  locationName: null,
  startDate: '2027-03-10',
  endDate: '2027-03-10',
  daysBeforePurchaseClose: 14,
  maxTickets: null,
  published: true,
};

describe('staffEventInput', () => {
  it.each([
    [[], undefined],
    [['PK-2', '3-5'], undefined],
    [['LEADERS'], undefined],
    [['K-2'], gradeBandMessages.unknown],
    [['6-8', 'adults'], gradeBandMessages.unknown],
    [['PK-2', '3-5', '6-8', '9-12', 'LEADERS', 'PK-2'], 'Each grade band once'],
  ])('grade bands %j: %s', (gradeBands, message) => {
    const issue = staffEventInput.safeParse({ ...event, gradeBands }).error?.issues[0];
    expect(issue?.message).toBe(message);
    if (issue) expect(issue.path[0]).toBe('gradeBands');
  });

  it.each([
    ['2027-03-10', '2027-03-09', staffEventMessages.endBeforeStart],
    ['2027-03-10', '2027-03-10', undefined],
    ['2027-03-10', '2027-03-11', undefined],
    ['2027-12-31', '2028-01-01', undefined],
  ])('start %s, end %s → %s', (startDate, endDate, message) => {
    expect(issueOn(staffEventInput.safeParse({ ...event, startDate, endDate }), 'endDate')).toBe(message);
  });

  it('wants ISO dates on the wire', () => {
    expect(issueOn(staffEventInput.safeParse({ ...event, startDate: '03/10/2027' }), 'startDate')).toBe(
      staffEventMessages.dateInvalid,
    );
  });

  it.each([
    [0, staffEventMessages.capacityInvalid],
    [1, undefined],
    [1.5, staffEventMessages.capacityInvalid],
    [null, undefined],
  ])('maxTickets %s → %s', (maxTickets, message) => {
    expect(issueOn(staffEventInput.safeParse({ ...event, maxTickets }), 'maxTickets')).toBe(message);
    expect(issueOn(sectionInput.safeParse({ ...section, maxTickets }), 'maxTickets')).toBe(message);
    expect(issueOn(groupingInput.safeParse({ name: 'Morning', maxTickets, position: 0 }), 'maxTickets')).toBe(message);
  });

  it.each([
    [-1, staffEventMessages.daysInvalid],
    [0, undefined],
    [365, undefined],
  ])('daysBeforePurchaseClose %s → %s', (daysBeforePurchaseClose, message) => {
    expect(issueOn(staffEventInput.safeParse({ ...event, daysBeforePurchaseClose }), 'daysBeforePurchaseClose')).toBe(
      message,
    );
  });

  it('needs a name', () => {
    expect(issueOn(staffEventInput.safeParse({ ...event, name: '  ' }), 'name')).toBe(staffEventMessages.nameRequired);
  });
});

const section = {
  title: 'Coaching Writing',
  dates: ['2027-03-10'],
  locationName: null,
  audienceType: [],
  description: '',
  isFree: false,
  maxTickets: 40,
  position: 0,
};

describe('ticketTypeInput', () => {
  it.each([
    [-1, staffEventMessages.priceInvalid],
    [0, undefined],
    [14_900, undefined],
    [149.5, staffEventMessages.priceInvalid],
  ])('priceCents %s → %s', (priceCents, message) => {
    expect(issueOn(ticketTypeInput.safeParse({ name: 'Conference day', priceCents }), 'priceCents')).toBe(message);
  });
});

describe('capacityBelowSold', () => {
  it('names the tickets already taken', () => {
    expect(staffEventMessages.capacityBelowSold(7)).toBe(
      'Capacity cannot be below the 7 tickets already sold or held.',
    );
  });
});
