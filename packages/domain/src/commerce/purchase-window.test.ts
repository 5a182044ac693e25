import { describe, expect, it } from 'vitest';
import { calendarDateIn, daysUntil, purchaseClosedMessage, purchaseIsOpen } from './purchase-window.ts';

describe('purchaseIsOpen (an event on 2026-12-10)', () => {
  it.each([
    ['3 days before close, on the 7th', 3, '2026-12-07', true],
    ['3 days before close, on the 8th', 3, '2026-12-08', false],
    ['0 days: open on the day itself', 0, '2026-12-10', true],
    ['0 days: closed the day after', 0, '2026-12-11', false],
    ['1 day: open the day before', 1, '2026-12-09', true],
    ['1 day: closed on the day', 1, '2026-12-10', false],
    ['14 days: open 14 days before', 14, '2026-11-26', true],
    ['14 days: closed 13 days before', 14, '2026-11-27', false],
  ])('%s', (_, days, today, open) => {
    expect(purchaseIsOpen('2026-12-10', days, today)).toBe(open);
  });

  it('counts calendar days across a month, a year and a daylight-saving change', () => {
    expect(daysUntil('2027-01-01', '2026-12-31')).toBe(1);
    expect(daysUntil('2026-03-09', '2026-03-07')).toBe(2);
    expect(daysUntil('2026-12-10', '2026-12-10')).toBe(0);
    expect(daysUntil('2026-12-09', '2026-12-10')).toBe(-1);
  });
});

describe('calendarDateIn', () => {
  it.each([
    ['late evening in New York is still the same day there', '2026-12-08T04:59:59Z', 'America/New_York', '2026-12-07'],
    ['midnight in New York', '2026-12-08T05:00:00Z', 'America/New_York', '2026-12-08'],
    ['UTC', '2026-12-08T04:59:59Z', 'UTC', '2026-12-08'],
    ['the last millisecond before midnight in New York', '2026-12-08T04:59:59.999Z', 'America/New_York', '2026-12-07'],
    ['an offset of whole seconds (Monrovia in 1970, -00:44:30): just before its midnight', '1970-06-02T00:44:29.999Z', 'Africa/Monrovia', '1970-06-01'],
    ['an offset of whole seconds (Monrovia in 1970, -00:44:30): its midnight', '1970-06-02T00:44:30Z', 'Africa/Monrovia', '1970-06-02'],
  ])('%s', (_, instant, timeZone, expected) => {
    expect(calendarDateIn(new Date(instant), timeZone)).toBe(expected);
  });

  it('answers each instant of a second and of the next from the date worked out for it', () => {
    const asked = ['2026-12-08T04:59:59.000Z', '2026-12-08T04:59:59.500Z', '2026-12-08T04:59:59.999Z', '2026-12-08T05:00:00.000Z', '2026-12-08T04:59:59.250Z'];
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

describe('purchaseClosedMessage', () => {
  it.each([
    [0, 'Ticket allocation closes 0 days before the event starts.'],
    [1, 'Ticket allocation closes 1 day before the event starts.'],
    [2, 'Ticket allocation closes 2 days before the event starts.'],
  ])('%i days', (days, message) => {
    expect(purchaseClosedMessage(days)).toBe(message);
  });
});
