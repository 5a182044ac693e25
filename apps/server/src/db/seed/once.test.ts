import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { seedRuns } from '../schema/platform.ts';
import { seedOnce } from './once.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('seedOnce', () => {
  it('runs a seed on the first start, skips it on the next, and runs it again at a new version', async () => {
    let runs = 0;
    const seed = async () => {
      runs += 1;
    };
    expect(await seedOnce(database.db, 'probe', 1, seed)).toBe(true);
    expect(await seedOnce(database.db, 'probe', 1, seed)).toBe(false);
    expect(runs).toBe(1);
    expect(await seedOnce(database.db, 'probe', 2, seed)).toBe(true);
    expect(runs).toBe(2);
    const [row] = await database.db.select().from(seedRuns).where(eq(seedRuns.name, 'probe'));
    expect(row?.version).toBe(2);
  });

  it('records nothing when the seed fails, so the next start tries again', async () => {
    const failing = () => Promise.reject(new Error('seed failed'));
    await expect(seedOnce(database.db, 'failing', 1, failing)).rejects.toThrow('seed failed');
    expect(await seedOnce(database.db, 'failing', 1, async () => undefined)).toBe(true);
  });
});
