import { z } from 'zod';

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportFormatLabels: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

/**
 * A list's export: the list's own filters (its query without the page) and the file's format. The
 * same schema narrows the list and its file, so the file holds exactly the rows the screen pages through.
 */
export function exportQuery<Shape extends z.ZodRawShape>(listQuery: z.ZodObject<Shape>) {
  const { page: _page, pageSize: _pageSize, ...filters } = listQuery.shape;
  return z.object({ ...filters, format: z.enum(exportFormats, 'Choose csv or xlsx') });
}
