import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config.ts';

export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either the database or an open transaction: repository functions accept both. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite runs every statement on one connection; its own transaction lock makes statements of other
 * requests wait until a transaction ends, so transactions never interleave (see db/client.test.ts).
 */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = new PGlite({ dataDir, extensions: pgliteExtensions });
  await client.waitReady;
  return pgliteHandle(client);
}

/** pg_trgm backs the organization and district search indexes, as on PostgreSQL. */
export const pgliteExtensions = { pg_trgm };

/** Wraps a ready PGlite client (tests start theirs from a migrated copy). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

// Any constant shared by every instance: several servers starting at once migrate one at a time.
const migrationLockKey = 7_301_962_114;

export function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (restart, failover, a dropped test database) is discarded by
  // the pool and replaced on next use; without a listener node-postgres would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  const db = drizzleNodePg({ client: pool });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(config: Config['database']): Promise<DatabaseHandle> {
  return config.kind === 'postgres' ? openPostgres(config.url) : openPglite(config.dataDir);
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
