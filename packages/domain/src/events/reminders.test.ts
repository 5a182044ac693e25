import { describe, expect, it } from 'vitest';
import {
  dueEventDays,
  paymentDueDate,
  reminderDue,
  reminderMoment,
  reminderSettings,
  sweepWindow,
} from './reminders.ts';

const newYork = 'America/New_York';

describe('reminderMoment (8 AM in the provider zone, whole calendar days before)', () => {
  it.each([
    ['the day before a winter day', '2026-12-10', 1, newYork, '2026-12-09T13:00:00.000Z'],
    ['the day before a summer day', '2026-07-10', 1, newYork, '2026-07-09T12:00:00.000Z'],
    ['on the day itself', '2026-12-10', 0, newYork, '2026-12-10T13:00:00.000Z'],
    // Clocks go forward at 2 AM on 2026-03-08: 8 AM that day is EDT, the day after's event is 23 hours after.
    ['the day clocks go forward', '2026-03-09', 1, newYork, '2026-03-08T12:00:00.000Z'],
    ['across the day clocks go forward', '2026-03-09', 2, newYork, '2026-03-07T13:00:00.000Z'],
    // Clocks go back at 2 AM on 2026-11-01: 8 AM that day is EST.
    ['the day clocks go back', '2026-11-02', 1, newYork, '2026-11-01T13:00:00.000Z'],
    ['across the day clocks go back', '2026-11-02', 2, newYork, '2026-10-31T12:00:00.000Z'],
    ['a week before, across a month', '2026-12-03', 7, newYork, '2026-11-26T13:00:00.000Z'],
    ['in UTC', '2026-12-10', 1, 'UTC', '2026-12-09T08:00:00.000Z'],
    [
      'in Sydney, on the day its clocks go forward (AEDT, UTC+11)',
      '2026-10-05',
      1,
      'Australia/Sydney',
      '2026-10-03T21:00:00.000Z',
    ],
  ] as const)('%s', (_, day, daysBefore, timeZone, expected) => {
    expect(reminderMoment(day, daysBefore, timeZone).toISOString()).toBe(expected);
  });
});

describe('reminderDue (from its moment to the end of the occasion day)', () => {
  it.each([
    ['a minute before the moment', '2026-12-09T12:59:00Z', false],
    ['at the moment', '2026-12-09T13:00:00Z', true],
    ['late on the evening before (New York)', '2026-12-10T04:30:00Z', true],
    ['on the day itself', '2026-12-10T20:00:00Z', true],
    ['the last minute of the day (New York)', '2026-12-11T04:59:00Z', true],
    ['the day after (New York), though still the 10th nowhere in UTC', '2026-12-11T05:00:00Z', false],
  ] as const)('%s', (_, now, due) => {
    expect(reminderDue('2026-12-10', 1, new Date(now), newYork)).toBe(due);
  });

  it('the day clocks go back: due from 8 AM EST, not 7', () => {
    expect(reminderDue('2026-11-02', 1, new Date('2026-11-01T12:30:00Z'), newYork)).toBe(false);
    expect(reminderDue('2026-11-02', 1, new Date('2026-11-01T13:00:00Z'), newYork)).toBe(true);
  });
});

describe('dueEventDays', () => {
  const days = ['2026-12-12', '2026-12-10', '2026-12-11', '2026-12-10'];
  it.each([
    ['none before the first moment', '2026-12-09T12:00:00Z', 1, []],
    ['the first day once its moment came', '2026-12-09T14:00:00Z', 1, ['2026-12-10']],
    ['the next day on the first day', '2026-12-10T14:00:00Z', 1, ['2026-12-10', '2026-12-11']],
    ['past days drop out', '2026-12-12T14:00:00Z', 1, ['2026-12-12']],
    ['three days ahead', '2026-12-09T14:00:00Z', 3, ['2026-12-10', '2026-12-11', '2026-12-12']],
    ['after the event', '2026-12-13T14:00:00Z', 1, []],
  ] as const)('%s', (_, now, daysBefore, expected) => {
    expect(dueEventDays(days, daysBefore, new Date(now), newYork)).toEqual(expected);
  });
});

describe('paymentDueDate (the decision day in the zone plus the due days)', () => {
  it.each([
    ['a decision in the afternoon', '2026-12-01T20:00:00Z', 30, '2026-12-31'],
    ['late in the evening in New York, already the next day in UTC', '2026-12-02T03:00:00Z', 1, '2026-12-02'],
    ['across the day clocks go back', '2026-10-31T12:00:00Z', 2, '2026-11-02'],
  ] as const)('%s', (_, decidedAt, days, expected) => {
    expect(paymentDueDate(new Date(decidedAt), days, newYork)).toBe(expected);
  });
});

describe('sweepWindow', () => {
  it('starts today in the zone and reaches the furthest setting', () => {
    expect(sweepWindow(new Date('2026-12-02T03:00:00Z'), newYork)).toEqual({ from: '2026-12-01', to: '2026-12-15' });
  });
});

describe('reminderSettings', () => {
  const base = { dayReminders: true, daysBefore: 1, paymentReminders: true, unallocatedReminders: false };
  it.each([
    ['no link', { ...base, onlineUrl: null }, true],
    ['an empty link is none', { ...base, onlineUrl: '' }, true],
    ['an https link', { ...base, onlineUrl: 'https://meet.example.test/pd' }, true],
    ['an http link', { ...base, onlineUrl: 'http://meet.example.test/pd' }, false],
    ['a script', { ...base, onlineUrl: 'javascript:alert(1)' }, false],
    ['15 days before', { ...base, daysBefore: 15, onlineUrl: null }, false],
    ['negative days', { ...base, daysBefore: -1, onlineUrl: null }, false],
    ['14 days before', { ...base, daysBefore: 14, onlineUrl: null }, true],
  ] as const)('%s', (_, input, valid) => {
    expect(reminderSettings.safeParse(input).success).toBe(valid);
  });
});
