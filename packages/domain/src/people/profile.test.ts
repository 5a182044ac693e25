import { describe, expect, it } from 'vitest';
import { emailChange, profileLimits, profileMessages, profileUpdate } from './profile.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', country: 'United States' };

function firstIssue(input: Record<string, unknown>, field: string) {
  const result = profileUpdate.safeParse(input);
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('profile update', () => {
  it('turns blank optional fields into null and keeps the rest', () => {
    const parsed = profileUpdate.parse({ ...valid, address1: '  ', city: ' Albany ', dateOfBirth: '', last4SSN: '' });
    expect(parsed).toMatchObject({ address1: null, city: 'Albany', dateOfBirth: null, last4SSN: null, phone: null });
  });

  it.each([
    ['firstName', ''],
    ['lastName', '  '],
    ['country', ''],
  ])('%s %j is Required', (field, value) => {
    expect(firstIssue({ ...valid, [field]: value }, field)).toBe(profileMessages.required);
  });

  it.each([
    ['zipPostal', profileLimits.zipPostal, profileMessages.zipPostalTooLong],
    ['phone', profileLimits.phone, profileMessages.phoneTooLong],
    ['background', profileLimits.background, profileMessages.backgroundTooLong],
  ])('%s accepts %i characters and refuses one more', (field, limit, message) => {
    expect(profileUpdate.safeParse({ ...valid, [field]: 'x'.repeat(limit) }).success).toBe(true);
    expect(firstIssue({ ...valid, [field]: 'x'.repeat(limit + 1) }, field)).toBe(message);
  });

  it.each([
    ['1234', true],
    ['0000', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
    ['abcd', false],
  ])('last4SSN %j → valid %s', (value, ok) => {
    expect(firstIssue({ ...valid, last4SSN: value }, 'last4SSN')).toBe(ok ? undefined : profileMessages.last4SsnLength);
  });

  it.each([
    ['02/29/2024', true],
    ['02/29/2023', false],
    ['12/31/1999', true],
    ['13/01/2000', false],
    ['00/10/2000', false],
    ['01/32/2000', false],
    ['1/2/2000', false],
    ['2000-01-02', false],
  ])('dateOfBirth %j → valid %s', (value, ok) => {
    expect(firstIssue({ ...valid, dateOfBirth: value }, 'dateOfBirth')).toBe(
      ok ? undefined : profileMessages.dateOfBirthFormat,
    );
  });
});

describe('email change', () => {
  it('trims and lowercases the email', () => {
    expect(emailChange.parse({ email: '  Ada@Example.TEST ' }).email).toBe('ada@example.test');
  });

  it.each(['', 'nope', 'a@', '@b.test', 'a b@c.test'])('%j is refused as invalid', (email) => {
    const result = emailChange.safeParse({ email });
    expect(result.error?.issues[0]?.message).toBe(profileMessages.emailInvalid);
  });
});
