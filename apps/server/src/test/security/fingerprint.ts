import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The app's tables, read once per database: no request creates or drops one. */
const tablesOf = new WeakMap<Executor, Promise<string[]>>();

async function tables(db: Executor): Promise<string[]> {
  let listed = tablesOf.get(db);
  if (!listed) {
    listed = (async () => {
      // Both drivers answer with { rows }; the driver-neutral Executor type leaves the result unknown.
      const result: unknown = await db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
      return (result as { rows: { name: string }[] }).rows.map(({ name }) => name);
    })();
    tablesOf.set(db, listed);
  }
  return listed;
}

/**
 * One line per table of the app's schema, 'table:rows:hash', where the hash sums a hash of each row's text: equal
 * before and after a request means the request wrote nothing (no insert, update or delete), and a difference names
 * the tables. A sum needs no order, where a string of the rows' hashes had to sort them first (2.5 times the cost of
 * this, run before and after every refusal of the access matrix). Plain SQL, so it works on PGlite and on PostgreSQL
 * alike; pg_stat_user_tables would not, as its counters are flushed lazily. Fine for a test database of a few
 * thousand rows, not a real one.
 */
export async function databaseFingerprint(db: Executor): Promise<string> {
  const perTable = (await tables(db)).map(
    (name) =>
      `select '${name}' as name, count(*) || ':' || coalesce(sum(hashtext(r::text)::bigint), 0) as hash from public."${name}" r`,
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
