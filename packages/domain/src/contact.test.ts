import { describe, expect, it } from 'vitest';
import { maskedPhoneError, phoneDigits, phoneMessages, phoneNumber } from './contact.ts';

describe('the masked phone as typed', () => {
  it.each([
    ['(___) ___-____', phoneMessages.required],
    ['', phoneMessages.required],
    ['(5__) ___-____', phoneMessages.invalid],
    ['(555) 123-456_', phoneMessages.invalid],
    ['(555) 123-4567', null],
  ])('%j → %j', (masked, message) => {
    expect(maskedPhoneError(masked)).toBe(message);
  });

  it('sends digits only', () => {
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
  });
});

describe('the phone as the server receives it', () => {
  it.each([
    ['', false],
    ['123456', false],
    ['1234567', true],
    ['5551234567', true],
    ['1'.repeat(20), true],
    ['1'.repeat(21), false],
    ['(555) 123-4567', false],
  ])('%j accepted: %s', (phone, ok) => {
    expect(phoneNumber.safeParse(phone).success).toBe(ok);
  });
});
