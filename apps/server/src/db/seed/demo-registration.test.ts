import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { events } from '../schema/commerce.ts';
import { eventGroupRegistrations } from '../schema/registration-requests.ts';
import { groupRetreat, seedDemoRegistration } from './demo-registration.ts';

let database: DatabaseHandle;
const now = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('demo group registration', () => {
  it('opens the retreat to group registration with its offer, once', async () => {
    await seedDemoRegistration(database.db, now);
    await seedDemoRegistration(database.db, now);
    const retreats = await database.db.select().from(events).where(eq(events.name, groupRetreat));
    expect(retreats).toHaveLength(1);
    const [settings] = await database.db
      .select()
      .from(eventGroupRegistrations)
      .where(eq(eventGroupRegistrations.eventId, retreats[0]?.id ?? ''));
    expect(settings).toMatchObject({
      open: true,
      attendeeCostCents: 12_500,
      paidSeatsRequiredForOffer: 10,
      freeSeatsInOffer: 2,
    });
  });
});
