import { describe, expect, it } from 'vitest';
import {
  attendedDates,
  certificateCode,
  certificateMinutes,
  defaultMinutesPerDay,
  formatHours,
  hoursLabel,
  normalizeCertificateCode,
  transcriptCsv,
} from './certificates.ts';

const day = (sectionId: string, date: string, minutesPerDay = defaultMinutesPerDay) => ({
  sectionId,
  date,
  minutesPerDay,
});

describe('certificateMinutes', () => {
  it.each([
    ['no day attended', [], 0],
    ['one day of the default 6 hours', [day('a', '2026-11-24')], 360],
    ['two days of one section', [day('a', '2026-11-24'), day('a', '2026-11-25')], 720],
    ['the same section day marked twice counts once', [day('a', '2026-11-24'), day('a', '2026-11-24')], 360],
    ['two sections on one day count both', [day('a', '2026-11-24', 180), day('b', '2026-11-24', 120)], 300],
    ['a section of 90 minutes', [day('a', '2026-11-24', 90)], 90],
    ['one calendar day is capped at exactly 24 hours', [day('a', '2026-11-24', 1440)], 1440],
    [
      'one calendar day never counts more than 24 hours',
      [day('a', '2026-11-24', 1000), day('b', '2026-11-24', 441)],
      1440,
    ],
    ['the cap is per day, not per certificate', [day('a', '2026-11-24', 1440), day('a', '2026-11-25', 1440)], 2880],
  ])('%s', (_, days, minutes) => {
    expect(certificateMinutes(days)).toBe(minutes);
  });

  it('lists each attended calendar day once, in order', () => {
    expect(attendedDates([day('b', '2026-11-25'), day('a', '2026-11-24'), day('b', '2026-11-24')])).toEqual([
      '2026-11-24',
      '2026-11-25',
    ]);
  });
});

describe('hours as shown', () => {
  it.each([
    [0, '0', '0 hours'],
    [60, '1', '1 hour'],
    [61, '1.02', '1.02 hours'],
    [90, '1.5', '1.5 hours'],
    [360, '6', '6 hours'],
    [435, '7.25', '7.25 hours'],
  ])('%i minutes', (minutes, hours, label) => {
    expect(formatHours(minutes)).toBe(hours);
    expect(hoursLabel(minutes)).toBe(label);
  });
});

describe('certificate codes', () => {
  it('formats 15 random bytes as three groups of five Crockford characters', () => {
    const code = certificateCode(Uint8Array.from({ length: 15 }, (_, i) => i * 17));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  });

  it('refuses fewer than 15 random bytes', () => {
    expect(() => certificateCode(new Uint8Array(14))).toThrow();
  });

  it.each([
    ['as printed', 'ABCDE-FGH12-34567', 'ABCDE-FGH12-34567'],
    ['lower case without dashes', 'abcdefgh1234567', 'ABCDE-FGH12-34567'],
    ['O read as zero, I and L as one', 'ABCDE-FGHIL-3456O', 'ABCDE-FGH11-34560'],
    ['spaces', ' ABCDE FGH12 34567 ', 'ABCDE-FGH12-34567'],
    ['one character short', 'ABCDE-FGH12-3456', null],
    ['one character long', 'ABCDE-FGH12-345678', null],
    ['a U is never in a code', 'ABCDE-FGH12-3456U', null],
    ['punctuation', 'ABCDE/FGH12/34567', null],
  ])('normalizes a code typed %s', (_, input, expected) => {
    expect(normalizeCertificateCode(input)).toBe(expected);
  });
});

describe('transcriptCsv', () => {
  it('lists certificates, then the total hours, quoting what needs it', () => {
    const csv = transcriptCsv([
      {
        eventName: 'Reading Institute, Summer',
        dates: ['2026-07-06', '2026-07-07'],
        minutesAttended: 720,
        code: 'AAAAA-BBBBB-CCCCC',
      },
      { eventName: '=HYPERLINK("x")', dates: ['2026-11-24'], minutesAttended: 90, code: 'DDDDD-EEEEE-FFFFF' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Event,Dates attended,Hours,Certificate code',
      '"Reading Institute, Summer",07/06/2026 07/07/2026,12,AAAAA-BBBBB-CCCCC',
      `"'=HYPERLINK(""x"")",11/24/2026,1.5,DDDDD-EEEEE-FFFFF`,
      'Total,,13.5,',
      '',
    ]);
  });

  it('has a header and a zero total when there are no certificates', () => {
    expect(transcriptCsv([])).toBe('Event,Dates attended,Hours,Certificate code\r\nTotal,,0,\r\n');
  });
});
