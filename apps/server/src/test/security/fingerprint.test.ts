import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform.ts';
import { useTestApp } from '../harness.ts';
import { changedTables, databaseFingerprint } from './fingerprint.ts';

const t = useTestApp();
let id = 0;

beforeAll(async () => {
  const [row] = await t.deps.db
    .insert(auditLog)
    .values({ action: 'fingerprint.test', subjectType: 'test', data: { n: 1 } })
    .returning({ id: auditLog.id });
  id = row?.id ?? 0;
});

describe('databaseFingerprint', () => {
  it('is the same when nothing was written, even read twice', async () => {
    const before = await databaseFingerprint(t.deps.db);
    await t.deps.db.select().from(auditLog);
    expect(changedTables(before, await databaseFingerprint(t.deps.db))).toEqual([]);
  });

  it.each([
    ['an insert', () => t.deps.db.insert(auditLog).values({ action: 'fingerprint.other', subjectType: 'test' })],
    [
      'an update of one value',
      () =>
        t.deps.db
          .update(auditLog)
          .set({ data: { n: 2 } })
          .where(eq(auditLog.id, id)),
    ],
    ['a delete', () => t.deps.db.delete(auditLog).where(eq(auditLog.action, 'fingerprint.other'))],
  ])('names the table %s changed', async (_what, write) => {
    const before = await databaseFingerprint(t.deps.db);
    await write();
    expect(changedTables(before, await databaseFingerprint(t.deps.db))).toEqual(['audit_log']);
  });

  it('names a table whose rows were swapped for others of the same count', async () => {
    const before = await databaseFingerprint(t.deps.db);
    await t.deps.db.transaction(async (tx) => {
      await tx.delete(auditLog).where(eq(auditLog.id, id));
      await tx.insert(auditLog).values({ action: 'fingerprint.test', subjectType: 'test', data: { n: 3 } });
    });
    expect(changedTables(before, await databaseFingerprint(t.deps.db))).toEqual(['audit_log']);
  });
});
