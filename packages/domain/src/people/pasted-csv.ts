// A pasted list's CSV file (issue 25), read with csv-parse. Apart from pasted-list.ts so that the pages
// offering a paste load the parser only when a file is chosen (a chunk of its own, about 50 kB).
import { parse } from 'csv-parse/browser/esm/sync';
import type { ListedPerson } from './pasted-list.ts';

/**
 * RFC 4180 rows: quoted fields may hold separators, doubled quotes and line breaks; a leading BOM is
 * dropped. As spreadsheets write them: a comma or a semicolon separates fields, any of CRLF, LF and CR
 * ends a row (mixed in one file too), a blank line is a row of one empty field (so row numbers stay
 * line numbers), rows may differ in length, a quote inside an unquoted field is a character, and spaces
 * around a field are not its value. A quote left open swallows the rest of the file: the rows before
 * it are kept.
 */
export function parseCsvRows(text: string): string[][] {
  // Without `columns`, each record csv-parse answers is an array of strings (its typings say any).
  return parse(text, {
    bom: true,
    delimiter: [',', ';'],
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    skip_records_with_error: true,
    trim: true,
  }) as string[][];
}

const headerNames = {
  email: /^e-?mail( address)?$/,
  firstName: /^first[ _-]?name$|^first$|^given[ _-]?name$/,
  lastName: /^last[ _-]?name$|^last$|^surname$|^family[ _-]?name$/,
} as const;

const normalizedHeader = (cell: string) => cell.trim().toLowerCase();

/**
 * A CSV of email, first name, last name. The first row is a header when one of its cells names the
 * email column and none holds an address; the header's names then place the columns in any order.
 */
export function parseCsvList(text: string): ListedPerson[] {
  const rows = parseCsvRows(text);
  const first = rows[0] ?? [];
  const isHeader =
    first.some((cell) => headerNames.email.test(normalizedHeader(cell))) && !first.some((cell) => cell.includes('@'));
  const column = (name: keyof typeof headerNames, fallback: number) => {
    if (!isHeader) return fallback;
    return first.findIndex((cell) => headerNames[name].test(normalizedHeader(cell)));
  };
  const emailAt = column('email', 0);
  const firstAt = column('firstName', 1);
  const lastAt = column('lastName', 2);
  const cell = (row: string[], at: number) => (at >= 0 ? (row[at] ?? '').trim() : '');
  return rows.flatMap((row, index) => {
    if ((isHeader && index === 0) || row.every((value) => value.trim() === '')) return [];
    const email = cell(row, emailAt);
    return [
      {
        line: index + 1,
        text: row
          .map((value) => value.trim())
          .filter((value) => value !== '')
          .join(', '),
        email: email.toLowerCase(),
        firstName: cell(row, firstAt),
        lastName: cell(row, lastAt),
      },
    ];
  });
}
