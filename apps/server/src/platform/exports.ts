import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/client.ts';
import { caller } from './access.ts';
import { actorOf, audit } from './audit.ts';
import { sendDownload } from './downloads.ts';

export type ExportFormat = 'csv' | 'xlsx';

export type ExportCell = string | number | null;

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => ExportCell;
  /** The value is integer cents: written as dollars (12.50 in a CSV, a dollar-formatted number in a sheet). */
  cents?: boolean;
}

export interface Export<Row> {
  /** The file's name without its extension; callers pass names they built or made safe themselves. */
  baseName: string;
  /** The sheet's tab in the XLSX file. */
  title: string;
  format: ExportFormat;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
}

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Rows in pages of this many: enough to keep round trips few, few enough that memory stays flat. */
export const exportPageSize = 500;

/**
 * Every row of a list, read a page at a time by keyset: each page starts after the last row of the
 * one before, so the database never counts past skipped rows and the whole list is never in memory.
 */
export async function* keysetRows<Row>(
  readPage: (after: Row | undefined, limit: number) => Promise<Row[]>,
  pageSize = exportPageSize,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const page = await readPage(after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    after = page.at(-1);
  }
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

function csvCells<Row>(columns: readonly ExportColumn<Row>[], row: Row): ExportCell[] {
  return columns.map((column) => {
    const value = column.value(row);
    return column.cents && typeof value === 'number' ? dollars(value) : value;
  });
}

async function* csvRecords<Row>(columns: readonly ExportColumn<Row>[], rows: AsyncIterable<Row>) {
  yield columns.map((column) => column.header);
  for await (const row of rows) yield csvCells(columns, row);
}

function csvStream<Row>({ columns, rows }: Export<Row>): Readable {
  // escape_formulas: a cell starting with = + - @ is read as text by a spreadsheet, never run.
  const csv = stringify({ escape_formulas: true, record_delimiter: 'windows' });
  const records = Readable.from(csvRecords(columns, rows));
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}

function xlsxStream<Row>({ columns, rows, title }: Export<Row>): Readable {
  const out = new PassThrough();
  const write = async () => {
    // ExcelJS is loaded by the first spreadsheet asked for, not at start-up (docs/decisions/0144-start-in-a-second.md).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(title.slice(0, 31));
    sheet.columns = columns.map((column) => ({
      header: column.header,
      width: Math.max(12, Math.min(40, column.header.length + 4)),
      style: column.cents ? { numFmt: '"$"#,##0.00' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const row of rows) {
      sheet
        .addRow(
          columns.map((column) => {
            const value = column.value(row);
            return column.cents && typeof value === 'number' ? value / 100 : value;
          }),
        )
        .commit();
      // The zip writes into `out` as rows are committed: wait for the reader when it falls behind.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/**
 * The rows as they are read, counted; once the last is read (or the download is cut off) one audit entry says who
 * exported which list (its title), under which filters (the route's parameters and query, the format aside), how
 * many rows the file had and whether it was sent whole.
 */
async function* auditedRows<Row>(rows: AsyncIterable<Row>, record: (rows: number, complete: boolean) => Promise<void>) {
  let count = 0;
  let complete = false;
  try {
    for await (const row of rows) {
      count += 1;
      yield row;
    }
    complete = true;
  } finally {
    await record(count, complete);
  }
}

/**
 * Sends a list as a CSV or XLSX attachment, written as its rows are read: a list of any length costs
 * the memory of one page. The header row comes first even when the list is empty. Every export is audited
 * (auditedRows) in `db`: an export route cannot send a file without saying who took it.
 */
export function sendExport<Row>(reply: FastifyReply, file: Export<Row>, db: Executor): FastifyReply {
  const { request } = reply;
  const actor = actorOf(caller(request));
  const query = Object.entries({ ...(request.query as Record<string, unknown>) }).filter(([key]) => key !== 'format');
  const filters = { ...(request.params as Record<string, unknown>), ...Object.fromEntries(query) };
  const rows = auditedRows(file.rows, (count, complete) =>
    audit(db, {
      ...actor,
      action: 'export.download',
      subjectType: 'export',
      subjectId: file.title,
      data: { list: file.title, format: file.format, filters, rows: count, complete },
    }),
  );
  const audited = { ...file, rows };
  return sendDownload(reply, {
    fileName: `${file.baseName}.${file.format}`,
    contentType: contentTypes[file.format],
    body: file.format === 'csv' ? csvStream(audited) : xlsxStream(audited),
  });
}

/** What an export route may answer, for its OpenAPI `produces`. */
export const exportMediaTypes = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
