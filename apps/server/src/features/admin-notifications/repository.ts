import { and, asc, eq, gt, inArray, lte, max } from 'drizzle-orm';
import type { NotificationFrequency, StaffWorkKind } from '@portal/domain/staff/notifications.ts';
import type { Executor } from '../../db/client.ts';
import {
  staffDigestRuns,
  staffDigests,
  staffNotificationSettings,
  staffWorkItems,
} from '../../db/schema/staff-notifications.ts';
import { users } from '../../db/schema/users.ts';
import { enqueueJob } from '../../platform/jobs.ts';

export async function settingsOf(db: Executor, userId: string) {
  return db
    .select({ kind: staffNotificationSettings.kind, frequency: staffNotificationSettings.frequency })
    .from(staffNotificationSettings)
    .where(eq(staffNotificationSettings.userId, userId));
}

export async function saveSetting(db: Executor, userId: string, kind: StaffWorkKind, frequency: NotificationFrequency) {
  await db
    .insert(staffNotificationSettings)
    .values({ userId, kind, frequency })
    .onConflictDoUpdate({
      target: [staffNotificationSettings.userId, staffNotificationSettings.kind],
      set: { frequency },
    });
}

/** Staff members with the kinds they chose a daily digest for (only those with at least one). */
export async function digestReaders(db: Executor) {
  const rows = await db
    .select({ id: users.id, email: users.email, kind: staffNotificationSettings.kind })
    .from(staffNotificationSettings)
    .innerJoin(users, eq(users.id, staffNotificationSettings.userId))
    .where(and(eq(users.role, 'STAFF'), eq(staffNotificationSettings.frequency, 'DIGEST')))
    .orderBy(asc(users.email));
  const readers = new Map<string, { id: string; email: string; kinds: StaffWorkKind[] }>();
  for (const row of rows) {
    const reader = readers.get(row.id) ?? { id: row.id, email: row.email, kinds: [] };
    reader.kinds.push(row.kind);
    readers.set(row.id, reader);
  }
  return [...readers.values()];
}

/** Where the staff member's previous digest stopped; null before their first. */
export async function lastCovered(db: Executor, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ until: max(staffDigests.coversUntil) })
    .from(staffDigests)
    .where(eq(staffDigests.userId, userId));
  return row?.until ?? null;
}

export async function workBetween(db: Executor, kinds: StaffWorkKind[], after: Date, until: Date) {
  return db
    .select({
      kind: staffWorkItems.kind,
      summary: staffWorkItems.summary,
      path: staffWorkItems.path,
      createdAt: staffWorkItems.createdAt,
    })
    .from(staffWorkItems)
    .where(
      and(
        inArray(staffWorkItems.kind, kinds),
        gt(staffWorkItems.createdAt, after),
        lte(staffWorkItems.createdAt, until),
      ),
    )
    .orderBy(asc(staffWorkItems.createdAt), asc(staffWorkItems.id));
}

/** Claims the staff member's digest of a day: false when it was claimed already (sent, or being sent). */
export async function claimDigest(db: Executor, userId: string, day: string, coversUntil: Date): Promise<boolean> {
  const [row] = await db
    .insert(staffDigests)
    .values({ userId, day, coversUntil })
    .onConflictDoNothing()
    .returning({ day: staffDigests.day });
  return row !== undefined;
}

/** Enqueues the digest job of a day once, whoever asks: the run's row is inserted by one caller only. */
export async function scheduleDigestRun(db: Executor, kind: string, day: string, runAt: Date): Promise<boolean> {
  const [row] = await db
    .insert(staffDigestRuns)
    .values({ day, runAt })
    .onConflictDoNothing()
    .returning({ day: staffDigestRuns.day });
  if (!row) return false;
  await enqueueJob(db, kind, { day }, runAt);
  return true;
}
