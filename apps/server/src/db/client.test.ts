import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../test/database.ts';
import { isMigrated, migrationsFolder, openPglite, writePgliteTemplate, type DatabaseHandle } from './client.ts';
import { districts } from './schema/organizations.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('transactions under concurrent requests', () => {
  it('a statement issued while another request is inside a transaction is not swept into it', async () => {
    const { db } = database;
    // On PGlite both run on one connection: if the outside insert ran inside the open transaction,
    // the rollback would take it away too.
    const failing = db.transaction(async (tx) => {
      await tx.insert(districts).values({ name: 'Rolled back district' });
      await pause(150);
      throw new Error('abort');
    });
    await pause(20);
    const outside = db.insert(districts).values({ name: 'Committed district' });
    await expect(failing).rejects.toThrow('abort');
    await outside;
    const names = (await db.select({ name: districts.name }).from(districts)).map((row) => row.name);
    expect(names).toContain('Committed district');
    expect(names).not.toContain('Rolled back district');
  });

  it('two concurrent transactions updating one row both count', async () => {
    const { db } = database;
    const [row] = await db.insert(districts).values({ name: 'Counter 0' }).returning();
    if (!row) throw new Error('no row');
    const bump = () =>
      db.transaction(async (tx) => {
        const [current] = await tx.select().from(districts).where(eq(districts.id, row.id)).for('update');
        await pause(30);
        const n = Number(current?.name.split(' ')[1]);
        await tx
          .update(districts)
          .set({ name: `Counter ${n + 1}` })
          .where(eq(districts.id, row.id));
      });
    await Promise.all([bump(), bump(), bump()]);
    const [after] = await db.select().from(districts).where(eq(districts.id, row.id));
    expect(after?.name).toBe('Counter 3');
  });

  it('migrations run again on an existing database without change', async () => {
    await database.migrate();
    const [row] = await database.db.select().from(districts).where(eq(districts.name, 'Committed district'));
    expect(row).toBeDefined();
  });
});

const onPostgres = loadConfig().database.kind === 'postgres';

/** The messages sent to PostgreSQL while `work` runs: one per call of a client's query, as bench:checkout counts. */
async function sentDuring(work: () => Promise<unknown>): Promise<number> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  let sent = 0;
  prototype.query = function counted(this: unknown, ...args: unknown[]) {
    sent += 1;
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = query;
  }
  return sent;
}

/**
 * On PostgreSQL the BEGIN rides with the transaction's first statement (db/client.ts statementAfterBegin); PGlite
 * sends nothing through node-postgres, and the same transactions must behave the same on it.
 */
describe("a transaction's BEGIN sent with its first statement", () => {
  it('takes one round trip less, and every statement is still inside the transaction', async () => {
    const { db } = database;
    let times: string[] = [];
    const sent = await sentDuring(() =>
      db.transaction(async (tx) => {
        const first = await tx.execute(sql`select now()::text as at, ${'first'}::text as label`);
        await pause(20);
        const second = await tx.execute(sql`select now()::text as at, ${'second'}::text as label`);
        times = [first, second].flatMap((result) => (result as { rows: { at: string }[] }).rows.map((row) => row.at));
      }),
    );
    // BEGIN with the first select, the second select, COMMIT.
    expect(sent).toBe(onPostgres ? 3 : 0);
    // now() is the transaction's start: both selects ran in one transaction, opened before the first.
    expect(times[0]).toBe(times[1]);
  });

  it('undoes what the first statement wrote when the transaction fails', async () => {
    const { db } = database;
    const failing = db.transaction(async (tx) => {
      await tx.insert(districts).values({ name: 'Written by a failed transaction' });
      throw new Error('abort');
    });
    await expect(failing).rejects.toThrow('abort');
    const rows = await db.select().from(districts).where(eq(districts.name, 'Written by a failed transaction'));
    expect(rows).toEqual([]);
  });

  it('a failing first statement rolls back, and the connections serve the next transactions', async () => {
    const { db } = database;
    const [taken] = await db.insert(districts).values({ name: 'Taken district name' }).returning();
    const failures = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        db.transaction(async (tx) => {
          await tx.insert(districts).values({ name: 'Taken district name' });
        }),
      ),
    );
    expect(failures.map((failure) => failure.status)).toEqual(Array(12).fill('rejected'));
    // Every connection of the pool (10) has had a failed first statement: each still opens and commits.
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(districts)
            .values({ name: `After the failures ${i}` })
            .returning();
          return row?.id;
        }),
      ),
    );
    expect(written.every((id) => typeof id === 'string')).toBe(true);
    expect(taken).toBeDefined();
  });

  it('a first statement without values (sent unprepared) is preceded by its own BEGIN', async () => {
    const { db } = database;
    let times: string[] = [];
    const sent = await sentDuring(() =>
      db.transaction(async (tx) => {
        const first = await tx.execute(sql`select now()::text as at`);
        await pause(20);
        const second = await tx.execute(sql`select now()::text as at, ${'second'}::text as label`);
        times = [first, second].flatMap((result) => (result as { rows: { at: string }[] }).rows.map((row) => row.at));
      }),
    );
    expect(sent).toBe(onPostgres ? 4 : 0);
    expect(times[0]).toBe(times[1]);
  });
});

describe('migrations on start', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  /** A copy of the app's migrations folder, to change without touching the real one. */
  const copyOfMigrations = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
    folders.push(folder);
    cpSync(migrationsFolder, folder, { recursive: true });
    return folder;
  };
  const journalOf = (folder: string) =>
    JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
    };

  it('a database at the latest migration skips the migrator', async () => {
    expect(await isMigrated(database.db)).toBe(true);
    // Without its first file the migrator could not even read the folder: migrate() resolving shows it did not run.
    const folder = copyOfMigrations();
    const [first] = journalOf(folder).entries;
    rmSync(path.join(folder, `${first?.tag}.sql`));
    await expect(database.migrate(folder)).resolves.toBeUndefined();
  });

  it('a database behind the latest migration is migrated', async () => {
    const folder = copyOfMigrations();
    const journal = journalOf(folder);
    const last = journal.entries.at(-1);
    if (!last) throw new Error('no migrations');
    const tag = `${String(last.idx + 1).padStart(4, '0')}_start-probe`;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    writeFileSync(path.join(folder, `${tag}.sql`), 'CREATE TABLE "start_probe" ("id" integer);');
    expect(await isMigrated(database.db, folder)).toBe(false);
    await database.migrate(folder);
    expect(await isMigrated(database.db, folder)).toBe(true);
    await database.db.execute(sql`insert into start_probe (id) values (1)`);
  });

  it('a database never migrated is not taken for one at the latest migration', async () => {
    await database.db.execute(sql`drop table drizzle.__drizzle_migrations`);
    expect(await isMigrated(database.db)).toBe(false);
    await database.db.execute(sql`drop schema drizzle cascade`);
    expect(await isMigrated(database.db)).toBe(false);
  });
});

describe("the embedded database's template (build.mjs)", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
  const template = path.join(scratch, 'pglite-template');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is copied into an empty data folder, migrated with what the build added, and left alone once the folder holds a database', async () => {
    await writePgliteTemplate(template, async (db) => {
      await db.insert(districts).values({ name: 'Built district' });
    });
    const dataDir = path.join(scratch, 'data');
    const first = await openPglite(dataDir, undefined, template);
    expect(await isMigrated(first.db)).toBe(true);
    expect(await first.db.select().from(districts).where(eq(districts.name, 'Built district'))).toHaveLength(1);
    await first.db.insert(districts).values({ name: 'Kept district' });
    await first.close();

    const again = await openPglite(dataDir, undefined, template);
    const kept = await again.db.select().from(districts).where(eq(districts.name, 'Kept district'));
    expect(kept).toHaveLength(1);
    await again.close();

    // The template is copied, never written: another empty folder (made beforehand) starts from it unchanged.
    const otherDir = path.join(scratch, 'other');
    mkdirSync(otherDir);
    const other = await openPglite(otherDir, undefined, template);
    expect(await other.db.select().from(districts).where(eq(districts.name, 'Kept district'))).toEqual([]);
    expect(await other.db.select().from(districts).where(eq(districts.name, 'Built district'))).toHaveLength(1);
    await other.close();
    expect(readdirSync(scratch).sort()).toEqual(['data', 'other', 'pglite-template']);
  });
});
