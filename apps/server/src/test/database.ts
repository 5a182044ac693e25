import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../config.ts';
import { compilePgliteWasm } from '../db/pglite-wasm.ts';
import { openPostgres, pgliteExtensions, pgliteHandle, pgliteStartParams, type DatabaseHandle } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: a PGlite started from the run's migrated data
 * directory by default, a copy of the run's migrated template database on the PostgreSQL server when
 * DATABASE_URL is set (as CI does), dropped again by close(). test/migrated-template.ts migrates once
 * per run; migrate() below only confirms that nothing is left to apply.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('migratedTemplate');
  const settings = loadConfig().database;
  if (settings.kind === 'pglite') {
    if (template.kind !== 'pglite')
      throw new Error('the migrated template was made for PostgreSQL, but DATABASE_URL is not set here');
    const client = new PGlite({
      loadDataDir: pgliteDataDir(template.tarball),
      pgliteWasmModule: await pgliteWasm(),
      extensions: pgliteExtensions,
      startParams: pgliteStartParams,
    });
    await client.waitReady;
    const handle = pgliteHandle(client);
    await handle.migrate();
    return handle;
  }
  if (template.kind !== 'postgres')
    throw new Error('the migrated template was made for PGlite, but DATABASE_URL is set here');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(settings.url);
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.database}`);
  // A test database is thrown away, never recovered: a commit need not wait for its WAL to reach the
  // disk (7 ms a commit on the CI machine's PostgreSQL, 0.2 ms without). Locks, constraints and
  // isolation are unchanged; only durability across a crash of the server is given up.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
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

/** The machine's PostgreSQL (every developer and CI machine runs one), for a run on PGlite. */
const localPostgres = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, migrated PostgreSQL database even when the run uses PGlite: for tests of what only a PostgreSQL server
 * has (node-postgres' wire protocol). With DATABASE_URL set it is createTestDatabase's copy of the template;
 * otherwise a new database on the machine's PostgreSQL, migrated from nothing, dropped again by close().
 */
export async function createPostgresTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const settings = loadConfig().database;
  if (settings.kind === 'postgres') {
    const handle = await createTestDatabase();
    return { ...handle, url: await urlOf(handle, settings.url) };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: localPostgres });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(localPostgres);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: localPostgres });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The address of the database `handle` is open on, on the server `serverUrl` names. */
async function urlOf(handle: DatabaseHandle, serverUrl: string): Promise<string> {
  const result = await handle.db.execute(sql`select current_database() as name`);
  // node-postgres answers with { rows }; the driver-neutral Database type leaves the result unknown.
  const [{ name }] = (result as { rows: [{ name: string }] }).rows;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let compiledPglite: Promise<WebAssembly.Module> | undefined;

/** Compiled once per worker (a worker runs many files): compiling PGlite's 9 MB of WebAssembly costs more than starting it. */
function pgliteWasm(): Promise<WebAssembly.Module> {
  compiledPglite ??= compilePgliteWasm();
  return compiledPglite;
}

const dataDirs = new Map<string, Blob>();

/** Read once per worker: every file the worker runs starts from the same bytes. */
function pgliteDataDir(tarball: string): Blob {
  let blob = dataDirs.get(tarball);
  if (!blob) {
    blob = new Blob([readFileSync(tarball)]);
    dataDirs.set(tarball, blob);
  }
  return blob;
}
