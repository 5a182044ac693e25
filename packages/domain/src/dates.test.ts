import { describe, expect, it } from 'vitest';
import { calendarDateIn } from './dates.ts';

describe('calendarDateIn', () => {
  it.each([
    ['late evening in New York is still the same day there', '2026-12-08T04:59:59Z', 'America/New_York', '2026-12-07'],
    ['midnight in New York', '2026-12-08T05:00:00Z', 'America/New_York', '2026-12-08'],
    ['UTC', '2026-12-08T04:59:59Z', 'UTC', '2026-12-08'],
    ['the last millisecond before midnight in New York', '2026-12-08T04:59:59.999Z', 'America/New_York', '2026-12-07'],
    [
      'an offset of whole seconds (Monrovia in 1970, -00:44:30): just before its midnight',
      '1970-06-02T00:44:29.999Z',
      'Africa/Monrovia',
      '1970-06-01',
    ],
    [
      'an offset of whole seconds (Monrovia in 1970, -00:44:30): its midnight',
      '1970-06-02T00:44:30Z',
      'Africa/Monrovia',
      '1970-06-02',
    ],
  ])('%s', (_, instant, timeZone, expected) => {
    expect(calendarDateIn(new Date(instant), timeZone)).toBe(expected);
  });

  it('answers each instant of a second and of the next from the date worked out for it', () => {
    const asked = [
      '2026-12-08T04:59:59.000Z',
      '2026-12-08T04:59:59.500Z',
      '2026-12-08T04:59:59.999Z',
      '2026-12-08T05:00:00.000Z',
      '2026-12-08T04:59:59.250Z',
    ];
    expect(asked.map((instant) => calendarDateIn(new Date(instant), 'America/New_York'))).toEqual([
      '2026-12-07',
      '2026-12-07',
      '2026-12-07',
      '2026-12-08',
      '2026-12-07',
    ]);
  });

  it('refuses an invalid date as before', () => {
    expect(() => calendarDateIn(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});
