import { describe, expect, it } from 'vitest';
import {
  attendanceSaveInput,
  attendanceSectionPath,
  changedMarks,
  csvCell,
  levelBadge,
  mergeMarks,
  pendingAttendanceKey,
} from './attendance.ts';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';

describe('changedMarks (only changed rows are sent)', () => {
  const loaded = [
    { userId: a, attended: false },
    { userId: b, attended: true },
  ];
  it.each([
    ['nothing changed', loaded, []],
    [
      'one box ticked',
      [
        { userId: a, attended: true },
        { userId: b, attended: true },
      ],
      [{ userId: a, attended: true }],
    ],
    [
      'one box cleared',
      [
        { userId: a, attended: false },
        { userId: b, attended: false },
      ],
      [{ userId: b, attended: false }],
    ],
    ['a box ticked and cleared again is unchanged', [...loaded], []],
  ])('%s', (_, current, expected) => {
    expect(changedMarks(loaded, current)).toEqual(expected);
  });
});

describe('mergeMarks (two saves made offline)', () => {
  it('keeps the later mark of a person and the earlier marks of others', () => {
    expect(
      mergeMarks(
        [
          { userId: a, attended: true },
          { userId: b, attended: true },
        ],
        [{ userId: a, attended: false }],
      ),
    ).toEqual([
      { userId: a, attended: false },
      { userId: b, attended: true },
    ]);
  });
});

describe('attendanceSaveInput', () => {
  it.each([
    ['one row', { date: '2026-11-24', rows: [{ userId: a, attended: true }] }, true],
    ['no row', { date: '2026-11-24', rows: [] }, false],
    [
      'the same person twice',
      {
        date: '2026-11-24',
        rows: [
          { userId: a, attended: true },
          { userId: a, attended: false },
        ],
      },
      false,
    ],
    ['a date that is not a day', { date: '2026-02-30', rows: [{ userId: a, attended: true }] }, false],
    ['a user id that is not an id', { date: '2026-11-24', rows: [{ userId: 'x', attended: true }] }, false],
  ])('%s', (_, input, valid) => {
    expect(attendanceSaveInput.safeParse(input).success).toBe(valid);
  });
});

describe('links and labels', () => {
  it('links a section with the advanced flag and labels its badge', () => {
    expect(attendanceSectionPath('e', 's', 'ADVANCED')).toBe('/members/events/e/attendance/s?advanced=true');
    expect(attendanceSectionPath('e', 's', 'FIRST_YEAR')).toBe('/members/events/e/attendance/s?advanced=false');
    expect(levelBadge('ADVANCED')).toBe('Advanced');
    expect(levelBadge('FIRST_YEAR')).toBe('First Year');
    expect(pendingAttendanceKey('e', 's', '2026-11-24')).toBe('attendance:e:s:2026-11-24');
  });

  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
  ])('CSV cell %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
