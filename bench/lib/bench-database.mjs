// A fresh, migrated database for one benchmark, dropped again by close(): a new database on the
// PostgreSQL server DATABASE_URL names (that one is only used to create and drop it), else an
// in-memory PGlite. The tests' createTestDatabase copies a template their run's global setup made,
// which a benchmark (no vitest around it) does not have. BENCH_DATABASE_PREFIX (default portal_bench_) names them, so
// runs side by side on one server can tell theirs apart.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Server code: the benchmarks migrate with the server's own migrator.
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { openPglite, openPostgres } = await import('../../apps/server/src/db/client.ts');

async function onServer(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * On PostgreSQL the handle also carries `url`, the new database's, for an app started in another process.
 * @returns {Promise<import('../../apps/server/src/db/client.ts').DatabaseHandle & { url?: string }>}
 */
export async function createBenchDatabase() {
  const settings = loadConfig().database;
  if (settings.kind === 'pglite') {
    const handle = await openPglite(undefined);
    await handle.migrate();
    return handle;
  }
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'portal_bench_'}${randomBytes(6).toString('hex')}`;
  await onServer(settings.url, `create database ${name}`);
  const url = new URL(settings.url);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await onServer(settings.url, `drop database if exists ${name} with (force)`);
    },
  };
}
