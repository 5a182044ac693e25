import { describe, expect, it } from 'vitest';
import { parseCsvList, parseCsvRows } from './pasted-csv.ts';

const brief = (people: ReturnType<typeof parseCsvList>) =>
  people.map(({ line, email, firstName, lastName }) => [line, email, firstName, lastName]);

describe('parseCsvRows', () => {
  it.each([
    [
      'plain',
      'a,b,c\nd,e,f',
      [
        ['a', 'b', 'c'],
        ['d', 'e', 'f'],
      ],
    ],
    ['quoted separators', '"a,1","b;2",c', [['a,1', 'b;2', 'c']]],
    ['doubled quotes', '"say ""hi""",x', [['say "hi"', 'x']]],
    [
      'a line break inside quotes',
      '"two\nlines",x\ny,z',
      [
        ['two\nlines', 'x'],
        ['y', 'z'],
      ],
    ],
    [
      'CRLF and a trailing newline',
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['a BOM', '\uFEFFa,b', [['a', 'b']]],
    ['empty fields', 'a,,c', [['a', '', 'c']]],
  ])('%s', (_case, text, expected) => {
    expect(parseCsvRows(text)).toEqual(expected);
  });
});

describe('parseCsvList', () => {
  it.each([
    [
      'no header: email, first, last',
      'ann@x.org,Ann,Lee\nbob@x.org,Bob,Ray',
      [
        [1, 'ann@x.org', 'Ann', 'Lee'],
        [2, 'bob@x.org', 'Bob', 'Ray'],
      ],
    ],
    [
      'a header is detected and skipped',
      'Email,First Name,Last Name\nann@x.org,Ann,Lee',
      [[2, 'ann@x.org', 'Ann', 'Lee']],
    ],
    [
      'header columns in another order',
      'last_name;first_name;e-mail\nLee;Ann;ANN@x.org',
      [[2, 'ann@x.org', 'Ann', 'Lee']],
    ],
    ['a header without names', '\uFEFFemail\r\nann@x.org\r\n', [[2, 'ann@x.org', '', '']]],
    ['quoted names', '"ann@x.org","Ann ""Jo""","Lee, Jr."', [[1, 'ann@x.org', 'Ann "Jo"', 'Lee, Jr.']]],
    [
      'blank rows are skipped, numbering kept',
      'ann@x.org\n,,\nbob@x.org',
      [
        [1, 'ann@x.org', '', ''],
        [3, 'bob@x.org', '', ''],
      ],
    ],
    ['a first row with an address is data', 'email@x.org,First,Last', [[1, 'email@x.org', 'First', 'Last']]],
    ['a row with no email stays (invalid later)', 'Email,First Name\n,Ann', [[2, '', 'Ann', '']]],
  ])('%s', (_case, text, expected) => {
    expect(brief(parseCsvList(text))).toEqual(expected);
  });
});

describe('parseCsvRows: as spreadsheets write it', () => {
  it.each([
    ['a quoted field', '"ann@x.org",Ann', [['ann@x.org', 'Ann']]],
    ['a quoted empty field', 'a,"",c', [['a', '', 'c']]],
    ['a quote inside an unquoted field is a character', 'Ann "Jo" Lee,x', [['Ann "Jo" Lee', 'x']]],
    ['spaces around a quoted field', 'a, "b" ,c', [['a', 'b', 'c']]],
    ['a comma inside quotes', '"Lee, Jr.",Ann', [['Lee, Jr.', 'Ann']]],
    ['a semicolon inside quotes', '"Lee; Jr.";Ann', [['Lee; Jr.', 'Ann']]],
    ['commas and doubled quotes inside one field', '"a, ""b"", c",d', [['a, "b", c', 'd']]],
    ['a CRLF inside quotes', '"two\r\nlines",x', [['two\r\nlines', 'x']]],
    [
      'CRLF rows',
      'a,b\r\nc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'CR rows',
      'a,b\rc,d\r',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['LF, CRLF and CR mixed in one file', 'a\nb\r\nc\rd', [['a'], ['b'], ['c'], ['d']]],
    ['a blank line is a row of one empty field', 'a\n\nb', [['a'], [''], ['b']]],
    ['blank CRLF lines, one at the end', 'a\r\n\r\nb\r\n\r\n', [['a'], [''], ['b'], ['']]],
    ['nothing', '', []],
    ['a lone line break', '\n', [['']]],
    ['rows of different lengths', 'a\nb,c,d', [['a'], ['b', 'c', 'd']]],
    ['a quote left open keeps the rows before it', 'a,b\n"open,c\nd,e', [['a', 'b']]],
  ])('%s', (_case, text, expected) => {
    expect(parseCsvRows(text)).toEqual(expected);
  });
});

describe('parseCsvList: quotes, CRLF and blank lines', () => {
  it.each([
    [
      'a header and CRLF rows',
      'Email,First Name,Last Name\r\nann@x.org,Ann,Lee\r\nbob@x.org,Bob,Ray\r\n',
      [
        [2, 'ann@x.org', 'Ann', 'Lee'],
        [3, 'bob@x.org', 'Bob', 'Ray'],
      ],
    ],
    [
      'blank lines skipped, numbering kept',
      '\nann@x.org\r\n\r\nbob@x.org\n',
      [
        [2, 'ann@x.org', '', ''],
        [4, 'bob@x.org', '', ''],
      ],
    ],
    ['a last name with a comma in quotes', 'ann@x.org,Ann,"Lee, Jr."', [[1, 'ann@x.org', 'Ann', 'Lee, Jr.']]],
    ['a quoted email with spaces around it', ' "ANN@x.org" ,Ann,Lee', [[1, 'ann@x.org', 'Ann', 'Lee']]],
    ['semicolons, as some spreadsheets export', 'ann@x.org;Ann;Lee', [[1, 'ann@x.org', 'Ann', 'Lee']]],
  ])('%s', (_case, text, expected) => {
    expect(brief(parseCsvList(text))).toEqual(expected);
  });
});
