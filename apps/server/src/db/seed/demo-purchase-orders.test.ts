import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAvailable } from '../../features/institute-purchase-orders/repository.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createOrganization } from '../../test/factories.ts';
import type { DatabaseHandle } from '../client.ts';
import { events } from '../schema/commerce.ts';
import { contracts } from '../schema/contracts.ts';
import { demoContractPackage, leadershipInstitute, seedDemoPurchaseOrders } from './demo-purchase-orders.ts';

let database: DatabaseHandle;
const now = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('demo purchase orders', () => {
  it('gives Lincoln Elementary two accepted, unpaid applicants of the leadership institute and Washington Middle a contract, once', async () => {
    const lincoln = await createOrganization(database.db, 'Lincoln Elementary School');
    const washington = await createOrganization(database.db, 'Washington Middle School');
    await seedDemoPurchaseOrders(database.db, now);
    await seedDemoPurchaseOrders(database.db, now);
    const institutes = await database.db.select().from(events).where(eq(events.name, leadershipInstitute));
    expect(institutes).toHaveLength(1);
    expect(await countAvailable(database.db, institutes[0]?.id ?? '', lincoln.id)).toBe(2);
    const signed = await database.db.select().from(contracts).where(eq(contracts.organizationId, washington.id));
    expect(signed.map((c) => [c.packageName, c.totalCents])).toEqual([[demoContractPackage, 1_250_000]]);
  });
});
