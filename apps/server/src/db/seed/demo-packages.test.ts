import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRequestStatuses } from '@portal/domain/package-rules.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { packageRequestPdSessions, packageRequests, packages } from '../schema/packages.ts';
import { seedDemoEvents } from './demo-events.ts';
import { demoPackageSchool, fullPackageName, seedDemoPackages } from './demo-packages.ts';
import { seedLookups } from './lookups.ts';

let database: DatabaseHandle;
const now = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLookups(database.db, now);
  await seedDemoEvents(database.db, now);
  await createOrganization(database.db, demoPackageSchool);
  await createUser(database.db, { email: 'owner.lincoln@demo.test' });
});
afterAll(async () => {
  await database?.close();
});

describe('demo packages', () => {
  it('seeds the catalogue and one request of the school in each status, once', async () => {
    await seedDemoPackages(database.db, now);
    await seedDemoPackages(database.db, now);
    const catalogue = await database.db.select().from(packages);
    expect(catalogue).toHaveLength(8);
    expect(catalogue.filter((p) => p.name === fullPackageName)).toHaveLength(1);
    const requests = await database.db.select().from(packageRequests);
    expect(requests.map((r) => r.status).sort()).toEqual([...packageRequestStatuses].sort());
    const changes = requests.find((r) => r.status === 'CHANGES_REQUESTED');
    const [overridden] = await database.db.select().from(packageRequestPdSessions).where(eq(packageRequestPdSessions.packageRequestId, changes?.id ?? ''));
    expect(overridden).toMatchObject({ requestedDays: 2, overrideAmount: 3, createdByInitiator: false, overrideDate: '2026-11-22' });
  });
});
