import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../../platform/storage.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { seedRuns } from '../schema/platform.ts';
import { toolkitDocuments } from '../schema/toolkit.ts';
import { users } from '../schema/users.ts';
import { demoSeedVersion, seedDemoOnce } from './demo-once.ts';
import { seedLookups } from './lookups.ts';

let database: DatabaseHandle;
const files = mkdtempSync(path.join(tmpdir(), 'portal-demo-once-'));
const storage = localStorage(files);
const now = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLookups(database.db, now);
});
afterAll(async () => {
  await database?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('the demo seed on start', () => {
  it('seeds a fresh database and records it, and a later start leaves it as it is', async () => {
    const { db } = database;
    expect(await seedDemoOnce(db, storage, 'http://portal.test', now)).toBe(true);
    expect(await db.$count(users, eq(users.email, 'staff@demo.test'))).toBe(1);
    expect(await db.$count(toolkitDocuments)).toBe(12);
    const [recorded] = await db.select().from(seedRuns).where(eq(seedRuns.name, 'demo'));
    expect(recorded?.version).toBe(demoSeedVersion);

    // A demo account deleted after the first start stays deleted: the next start did not seed again.
    await db.delete(users).where(eq(users.email, 'staff@demo.test'));
    expect(await seedDemoOnce(db, storage, 'http://portal.test', now)).toBe(false);
    expect(await db.$count(users, eq(users.email, 'staff@demo.test'))).toBe(0);
  });
});
