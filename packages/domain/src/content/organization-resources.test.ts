import { describe, expect, it } from 'vitest';
import {
  excerptParts,
  headlineFragmentDelimiter,
  headlineParts,
  headlineStart,
  headlineStop,
  isPdf,
  organizationResourceFields,
  organizationResourceMessages,
  organizationResourceQuery,
  pdfDownloadName,
  prefixTsQuery,
  preselectedSchoolYear,
  schoolYearInput,
} from './organization-resources.ts';
import { linkOrFileProblems } from './resources.ts';

const org = '11111111-1111-4111-8111-111111111111';
const year = '22222222-2222-4222-8222-222222222222';

describe('prefixTsQuery: a search as a safe to_tsquery text', () => {
  const cases: [string, string | null][] = [
    ['fluency', 'fluency:*'],
    ['Guided  Reading', 'guided & reading:*'],
    ["math & !(' :*", 'math:*'],
    ['K-2 phonics', 'k & 2 & phonics:*'],
    ['árbol', 'árbol:*'],
    ['&& | !', null],
    ['', null],
    ['one two three four five six seven eight nine', 'one & two & three & four & five & six & seven & eight:*'],
  ];
  it.each(cases)('%j -> %j', (search, expected) => expect(prefixTsQuery(search)).toBe(expected));
});

describe('headlineParts: marked text as parts, never HTML', () => {
  const s = headlineStart;
  const e = headlineStop;
  const cases: [string, { text: string; match: boolean }[]][] = [
    ['plain', [{ text: 'plain', match: false }]],
    [
      `${s}Fluency${e} routines`,
      [
        { text: 'Fluency', match: true },
        { text: ' routines', match: false },
      ],
    ],
    [
      `a ${s}b${e} c ${s}d${e}`,
      [
        { text: 'a ', match: false },
        { text: 'b', match: true },
        { text: ' c ', match: false },
        { text: 'd', match: true },
      ],
    ],
    [
      `<script>${s}x${e}`,
      [
        { text: '<script>', match: false },
        { text: 'x', match: true },
      ],
    ],
    ['', []],
  ];
  it.each(cases)('%j', (marked, parts) => expect(headlineParts(marked)).toEqual(parts));
});

describe('preselectedSchoolYear: the latest year that has begun', () => {
  const years = [
    { id: 'y25', startsOn: '2025-07-01' },
    { id: 'y27', startsOn: '2027-07-01' },
    { id: 'y26', startsOn: '2026-07-01' },
  ];
  const cases: [string, string | null][] = [
    ['2026-11-24', 'y26'],
    ['2026-07-01', 'y26'],
    ['2026-06-30', 'y25'],
    ['2028-01-01', 'y27'],
    ['2020-01-01', 'y25'],
  ];
  it.each(cases)('on %s -> %s', (today, id) => expect(preselectedSchoolYear(years, today)?.id ?? null).toBe(id));
  it('is null without years', () => expect(preselectedSchoolYear([], '2026-01-01')).toBeNull());
});

describe('files', () => {
  it('isPdf reads the content, not the name', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(isPdf(Buffer.from('<html>%PDF-'))).toBe(false);
    expect(isPdf(Buffer.from('%PD'))).toBe(false);
  });
  const names: [string, string][] = [
    ['Talk moves.pdf', 'Talk moves.pdf'],
    ['"evil"\r\n.pdf', 'evil.pdf'],
    ['../../etc/passwd', 'etc_passwd.pdf'],
    ['', 'document.pdf'],
  ];
  it.each(names)('pdfDownloadName(%j) -> %j', (name, safe) => expect(pdfDownloadName(name)).toBe(safe));
});

describe('linkOrFileProblems in the words of organization resources: a link or a PDF, never both', () => {
  const cases: [string, boolean, boolean, Record<string, string>][] = [
    ['https://x.org', false, false, {}],
    ['', true, false, {}],
    ['', false, true, {}],
    ['https://x.org', true, false, { url: organizationResourceMessages.notBoth }],
    ['', false, false, { url: organizationResourceMessages.linkOrFile, file: organizationResourceMessages.linkOrFile }],
  ];
  it.each(cases)('url %j, new file %s, kept file %s', (url, file, kept, problems) =>
    expect(linkOrFileProblems(url, file, kept, organizationResourceMessages)).toEqual(problems),
  );
});

describe('contracts', () => {
  it('the member query needs an organization and a year; the search is at most 100 characters', () => {
    expect(organizationResourceQuery.safeParse({ organizationId: org, schoolYearId: year }).success).toBe(true);
    expect(organizationResourceQuery.safeParse({ organizationId: org }).success).toBe(false);
    expect(
      organizationResourceQuery.safeParse({ organizationId: org, schoolYearId: year, search: 'x'.repeat(101) }).success,
    ).toBe(false);
  });
  it('the staff form takes a title, an http(s) link or none', () => {
    expect(
      organizationResourceFields.parse({ organizationId: org, schoolYearId: year, title: ' Talk moves ' }),
    ).toMatchObject({ title: 'Talk moves', url: '', grades: '' });
    expect(
      organizationResourceFields.safeParse({ organizationId: org, schoolYearId: year, title: '' }).error?.issues[0]
        ?.message,
    ).toBe(organizationResourceMessages.titleRequired);
    expect(
      organizationResourceFields.safeParse({
        organizationId: org,
        schoolYearId: year,
        title: 'x',
        url: 'javascript:alert(1)',
      }).success,
    ).toBe(false);
  });
  it('a school year is named yyyy-yyyy and ends after it starts', () => {
    expect(schoolYearInput.safeParse({ name: '2028-2029', startsOn: '2028-07-01', endsOn: '2029-06-30' }).success).toBe(
      true,
    );
    expect(schoolYearInput.safeParse({ name: '2028', startsOn: '2028-07-01', endsOn: '2029-06-30' }).success).toBe(
      false,
    );
    expect(schoolYearInput.safeParse({ name: '2028-2029', startsOn: '2028-07-01', endsOn: '2028-07-01' }).success).toBe(
      false,
    );
  });
});

describe('excerptParts: passages that open at a word the text has, or say they were cut', () => {
  const [m, e, f] = [headlineStart, headlineStop, headlineFragmentDelimiter];
  const text = 'A planning guide for running records. Use it at the start of the year to see who is ready.';
  const read = (parts: ReturnType<typeof excerptParts>) =>
    parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join('');
  it.each([
    [
      'the stop word ts_headline left out comes back',
      `planning guide for ${m}running${e} records`,
      'A planning guide for [running] records …',
    ],
    [
      'a passage from the text start to its end is whole',
      `planning guide for ${m}running${e} records. Use it at the start of the year to see who is ready`,
      'A planning guide for [running] records. Use it at the start of the year to see who is ready',
    ],
    [
      'a passage mid-sentence widens to its sentence',
      `the start of the year to see who is ${m}ready${e}`,
      'Use it at the start of the year to see who is [ready]',
    ],
    [
      'two passages side by side read as one text',
      `planning guide for ${m}running${e}${f}records. Use it`,
      'A planning guide for [running] records. Use it …',
    ],
    ['a passage not found in the text is shown as ts_headline wrote it', `${m}elsewhere${e}`, '[elsewhere]'],
  ])('%s', (_, marked, expected) => {
    expect(read(excerptParts(text, marked))).toBe(expected);
  });

  it('opens with "…" when the sentence starts too far back to widen to', () => {
    const long = `Intro. ${'word '.repeat(30)}then the ${m}match${e} here`;
    expect(read(excerptParts(long.replaceAll(m, '').replaceAll(e, ''), `then the ${m}match${e} here`))).toBe(
      '… then the [match] here',
    );
  });
});
