import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';

/** A CSV answer's lines, header first, each a list of cells as a spreadsheet would read them. */
export function readCsv(body: string): string[][] {
  return parse(body, { relax_column_count: false }) as string[][];
}

/** The first sheet of an XLSX answer, header first, each cell as its value (numbers stay numbers). */
export async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the file has no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1));
  });
  return rows;
}
