import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countries, grades, organizationTypes, positions, schoolYears, usStates } from '../../db/schema/lookups.ts';

/** Every option list the forms use, each in the order shown; six small reads run side by side on the pool. */
export async function readLookups(db: Database) {
  const [gradeRows, positionRows, stateRows, countryRows, yearRows, typeRows] = await Promise.all([
    db.select({ id: grades.id, name: grades.name }).from(grades).orderBy(asc(grades.sortOrder)),
    db
      .select({ id: positions.id, name: positions.name, label: positions.label })
      .from(positions)
      .orderBy(asc(positions.sortOrder)),
    db.select().from(usStates).orderBy(asc(usStates.name)),
    db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.sortOrder)),
    db.select().from(schoolYears).orderBy(asc(schoolYears.startsOn)),
    db.select().from(organizationTypes).orderBy(asc(organizationTypes.name)),
  ]);
  return {
    grades: gradeRows,
    positions: positionRows,
    usStates: stateRows,
    countries: countryRows,
    schoolYears: yearRows,
    organizationTypes: typeRows,
  };
}
