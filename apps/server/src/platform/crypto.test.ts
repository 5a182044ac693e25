import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptField, encryptField } from './crypto.ts';

describe('field encryption', () => {
  const key = randomBytes(32);

  it('round-trips a value and never stores it in clear', () => {
    const stored = encryptField(key, '01/31/1980');
    expect(stored).not.toContain('1980');
    expect(decryptField(key, stored)).toBe('01/31/1980');
  });

  it('gives a different ciphertext each time', () => {
    expect(encryptField(key, '1234')).not.toBe(encryptField(key, '1234'));
  });

  it('keeps null as null', () => {
    expect(encryptField(key, null)).toBeNull();
    expect(decryptField(key, null)).toBeNull();
  });

  it('refuses a value encrypted with another key or tampered with', () => {
    const stored = encryptField(key, '1234') ?? '';
    expect(() => decryptField(randomBytes(32), stored)).toThrow();
    expect(() => decryptField(key, `${stored.slice(0, -2)}AA`)).toThrow();
  });
});
