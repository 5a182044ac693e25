import type { CouponInput, StaffEventInput } from '@portal/domain/events/admin-contracts.ts';

/**
 * Request bodies the API accepts, shared by the feature tests and the access matrix (which must send
 * a valid body wherever the caller is allowed). Overrides change one field for a test.
 */

export const profileEdit = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'Albany',
  stateProvince: 'NY',
  zipPostal: '12207',
  country: 'United States',
  phone: '5185550100',
  dateOfBirth: '02/29/1988',
  last4SSN: '4321',
  background: 'Math teacher',
};

export const generalInformation = {
  firstName: 'Cora',
  lastName: 'Cruz',
  address1: '1 Main Street',
  city: 'Springfield',
  stateProvince: 'IL',
  zipPostal: '62701',
  country: 'United States',
  phone: '5551234567',
};

export const staffEventForm = (fields: Partial<StaffEventInput> = {}): StaffEventInput => ({
  name: 'Spring Conference Day',
  kind: 'CONFERENCE_DAY',
  eventType: 'Conference',
  eventSubtype: null,
  description: 'A day of sessions.',
  locationName: 'Lincoln High School',
  gradeBands: [],
  startDate: '2027-03-10',
  endDate: '2027-03-10',
  daysBeforePurchaseClose: 14,
  maxTickets: null,
  published: false,
  quotesHoldSeats: false,
  ...fields,
});

export const staffSectionForm = (fields: Record<string, unknown> = {}) => ({
  title: 'Coaching Writing',
  dates: ['2027-03-10'],
  locationName: 'Room 101',
  audienceType: ['Teachers'],
  description: '',
  isFree: false,
  maxTickets: 40,
  position: 0,
  ...fields,
});

export const staffPathForm = {
  name: 'first-year',
  applicationSelectionLevel: 'SECTIONS',
  requireRankedSelection: false,
  rankedSelectionAmount: 1,
  position: 0,
};

export const staffCouponForm = (code: string, fields: Partial<CouponInput> = {}): CouponInput => ({
  code,
  type: 'FIXED',
  discountAmount: 2_500,
  discountPercentage: null,
  validFrom: '2026-11-01T00:00:00.000Z',
  validUntil: '2027-01-31T23:59:59.000Z',
  maxUses: 100,
  eventId: null,
  active: true,
  ...fields,
});
