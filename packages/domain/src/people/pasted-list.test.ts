import { describe, expect, it } from 'vitest';
import { parsePastedList, planSeats, seatedPeople } from './pasted-list.ts';

const brief = (people: ReturnType<typeof parsePastedList>) =>
  people.map(({ line, email, firstName, lastName }) => [line, email, firstName, lastName]);

describe('parsePastedList', () => {
  it.each([
    [
      'one per line',
      'a@x.org\nb@x.org',
      [
        [1, 'a@x.org', '', ''],
        [2, 'b@x.org', '', ''],
      ],
    ],
    [
      'Windows line ends and blank lines',
      'a@x.org\r\n\r\nb@x.org\r\n',
      [
        [1, 'a@x.org', '', ''],
        [3, 'b@x.org', '', ''],
      ],
    ],
    [
      'commas',
      'a@x.org, b@x.org,c@x.org',
      [
        [1, 'a@x.org', '', ''],
        [1, 'b@x.org', '', ''],
        [1, 'c@x.org', '', ''],
      ],
    ],
    [
      'semicolons (Outlook)',
      'a@x.org; b@x.org;',
      [
        [1, 'a@x.org', '', ''],
        [1, 'b@x.org', '', ''],
      ],
    ],
    ['upper case is lowered', ' Ann@X.org ', [[1, 'ann@x.org', '', '']]],
    ['Name <email>', 'Ann Lee <ann@x.org>', [[1, 'ann@x.org', 'Ann', 'Lee']]],
    ['a longer last name', 'Ann de la Cruz <ann@x.org>', [[1, 'ann@x.org', 'Ann', 'de la Cruz']]],
    [
      'quoted Last, First',
      '"Lee, Ann" <ann@x.org>, bob@x.org',
      [
        [1, 'ann@x.org', 'Ann', 'Lee'],
        [1, 'bob@x.org', '', ''],
      ],
    ],
    ['<email> alone', '<ann@x.org>', [[1, 'ann@x.org', '', '']]],
    ['a BOM', '\uFEFFann@x.org', [[1, 'ann@x.org', '', '']]],
    ['mailto: links', 'mailto:ann@x.org', [[1, 'ann@x.org', '', '']]],
    ['nothing', ' \n , ; \n', []],
  ])('%s', (_case, text, expected) => {
    expect(brief(parsePastedList(text))).toEqual(expected);
  });

  it('keeps the entry as written for the preview', () => {
    expect(parsePastedList('Ann Lee <ann@x.org>; not an email')[1]?.text).toBe('not an email');
  });
});

describe('planSeats', () => {
  const list = (text: string) => parsePastedList(text);
  it.each([
    [
      'fills free seats in order',
      'a@x.org\nb@x.org',
      [1, 3],
      [],
      [
        [1, null],
        [3, null],
      ],
    ],
    [
      'invalid addresses',
      'a@x.org\nnot-an-email\nb@\n@x.org\na b@x.org',
      [0, 1, 2, 3, 4],
      [],
      [
        [0, null],
        [null, 'invalid'],
        [null, 'invalid'],
        [null, 'invalid'],
        [null, 'invalid'],
      ],
    ],
    [
      'duplicates within the list, any case',
      'a@x.org\nA@X.org\nb@x.org',
      [0, 1, 2],
      [],
      [
        [0, null],
        [null, 'duplicate'],
        [1, null],
      ],
    ],
    [
      'people already holding a seat',
      'a@x.org\nheld@x.org',
      [0, 1],
      [' Held@x.org'],
      [
        [0, null],
        [null, 'taken'],
      ],
    ],
    [
      'more names than seats',
      'a@x.org\nb@x.org\nc@x.org',
      [2],
      [],
      [
        [2, null],
        [null, 'overflow'],
        [null, 'overflow'],
      ],
    ],
    ['no free seat at all', 'a@x.org', [], [], [[null, 'overflow']]],
    [
      'a problem line takes no seat',
      'bad\nb@x.org',
      [5],
      [],
      [
        [null, 'invalid'],
        [5, null],
      ],
    ],
  ])('%s', (_case, text, free, taken, expected) => {
    expect(planSeats(list(text), free, taken).map((person) => [person.seat, person.problem])).toEqual(expected);
  });

  it('seatedPeople keeps only those who fill a seat', () => {
    const plan = planSeats(list('a@x.org, bad, b@x.org'), [0, 1], []);
    expect(seatedPeople(plan).map((person) => [person.seat, person.email])).toEqual([
      [0, 'a@x.org'],
      [1, 'b@x.org'],
    ]);
  });
});
