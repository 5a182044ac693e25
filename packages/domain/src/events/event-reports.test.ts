import { describe, expect, it } from 'vitest';
import { attendanceRate, seasonOf } from './event-reports.ts';

describe('seasonOf', () => {
  it.each([
    ['2026-06-30', { name: '2025–26', startsOn: '2025-07-01', endsOn: '2026-06-30' }],
    ['2026-07-01', { name: '2026–27', startsOn: '2026-07-01', endsOn: '2027-06-30' }],
    ['2026-11-27', { name: '2026–27', startsOn: '2026-07-01', endsOn: '2027-06-30' }],
    ['2099-12-31', { name: '2099–00', startsOn: '2099-07-01', endsOn: '2100-06-30' }],
  ])('%s falls in %j', (day, season) => {
    expect(seasonOf(day)).toEqual(season);
  });
});

describe('attendanceRate', () => {
  it.each([
    [0, 0, null],
    [1, 0, 0],
    [1, 1, 100],
    [3, 2, 67],
    [3, 1, 33],
  ])('%i expected, %i attended → %j', (expected, attended, rate) => {
    expect(attendanceRate({ expected, attended })).toBe(rate);
  });
});
