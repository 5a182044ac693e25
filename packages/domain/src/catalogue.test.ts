import { describe, expect, it } from 'vitest';
import { catalogueMessages, catalogueQuery } from './catalogue.ts';

describe('catalogueMessages.notEnoughSeats', () => {
  it.each([
    [1, 'Only 1 ticket is left.'],
    [2, 'Only 2 tickets are left.'],
  ])('%i left', (remaining, message) => {
    expect(catalogueMessages.notEnoughSeats(remaining)).toBe(message);
  });
});

describe('catalogueQuery', () => {
  it.each([
    [{}, { page: 1, pageSize: 25 }],
    [{ page: '2', pageSize: '100', search: '  fall ' }, { page: 2, pageSize: 100, search: 'fall' }],
  ])('parses %j', (input, expected) => {
    expect(catalogueQuery.parse(input)).toEqual(expected);
  });

  it.each([{ page: '0' }, { pageSize: '0' }, { pageSize: '101' }, { search: 'x'.repeat(101) }])('refuses %j', (input) => {
    expect(catalogueQuery.safeParse(input).success).toBe(false);
  });
});
