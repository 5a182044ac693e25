import { createHash } from 'node:crypto';
import {
  countries as countryNames,
  gradeNames,
  organizationTypes as typeNames,
  positions as positionList,
  schoolYearName,
  usStates as stateList,
} from '@portal/domain/lookups.ts';
import type { Database, Executor } from '../client.ts';
import { countries, grades, organizationTypes, positions, schoolYears, usStates } from '../schema/lookups.ts';
import { seedOnce } from './once.ts';

/** The option lists every install needs, with the school years around `today`'s. */
function lookupRows(today: Date) {
  // The current school year (July to June), the two before it and the next one.
  const currentStart = today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return {
    grades: gradeNames.map((name, sortOrder) => ({ name, sortOrder })),
    positions: positionList.map((p, sortOrder) => ({ name: p.name, label: p.label, sortOrder })),
    usStates: stateList.map(([code, name]) => ({ code, name })),
    countries: countryNames.map((name, sortOrder) => ({ name, sortOrder })),
    organizationTypes: typeNames.map((name) => ({ name })),
    schoolYears: [currentStart - 2, currentStart - 1, currentStart, currentStart + 1].map((start) => ({
      name: schoolYearName(start),
      startsOn: `${start}-07-01`,
      endsOn: `${start + 1}-06-30`,
    })),
  };
}

/** The option lists every install needs; safe to run on every start. */
export async function seedLookups(db: Executor, today: Date): Promise<void> {
  const rows = lookupRows(today);
  await db.insert(grades).values(rows.grades).onConflictDoNothing();
  await db.insert(positions).values(rows.positions).onConflictDoNothing();
  await db.insert(usStates).values(rows.usStates).onConflictDoNothing();
  await db.insert(countries).values(rows.countries).onConflictDoNothing();
  await db.insert(organizationTypes).values(rows.organizationTypes).onConflictDoNothing();
  await db.insert(schoolYears).values(rows.schoolYears).onConflictDoNothing();
}

/**
 * seedLookups once per database for the lists as they are (db/seed/once.ts): its version is a digest of the rows, so
 * a changed list or a new school year seeds again, and any other start finds them in one read.
 */
export function seedLookupsOnce(db: Database, today: Date): Promise<boolean> {
  const digest = createHash('sha256')
    .update(JSON.stringify(lookupRows(today)))
    .digest('hex');
  // seed_runs.version is an integer: 28 bits of the digest.
  return seedOnce(db, 'lookups', Number.parseInt(digest.slice(0, 7), 16), () => seedLookups(db, today));
}
