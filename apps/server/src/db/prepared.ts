import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();

/**
 * Runs raw SQL as a named prepared statement on the executor's connection (a transaction's, or one
 * of the pool's): PostgreSQL parses it once per connection and may keep its plan, which matters for
 * the few statements every purchase runs. A name must always go with the same SQL text (only the
 * parameters vary), or node-postgres refuses it. PGlite ignores the name. For a query builder,
 * `.prepare(name)` does the same.
 */
export async function executePrepared<Row>(db: Executor, name: string, query: SQL): Promise<Row[]> {
  const result = await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
}
