import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { DatabaseHandle } from './client.ts';
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
