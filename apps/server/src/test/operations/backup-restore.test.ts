import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openPostgres, pgliteExtensions, pgliteHandle, type Database, type DatabaseHandle } from '../../db/client.ts';
import { demoPassword, seedDemo } from '../../db/seed/demo.ts';
import { seedDemoResources } from '../../db/seed/demo-resources.ts';
import { seedLookups } from '../../db/seed/lookups.ts';
import { localStorage } from '../../platform/storage.ts';
import { createTestDatabase } from '../database.ts';
import { call, signIn, testClock } from '../harness.ts';

/**
 * The backup and restore of docs/deploy.md, done as an operator would: a database loaded with the demo
 * data and its uploaded files is dumped (pg_dump on PostgreSQL, PGlite's data-directory dump on the
 * embedded database) and the storage folder copied; both are restored into a fresh database and folder,
 * and the app started on them finds the same rows, the same files and the same sessions.
 */

const run = promisify(execFile);
const config = loadConfig({ PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'silent' });
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function appOn(db: Database, filesDir: string): Promise<App> {
  return buildApp({ config, db, clock: testClock(), storage: localStorage(filesDir) });
}

/** Every table's row count, by name. */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of (tables as { rows: { name: string }[] }).rows) {
    const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = (result as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }
  return counts;
}

async function storedFileKeys(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select file_key as key from event_resources where file_key is not null order by file_key`,
  );
  return (result as { rows: { key: string }[] }).rows.map((row) => row.key);
}

/** A fresh database holding the dump of `source`, made with the tools an operator has for its kind. */
async function restoredCopy(source: DatabaseHandle): Promise<DatabaseHandle> {
  if (source.kind === 'pglite') {
    const client = (source.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    const restored = new PGlite({ loadDataDir: dump, extensions: pgliteExtensions });
    await restored.waitReady;
    return pgliteHandle(restored);
  }
  const settings = config.database;
  if (settings.kind !== 'postgres') throw new Error('a PostgreSQL source needs DATABASE_URL');
  const sourceUrl = (source.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
  if (!sourceUrl) throw new Error('the source pool has no connection string');
  const dumpFile = path.join(mkdtempSync(path.join(tmpdir(), 'portal-dump-')), 'portal.dump');
  await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, sourceUrl]);
  const name = `portal_restored_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: settings.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(settings.url);
  url.pathname = `/${name}`;
  await run('pg_restore', ['--no-owner', `--dbname=${url.toString()}`, dumpFile]);
  rmSync(path.dirname(dumpFile), { recursive: true, force: true });
  const handle = openPostgres(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: settings.url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

describe('backup and restore', { timeout: 120_000 }, () => {
  it('brings back every row, file and session into a fresh database and folder', async () => {
    const source = await createTestDatabase();
    cleanups.push(() => source.close());
    const sourceFiles = mkdtempSync(path.join(tmpdir(), 'portal-files-'));
    cleanups.push(async () => rmSync(sourceFiles, { recursive: true, force: true }));
    await seedLookups(source.db, testClock()());
    await seedDemo(source.db, config.publicUrl);
    await seedDemoResources(source.db, localStorage(sourceFiles));
    const sourceApp = await appOn(source.db, sourceFiles);
    cleanups.push(() => sourceApp.close());
    const staff = await signIn(sourceApp, 'staff@demo.test', demoPassword);
    const before = await rowCounts(source.db);
    const files = await storedFileKeys(source.db);
    expect(files.length).toBeGreaterThan(0);
    expect(before.users).toBeGreaterThan(0);

    const restored = await restoredCopy(source);
    cleanups.push(() => restored.close());
    const restoredFiles = mkdtempSync(path.join(tmpdir(), 'portal-files-restored-'));
    cleanups.push(async () => rmSync(restoredFiles, { recursive: true, force: true }));
    cpSync(sourceFiles, restoredFiles, { recursive: true });
    // The app on the restored copy migrates forward as a start does; nothing is left to apply.
    await restored.migrate();
    const restoredApp = await appOn(restored.db, restoredFiles);
    cleanups.push(() => restoredApp.close());

    expect(await rowCounts(restored.db)).toEqual(before);
    expect(await storedFileKeys(restored.db)).toEqual(files);
    const storage = localStorage(restoredFiles);
    for (const key of files) {
      const bytes = await storage.get(key);
      expect(bytes?.equals(readFileSync(path.join(sourceFiles, key))), key).toBe(true);
    }
    // The session made before the backup still signs its staff member in.
    const me = await call(restoredApp, 'GET', '/api/me', { caller: staff });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'staff@demo.test' });
    const users = await call(restoredApp, 'GET', '/api/admin/users?page=1&pageSize=1', { caller: staff });
    expect(users.statusCode).toBe(200);
    expect(users.json()).toMatchObject({ total: before.users });
  });
});
