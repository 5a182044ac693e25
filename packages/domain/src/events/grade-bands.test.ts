import { describe, expect, it } from 'vitest';
import {
  eventGradeBands,
  gradeBandLabels,
  gradeBands,
  gradeBandsText,
  matchesGradeBand,
  orderedGradeBands,
  parseGradeBand,
  type GradeBand,
} from './grade-bands.ts';

describe('parseGradeBand', () => {
  it.each<[string | null | undefined, GradeBand | undefined]>([
    ['PK-2', 'PK-2'],
    ['3-5', '3-5'],
    ['6-8', '6-8'],
    ['9-12', '9-12'],
    ['LEADERS', 'LEADERS'],
    ['leaders', undefined],
    ['K-2', undefined],
    ['6–8', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (value, band) => {
    expect(parseGradeBand(value)).toBe(band);
  });
});

describe('matchesGradeBand', () => {
  it.each<[string, GradeBand[], GradeBand | undefined, boolean]>([
    ['no band chosen: every event', ['6-8'], undefined, true],
    ['no band chosen, an event for everyone', [], undefined, true],
    ['an event for everyone shows under every band', [], 'PK-2', true],
    ['an event for everyone shows under leaders too', [], 'LEADERS', true],
    ['an event of that band', ['6-8'], '6-8', true],
    ['an event of several bands, one of them chosen', ['3-5', '6-8', '9-12'], '9-12', true],
    ['an event of other bands', ['PK-2', '3-5'], '6-8', false],
    ['an event for leaders is not for classroom grades', ['LEADERS'], '3-5', false],
  ])('%s', (_name, eventBands, chosen, matches) => {
    expect(matchesGradeBand(eventBands, chosen)).toBe(matches);
  });
});

describe('orderedGradeBands', () => {
  it.each<[GradeBand[], GradeBand[]]>([
    [[], []],
    [
      ['9-12', 'PK-2'],
      ['PK-2', '9-12'],
    ],
    [
      ['LEADERS', '6-8', '6-8'],
      ['6-8', 'LEADERS'],
    ],
  ])('%j → %j', (bands, ordered) => {
    expect(orderedGradeBands(bands)).toEqual(ordered);
  });
});

describe('eventGradeBands', () => {
  it.each([
    [[], true],
    [[...gradeBands], true],
    [['6-8', 'grade 7'], false],
    [[7], false],
    ['6-8', false],
  ])('%j valid: %s', (value, valid) => {
    expect(eventGradeBands.safeParse(value).success).toBe(valid);
  });

  it('labels every band', () => {
    for (const band of gradeBands) expect(gradeBandLabels[band]).toMatch(/\S/);
  });
});

describe('gradeBandsText', () => {
  it.each<[GradeBand[], string]>([
    [[], 'Every grade'],
    [['6-8'], 'Grades 6–8'],
    [['LEADERS', 'PK-2'], 'Grades PreK–2, Leaders and coaches'],
  ])('%j → %s', (bands, text) => {
    expect(gradeBandsText(bands)).toBe(text);
  });
});
