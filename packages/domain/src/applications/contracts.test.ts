import { describe, expect, it } from 'vitest';
import {
  generalInformation,
  generalInformationMessages,
  questionInput,
  saveSegmentInput,
  staffApplicationMessages,
} from './contracts.ts';

const valid = {
  firstName: 'Tara',
  lastName: 'Thompson',
  address1: '1 Main St',
  city: 'Springfield',
  stateProvince: 'IL',
  zipPostal: '62701',
  phone: '5551234567',
};

const firstMessage = (input: unknown) => {
  const parsed = generalInformation.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('general information (§5)', () => {
  it('defaults the country to United States and blanks to null', () => {
    const parsed = generalInformation.parse({ ...valid, address2: '  ', zipPostal: '' });
    expect(parsed.country).toBe('United States');
    expect(parsed.address2).toBeNull();
    expect(parsed.zipPostal).toBeNull();
  });

  it.each([
    ['firstName', '  ', generalInformationMessages.firstName],
    ['lastName', '', generalInformationMessages.lastName],
    ['address1', '', generalInformationMessages.address],
    ['city', '', generalInformationMessages.city],
    ['stateProvince', '', generalInformationMessages.stateProvince],
    ['country', ' ', generalInformationMessages.country],
    ['zipPostal', '12345678901', generalInformationMessages.zipPostal],
    ['phone', '', 'Phone is required'],
    ['phone', '12ab', 'Phone is invalid'],
  ])('%s = %j: %s', (field, value, message) => {
    expect(firstMessage({ ...valid, [field]: value })).toBe(message);
  });

  it('accepts a zip of exactly 10 characters', () => {
    expect(firstMessage({ ...valid, zipPostal: '12345-6789' })).toBeNull();
  });
});

describe('segments', () => {
  it('tells the segment by its name', () => {
    expect(saveSegmentInput.safeParse({ segment: 'REVIEW_AND_SUBMIT', data: { paymentOptionId: null } }).success).toBe(
      true,
    );
    expect(saveSegmentInput.safeParse({ segment: 'SECTIONS', data: { paymentOptionId: null } }).success).toBe(false);
    expect(saveSegmentInput.safeParse({ segment: 'PAYMENT', data: {} }).success).toBe(false);
  });

  it('refuses a ranking below 1', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(
      saveSegmentInput.safeParse({
        segment: 'SECTIONS',
        data: { pathId: id, requestedGroupings: [], requestedSections: [{ id, ranking: 0 }] },
      }).success,
    ).toBe(false);
  });
});

describe('staff question form', () => {
  it.each([
    ['CHECKBOX', [], false],
    ['CHECKBOX', ['K-2'], true],
    ['TEXT', [], true],
  ] as const)('%s with %j options: valid %s', (type, options, ok) => {
    const parsed = questionInput.safeParse({ type, label: 'Grades?', options, required: true, position: 0 });
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(staffApplicationMessages.optionsRequired);
  });
});
