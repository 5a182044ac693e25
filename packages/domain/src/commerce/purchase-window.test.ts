import { describe, expect, it } from 'vitest';
import { daysUntil, purchaseClosedMessage, purchaseIsOpen } from './purchase-window.ts';

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

describe('purchaseClosedMessage', () => {
  it.each([
    [0, 'Ticket allocation closes 0 days before the event starts.'],
    [1, 'Ticket allocation closes 1 day before the event starts.'],
    [2, 'Ticket allocation closes 2 days before the event starts.'],
  ])('%i days', (days, message) => {
    expect(purchaseClosedMessage(days)).toBe(message);
  });
});
