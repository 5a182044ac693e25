import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { grades, schoolYears } from '../schema/lookups.ts';
import { seedRuns } from '../schema/platform.ts';
import { seedLookupsOnce } from './lookups.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the lookups on start', () => {
  it('are seeded once per school year: a later start that year reads one row, the next school year seeds again', async () => {
    const { db } = database;
    const november = new Date('2026-11-22T15:00:00Z');
    expect(await seedLookupsOnce(db, november)).toBe(true);
    expect(await db.$count(grades)).toBeGreaterThan(10);
    expect(await db.$count(seedRuns, eq(seedRuns.name, 'lookups'))).toBe(1);

    // A grade staff removed stays removed for the rest of the year: the next start did not seed again.
    await db.delete(grades).where(eq(grades.name, 'Pre-K'));
    expect(await seedLookupsOnce(db, new Date('2027-06-30T12:00:00Z'))).toBe(false);
    expect(await db.$count(grades, eq(grades.name, 'Pre-K'))).toBe(0);
    expect(await db.$count(schoolYears, eq(schoolYears.startsOn, '2027-07-01'))).toBe(1);
    expect(await db.$count(schoolYears, eq(schoolYears.startsOn, '2028-07-01'))).toBe(0);

    // July begins a school year: its next one is added, with whatever else is missing.
    expect(await seedLookupsOnce(db, new Date('2027-07-01T12:00:00Z'))).toBe(true);
    expect(await db.$count(schoolYears, eq(schoolYears.startsOn, '2028-07-01'))).toBe(1);
    expect(await db.$count(grades, eq(grades.name, 'Pre-K'))).toBe(1);
    expect(await db.$count(seedRuns, eq(seedRuns.name, 'lookups'))).toBe(1);
  });
});
