import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * One hash per table of every row of the app's schema, as 'table:hash' lines: equal before and after a
 * request means the request wrote nothing (no insert, update or delete), and a difference names the
 * tables. Plain SQL, so it works on PGlite and on PostgreSQL alike; pg_stat_user_tables would not, as
 * its counters are flushed lazily. Fine for a test database of a few hundred rows, not a real one.
 */
export async function databaseFingerprint(db: Executor): Promise<string> {
  // Both drivers answer with { rows }; the driver-neutral Executor type leaves the result unknown.
  const listed: unknown = await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = listed as { rows: { name: string }[] };
  const perTable = tables.rows.map(
    ({ name }) =>
      `select '${name}' as name, md5(coalesce(string_agg(md5(r::text), ',' order by md5(r::text)), '')) as hash from public."${name}" r`,
  );
  const hashed: unknown = await db.execute(sql.raw(perTable.join(' union all ')));
  return (hashed as { rows: { name: string; hash: string }[] }).rows.map((row) => `${row.name}:${row.hash}`).join('\n');
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: string, after: string): string[] {
  const old = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !old.has(line))
    .map((line) => line.split(':')[0] ?? line);
}
