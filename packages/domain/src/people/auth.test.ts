import { describe, expect, it } from 'vitest';
import { authMessages, loginRequest, newPasswordTwice, passwordMinLength, resetPasswordRequest } from './auth.ts';

describe('login request', () => {
  it('trims and lowercases the email', () => {
    expect(loginRequest.parse({ email: '  Ada@Example.TEST ', password: 'x' }).email).toBe('ada@example.test');
  });

  it.each([
    [{ email: '', password: 'x' }, 'email', authMessages.emailRequired],
    [{ email: 'nope', password: 'x' }, 'email', authMessages.emailInvalid],
    [{ email: 'a@b.test', password: '' }, 'password', authMessages.passwordRequired],
  ])('%j is refused on %s', (input, field, message) => {
    const result = loginRequest.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe('new password length', () => {
  it.each([
    [passwordMinLength - 1, false],
    [passwordMinLength, true],
    [200, true],
    [201, false],
  ])('%i characters → valid %s', (length, valid) => {
    expect(resetPasswordRequest.safeParse({ token: 't', password: 'p'.repeat(length) }).success).toBe(valid);
  });
});

describe('new password typed twice', () => {
  const password = 'p'.repeat(passwordMinLength);

  it('accepts the same password twice', () => {
    expect(newPasswordTwice.safeParse({ password, confirmPassword: password }).success).toBe(true);
  });

  it.each([
    [{ password, confirmPassword: `${password}x` }, 'confirmPassword', authMessages.passwordsDiffer],
    [{ password: '', confirmPassword: '' }, 'password', authMessages.passwordRequired],
    [{ password: 'short', confirmPassword: 'short' }, 'password', authMessages.passwordTooShort],
  ])('%j is refused on %s', (input, field, message) => {
    const result = newPasswordTwice.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});
