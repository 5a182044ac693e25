import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from './money.ts';

describe('dollarsToCents', () => {
  it.each([
    ['0', 0],
    ['0.01', 1],
    ['1', 100],
    ['1.5', 150],
    ['1,234.56', 123_456],
    ['$ 99.99', 9_999],
    ['', null],
    ['1.234', null],
    ['-5', null],
    ['abc', null],
    ['1e3', null],
  ])('%j → %j', (input, expected) => {
    expect(dollarsToCents(input)).toBe(expected);
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [123_456, '$1,234.56'],
  ])('%j → %j', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });
});
