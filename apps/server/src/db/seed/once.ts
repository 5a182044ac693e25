import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { seedRuns } from '../schema/platform.ts';

/**
 * Runs `seed` unless this database has recorded it at `version`, then records it: a seed that takes seconds (the
 * demo data) runs on the first start of a data folder or database, and again only once its version is raised. The
 * seed itself stays idempotent (two instances starting together may both run it). Returns whether it ran.
 */
export async function seedOnce(
  db: Database,
  name: string,
  version: number,
  seed: () => Promise<void>,
): Promise<boolean> {
  const [recorded] = await db.select({ version: seedRuns.version }).from(seedRuns).where(eq(seedRuns.name, name));
  if (recorded?.version === version) return false;
  await seed();
  await db
    .insert(seedRuns)
    .values({ name, version })
    .onConflictDoUpdate({ target: seedRuns.name, set: { version, ranAt: sql`now()` } });
  return true;
}
