import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * A page's total: read with its rows (each carries `count(*) over ()`), or counted on its own when the
 * page is past the last and so has no row to carry it.
 */
export async function pageTotal(
  db: Executor,
  rows: readonly { total: number }[],
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  const [first] = rows;
  if (first) return first.total;
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return counted?.count ?? 0;
}
