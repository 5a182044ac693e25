import {
  countries as countryNames,
  gradeNames,
  organizationTypes as typeNames,
  positions as positionList,
  schoolYearName,
  usStates as stateList,
} from '@portal/domain/lookups.ts';
import type { Executor } from '../client.ts';
import { countries, grades, organizationTypes, positions, schoolYears, usStates } from '../schema/lookups.ts';

/** The option lists every install needs; safe to run on every start. */
export async function seedLookups(db: Executor, today: Date): Promise<void> {
  await db
    .insert(grades)
    .values(gradeNames.map((name, sortOrder) => ({ name, sortOrder })))
    .onConflictDoNothing();
  await db
    .insert(positions)
    .values(positionList.map((p, sortOrder) => ({ name: p.name, label: p.label, sortOrder })))
    .onConflictDoNothing();
  await db
    .insert(usStates)
    .values(stateList.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  await db
    .insert(countries)
    .values(countryNames.map((name, sortOrder) => ({ name, sortOrder })))
    .onConflictDoNothing();
  await db
    .insert(organizationTypes)
    .values(typeNames.map((name) => ({ name })))
    .onConflictDoNothing();
  // The current school year (July to June), the two before it and the next one.
  const currentStart = today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  await db
    .insert(schoolYears)
    .values(
      [currentStart - 2, currentStart - 1, currentStart, currentStart + 1].map((start) => ({
        name: schoolYearName(start),
        startsOn: `${start}-07-01`,
        endsOn: `${start + 1}-06-30`,
      })),
    )
    .onConflictDoNothing();
}
