import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  dayEdgeIn,
  formatDateRange,
  formatMoment,
  formatMomentDay,
  formatMomentWithZone,
  formatUsDate,
  formatUsDates,
} from './dates.ts';

// One form for a day on every page and in every mail (issue 39: mails said "Day: 2027-01-15").
describe('formatUsDate, formatUsDates and formatDateRange (MM/DD/YYYY)', () => {
  it.each([
    ['a stored date', '2027-01-15', '01/15/2027'],
    ['the first day of a year', '2027-01-01', '01/01/2027'],
    ['the last day of a year', '2026-12-31', '12/31/2026'],
    ['a leap day', '2028-02-29', '02/29/2028'],
    ['the date part of a timestamp', '2027-01-15T23:30:00.000Z', '01/15/2027'],
  ])('formatUsDate: %s', (_, iso, expected) => {
    expect(formatUsDate(iso)).toBe(expected);
  });

  it.each([
    ['no days', [], ''],
    ['one day', ['2027-01-15'], '01/15/2027'],
    ['days across a year end, in the order given', ['2026-12-31', '2027-01-01'], '12/31/2026, 01/01/2027'],
  ])('formatUsDates: %s', (_, isoDates, expected) => {
    expect(formatUsDates(isoDates)).toBe(expected);
  });

  it.each([
    ['one day', '2027-01-15', '2027-01-15', '01/15/2027'],
    ['two days', '2027-01-15', '2027-01-16', '01/15/2027 – 01/16/2027'],
    ['across a year end', '2026-12-31', '2027-01-02', '12/31/2026 – 01/02/2027'],
  ])('formatDateRange: %s', (_, start, end, expected) => {
    expect(formatDateRange(start, end)).toBe(expected);
  });
});

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

describe('formatMoment, formatMomentWithZone and formatMomentDay (MM/dd/yyyy hh:mm a in the provider zone)', () => {
  it.each([
    [
      'an evening in New York (the 21:09 that read 09:09)',
      '2026-11-28T02:09:00Z',
      'America/New_York',
      '11/27/2026 09:09 PM',
      'EST',
      '11/27/2026',
    ],
    ['summer time in New York', '2026-03-14T18:05:00Z', 'America/New_York', '03/14/2026 02:05 PM', 'EDT', '03/14/2026'],
    [
      'midnight reads 12, not 00',
      '2026-01-02T05:00:00Z',
      'America/New_York',
      '01/02/2026 12:00 AM',
      'EST',
      '01/02/2026',
    ],
    [
      'the last minute before midnight',
      '2026-01-02T04:59:00Z',
      'America/New_York',
      '01/01/2026 11:59 PM',
      'EST',
      '01/01/2026',
    ],
    ['noon', '2026-01-02T17:00:00Z', 'America/New_York', '01/02/2026 12:00 PM', 'EST', '01/02/2026'],
    [
      'another provider zone',
      '2026-01-02T17:00:00Z',
      'America/Los_Angeles',
      '01/02/2026 09:00 AM',
      'PST',
      '01/02/2026',
    ],
    ['UTC', '2026-11-28T02:09:00Z', 'UTC', '11/28/2026 02:09 AM', 'UTC', '11/28/2026'],
  ])('%s', (_, iso, timeZone, moment, zone, day) => {
    expect(formatMoment(iso, timeZone)).toBe(moment);
    expect(formatMoment(new Date(iso), timeZone)).toBe(moment);
    expect(formatMomentWithZone(iso, timeZone)).toBe(`${moment} ${zone}`);
    expect(formatMomentDay(iso, timeZone)).toBe(day);
  });
});

describe('dayEdgeIn (a calendar day as instants in the provider zone)', () => {
  it.each([
    ['start of a winter day in New York', '2026-12-31', 'start', 'America/New_York', '2026-12-31T05:00:00.000Z'],
    ['end of a winter day in New York', '2026-12-31', 'end', 'America/New_York', '2027-01-01T04:59:59.999Z'],
    ['start of a summer day in New York', '2026-07-01', 'start', 'America/New_York', '2026-07-01T04:00:00.000Z'],
    ['end of the day clocks go forward', '2026-03-08', 'end', 'America/New_York', '2026-03-09T03:59:59.999Z'],
    ['start of the day clocks go back', '2026-11-01', 'start', 'America/New_York', '2026-11-01T04:00:00.000Z'],
    ['end of the day clocks go back', '2026-11-01', 'end', 'America/New_York', '2026-11-02T04:59:59.999Z'],
    ['UTC', '2026-12-31', 'start', 'UTC', '2026-12-31T00:00:00.000Z'],
  ] as const)('%s', (_, day, edge, timeZone, expected) => {
    expect(dayEdgeIn(day, edge, timeZone).toISOString()).toBe(expected);
    expect(calendarDateIn(dayEdgeIn(day, edge, timeZone), timeZone)).toBe(day);
  });
});
