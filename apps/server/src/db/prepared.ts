import { sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();

/**
 * Runs raw SQL as a named prepared statement on the executor's connection (a transaction's, or one
 * of the pool's): PostgreSQL parses it once per connection and may keep its plan, which matters for
 * the few statements every purchase runs. A name must always go with the same SQL text (only the
 * parameters vary), or node-postgres refuses it. PGlite ignores the name. For a query builder,
 * `.prepare(name)` does the same. Rows come as the driver answers them, named by the SQL's aliases
 * (timestamps as text).
 */
export async function executePrepared<Row>(db: Executor, name: string, query: SQL): Promise<Row[]> {
  return executeQuery<Row>(db, name, dialect.sqlToQuery(query), {});
}

/** A statement whose SQL is built once, when the module loads; its inputs are sql.placeholder()s. */
export interface StaticStatement {
  name: string;
  query: Query;
}

/**
 * Builds a statement once. Building SQL through drizzle costs CPU in proportion to its size (half a
 * millisecond for the checkout's cart read), which the statements every purchase runs should not
 * pay each time.
 */
export const staticStatement = (name: string, query: SQL): StaticStatement => ({
  name,
  query: dialect.sqlToQuery(query),
});

/** Runs a static statement as a named prepared statement (see executePrepared) with its placeholders' values. */
export function executeStatic<Row>(
  db: Executor,
  statement: StaticStatement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  return executeQuery<Row>(db, statement.name, statement.query, values);
}

async function executeQuery<Row>(
  db: Executor,
  name: string,
  query: Query,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
  return (result as { rows: Row[] }).rows;
}

/**
 * A timestamptz as the ISO 8601 text `Date.prototype.toISOString` gives (UTC, milliseconds), for
 * raw rows, whose timestamps otherwise come in PostgreSQL's own text form.
 */
export const isoTimestamp = (column: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
