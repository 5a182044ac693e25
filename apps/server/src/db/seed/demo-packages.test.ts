import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRequestStatuses } from '@portal/domain/packages/rules.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import {
  packageRequestEvents,
  packageRequestGroupSections,
  packageRequestInstitutes,
  packageRequestPdSessions,
  packageRequests,
  packages,
} from '../schema/packages.ts';
import { seedDemoEvents } from './demo-events.ts';
import { demoAssignmentSchool, demoPackageSchool, fullPackageName, seedDemoPackages } from './demo-packages.ts';
import { seedLookups } from './lookups.ts';

let database: DatabaseHandle;
let lincolnId: string;
let washingtonId: string;
const now = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLookups(database.db, now);
  await seedDemoEvents(database.db, now);
  lincolnId = (await createOrganization(database.db, demoPackageSchool)).id;
  washingtonId = (await createOrganization(database.db, demoAssignmentSchool)).id;
  await createUser(database.db, { email: 'owner.lincoln@demo.test' });
  await createUser(database.db, { email: 'owner.washington@demo.test' });
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
    const requests = await database.db
      .select()
      .from(packageRequests)
      .where(eq(packageRequests.organizationId, lincolnId));
    expect(requests.map((r) => r.status).sort()).toEqual([...packageRequestStatuses].sort());
    const changes = requests.find((r) => r.status === 'CHANGES_REQUESTED');
    const [overridden] = await database.db
      .select()
      .from(packageRequestPdSessions)
      .where(eq(packageRequestPdSessions.packageRequestId, changes?.id ?? ''));
    expect(overridden).toMatchObject({
      requestedDays: 2,
      overrideAmount: 3,
      createdByInitiator: false,
      overrideDate: '2026-11-22',
    });
  });

  it('seeds a submitted request of the full package for Washington, with something in every step', async () => {
    const [full] = await database.db
      .select({ id: packages.id })
      .from(packages)
      .where(eq(packages.name, fullPackageName));
    const requests = await database.db
      .select()
      .from(packageRequests)
      .where(eq(packageRequests.organizationId, washingtonId));
    expect(requests).toMatchObject([{ packageId: full?.id, status: 'SUBMITTED' }]);
    const id = requests[0]?.id ?? '';
    const [events, sections, institutes] = await Promise.all([
      database.db.select().from(packageRequestEvents).where(eq(packageRequestEvents.packageRequestId, id)),
      database.db
        .select()
        .from(packageRequestGroupSections)
        .where(eq(packageRequestGroupSections.packageRequestId, id)),
      database.db.select().from(packageRequestInstitutes).where(eq(packageRequestInstitutes.packageRequestId, id)),
    ]);
    expect(events.map((e) => e.requestedParticipants)).toEqual([2]);
    expect(sections.map((s) => s.requestedParticipants).sort()).toEqual([1, 2]);
    expect(institutes.map((i) => i.requestedParticipants)).toEqual([2]);
  });
});
