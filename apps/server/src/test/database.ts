import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, a new database on the
 * PostgreSQL server when DATABASE_URL is set (as CI does), dropped again by close().
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const settings = loadConfig().database;
  if (settings.kind === 'pglite') {
    const handle = await openPglite(undefined);
    await handle.migrate();
    return handle;
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(settings.url);
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(settings.url);
  testUrl.pathname = `/${name}`;
  const handle = openPostgres(testUrl.toString());
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
