import { describe, expect, it } from 'vitest';
import {
  addCartItem,
  applicationCouponRefusalText,
  applyCoupon,
  couponRefusals,
  cartMessages,
  checkoutOrganization,
  checkoutOrganizationMessages,
  couponGoneMessage,
  couponRefusal,
  maxTicketsPerLine,
  updateCartItem,
  type CouponTerms,
} from './cart.ts';

const eventId = '4b1c1a5e-2f0a-4c1e-9a57-0f3e2b7d9c11';
const ticketTypeId = '9a0c1a5e-2f0a-4c1e-9a57-0f3e2b7d9c22';

describe('ticket quantity per cart line', () => {
  it.each([
    [0, false],
    [1, true],
    [maxTicketsPerLine, true],
    [maxTicketsPerLine + 1, false],
    [2.5, false],
    [-1, false],
  ])('%s tickets → %s', (numberOfTickets, valid) => {
    const add = addCartItem.safeParse({ eventId, ticketTypeId, numberOfTickets });
    const update = updateCartItem.safeParse({ numberOfTickets });
    expect(add.success).toBe(valid);
    expect(update.success).toBe(valid);
    if (!update.success) expect(update.error.issues[0]?.message).toBe(cartMessages.ticketsRange);
  });

  it('is 1 to 100, as the message says', () => {
    expect(maxTicketsPerLine).toBe(100);
    expect(cartMessages.ticketsRange).toBe('Choose between 1 and 100 tickets');
  });
});

describe('applyCoupon', () => {
  it.each([
    ['', cartMessages.couponRequired],
    ['   ', cartMessages.couponRequired],
  ])('refuses %j with "%s"', (code, message) => {
    const parsed = applyCoupon.safeParse({ code });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('keeps the spec texts', () => {
    expect(cartMessages).toMatchObject({
      couponRequired: 'Coupon code is required',
      couponError: 'Error applying coupon code',
      couponApplied: 'Coupon code applied successfully',
    });
  });
});

describe('couponRefusal', () => {
  const now = new Date('2026-11-22T15:00:00Z');
  const terms = (fields: Partial<CouponTerms> = {}): CouponTerms => ({
    active: true,
    validFrom: null,
    validUntil: null,
    maxUses: null,
    timesUsed: 0,
    eventId: null,
    ...fields,
  });
  it.each([
    ['usable', terms(), ['e1'], null],
    ['inactive reads as unknown', terms({ active: false }), ['e1'], 'unknown'],
    ['valid from the next second', terms({ validFrom: new Date(now.getTime() + 1000) }), ['e1'], 'notYetValid'],
    ['valid from now', terms({ validFrom: now }), ['e1'], null],
    ['valid until now', terms({ validUntil: now }), ['e1'], 'expired'],
    ['valid until the next second', terms({ validUntil: new Date(now.getTime() + 1000) }), ['e1'], null],
    ['one use left', terms({ maxUses: 2, timesUsed: 1 }), ['e1'], null],
    ['used up', terms({ maxUses: 2, timesUsed: 2 }), ['e1'], 'usedUp'],
    ['empty cart', terms(), [], 'emptyCart'],
    ['for this event only', terms({ eventId: 'e1' }), ['e1', 'e1'], null],
    ['for another event', terms({ eventId: 'e1' }), ['e1', 'e2'], 'notForTheseEvents'],
  ] as const)('%s', (_, coupon, eventIds, expected) => {
    expect(couponRefusal(coupon, now, eventIds)).toBe(expected);
  });
});

describe('couponGoneMessage', () => {
  it('names the coupon and the new total in dollars, and asks to check out again', () => {
    expect(couponGoneMessage('SAVE25', 14_900)).toBe(
      'The coupon SAVE25 is no longer available. Your new total is $149.00: check out again to confirm it.',
    );
    expect(couponGoneMessage('FREE', 0)).toContain('Your new total is $0.00');
  });
});

describe('checkoutOrganization: which organization a checkout buys for', () => {
  const a = 'org-a';
  const b = 'org-b';
  it.each<[string, string | null | undefined, string[], ReturnType<typeof checkoutOrganization>]>([
    ['administering none, no choice: bought for the buyer alone', undefined, [], { organizationId: null }],
    ['administering one, no choice: that one', null, [a], { organizationId: a }],
    ['administering two, no choice: refused', undefined, [a, b], { refusal: 'required' }],
    ['administering two, one chosen', b, [a, b], { organizationId: b }],
    ['administering one, it chosen', a, [a], { organizationId: a }],
    ['an organization not administered', b, [a], { refusal: 'notYours' }],
    ['any choice while administering none', a, [], { refusal: 'notYours' }],
  ])('%s', (_name, chosen, administered, expected) => {
    expect(checkoutOrganization(chosen, administered)).toEqual(expected);
  });

  it('has a message for each refusal', () => {
    expect(checkoutOrganizationMessages.required).toBe('Choose the organization these tickets are for.');
    expect(checkoutOrganizationMessages.notYours).toBe('Choose one of the organizations you administer.');
  });
});

describe('applicationCouponRefusalText', () => {
  it.each([
    ['notForTheseEvents', 'This coupon is not valid for this event.'],
    ['usedUp', couponRefusals.usedUp],
    ['expired', couponRefusals.expired],
  ] as const)('says %s of an application as %j', (refusal, text) => {
    expect(applicationCouponRefusalText(refusal)).toBe(text);
  });
});
