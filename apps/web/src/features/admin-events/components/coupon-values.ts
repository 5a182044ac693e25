import { schemaResolver } from '@mantine/form';
import { dayEdgeIn, formatMomentDay, parseUsDate } from '@portal/domain/dates.ts';
import { dollarsToCents } from '@portal/domain/money.ts';
import { couponInput, staffEventMessages, type CouponInput } from '@portal/domain/events/admin-contracts.ts';
import { priceToText } from './text-values.ts';

/**
 * The coupon form as typed (amount in dollars, validity as MM/DD/YYYY days) and its conversion to
 * the API's couponInput, validated by that schema.
 */

type Errors = Record<string, string>;

/** A whole number as typed, or `invalid` when the text is not one. */
function wholeNumber(text: string, invalid: number): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : invalid;
}

export interface CouponFormValues {
  code: string;
  type: 'FIXED' | 'PERCENTAGE';
  /** Dollars, for FIXED. */
  amount: string;
  /** Whole percent, for PERCENTAGE. */
  percentage: string;
  /** MM/DD/YYYY: valid from the start of that day. */
  validFrom: string;
  /** MM/DD/YYYY: valid to the end of that day. */
  validUntil: string;
  maxUses: string;
  eventId: string | null;
  active: boolean;
}

export const emptyCouponValues: CouponFormValues = {
  code: '',
  type: 'FIXED',
  amount: '',
  percentage: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  eventId: null,
  active: true,
};

export const couponMaxUsesInvalid = 'Enter a whole number of 1 or more, or leave empty for no limit';

/** A calendar day typed MM/DD/YYYY as the moment it starts (or ends) for the provider, in ISO. */
function momentOf(text: string, edge: 'start' | 'end', timeZone: string): string | null | undefined {
  if (text.trim() === '') return null;
  const iso = parseUsDate(text);
  if (!iso) return undefined;
  return dayEdgeIn(iso, edge, timeZone).toISOString();
}

export function couponValuesOf(
  coupon: {
    code: string;
    type: 'FIXED' | 'PERCENTAGE';
    discountAmount: number | null;
    discountPercentage: number | null;
    validFrom: string | null;
    validUntil: string | null;
    maxUses: number | null;
    eventId: string | null;
    active: boolean;
  },
  timeZone: string,
): CouponFormValues {
  const dayOf = (iso: string | null) => (iso ? formatMomentDay(iso, timeZone) : '');
  return {
    code: coupon.code,
    type: coupon.type,
    amount: coupon.discountAmount === null ? '' : priceToText(coupon.discountAmount),
    percentage: coupon.discountPercentage === null ? '' : String(coupon.discountPercentage),
    validFrom: dayOf(coupon.validFrom),
    validUntil: dayOf(coupon.validUntil),
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    eventId: coupon.eventId,
    active: coupon.active,
  };
}

/** The coupon as the API takes it; `undefined` dates are ones that could not be read. */
function couponCandidate(values: CouponFormValues, timeZone: string) {
  const validFrom = momentOf(values.validFrom, 'start', timeZone);
  const validUntil = momentOf(values.validUntil, 'end', timeZone);
  const input: CouponInput = {
    code: values.code,
    type: values.type,
    discountAmount: values.type === 'FIXED' ? (dollarsToCents(values.amount) ?? 0) : null,
    discountPercentage: values.type === 'PERCENTAGE' ? wholeNumber(values.percentage, 0) : null,
    validFrom: validFrom ?? null,
    validUntil: validUntil ?? null,
    maxUses: values.maxUses.trim() === '' ? null : wholeNumber(values.maxUses, 0),
    eventId: values.eventId,
    active: values.active,
  };
  return { input, badFrom: validFrom === undefined, badUntil: validUntil === undefined };
}

const resolveCoupon = schemaResolver(couponInput, { sync: true });

export function validateCoupon(values: CouponFormValues, timeZone: string): Errors {
  const { input, badFrom, badUntil } = couponCandidate(values, timeZone);
  const errors = resolveCoupon(input) as Errors;
  const result: Errors = {};
  if (errors.code) result.code = errors.code;
  if (errors.discountAmount) result.amount = errors.discountAmount;
  if (errors.discountPercentage) result.percentage = errors.discountPercentage;
  if (errors.maxUses) result.maxUses = couponMaxUsesInvalid;
  if (errors.eventId) result.eventId = staffEventMessages.couponEventUnknown;
  if (badFrom) result.validFrom = staffEventMessages.dateInvalid;
  if (badUntil) result.validUntil = staffEventMessages.dateInvalid;
  else if (errors.validUntil) result.validUntil = errors.validUntil;
  return result;
}

/** The body to send, once validateCoupon found nothing wrong (the schema upper-cases the code). */
export function couponBodyOf(values: CouponFormValues, timeZone: string) {
  return couponInput.parse(couponCandidate(values, timeZone).input);
}

/** The API's field names of a coupon, as the form calls them (for a problem's per-field errors). */
export const couponFieldOf: Record<string, keyof CouponFormValues> = {
  code: 'code',
  discountAmount: 'amount',
  discountPercentage: 'percentage',
  validFrom: 'validFrom',
  validUntil: 'validUntil',
  maxUses: 'maxUses',
  eventId: 'eventId',
  active: 'active',
};
