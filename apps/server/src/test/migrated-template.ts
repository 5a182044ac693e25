import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { openPostgres, pgliteExtensions, pgliteHandle, pgliteStartParams } from '../db/client.ts';

/** Where test/database.ts copies each test file's database from. */
export type MigratedTemplate = { kind: 'pglite'; tarball: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate: MigratedTemplate;
  }
}

/**
 * vitest globalSetup of the server project: migrates one database per run, so that each test file
 * copies it (a PGlite data directory, or PostgreSQL's CREATE DATABASE … TEMPLATE) instead of starting
 * an empty database and running every migration again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const settings = loadConfig().database;
  if (settings.kind === 'pglite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-template-'));
    const client = new PGlite({ extensions: pgliteExtensions, startParams: pgliteStartParams });
    await client.waitReady;
    await pgliteHandle(client).migrate();
    const tarball = path.join(folder, 'migrated.tar');
    writeFileSync(tarball, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    await client.close();
    project.provide('migratedTemplate', { kind: 'pglite', tarball });
    return async () => rmSync(folder, { recursive: true, force: true });
  }
  const database = `portal_template_${randomBytes(6).toString('hex')}`;
  const adminUrl = settings.url;
  await onAdmin(adminUrl, async (admin) => {
    await admin.query(`create database ${database}`);
    // Thrown away after the run, like every test database (test/database.ts).
    await admin.query(`alter database ${database} set synchronous_commit = off`);
  });
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${database}`;
  const handle = openPostgres(templateUrl.toString());
  await handle.migrate();
  // CREATE DATABASE … TEMPLATE refuses while anybody is connected to the template.
  await handle.close();
  project.provide('migratedTemplate', { kind: 'postgres', database });
  return () => onAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${database} with (force)`));
}

async function onAdmin(url: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
