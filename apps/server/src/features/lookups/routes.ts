import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { countries, grades, organizationTypes, positions, schoolYears, usStates } from '../../db/schema/lookups.ts';

const lookups = z.object({
  grades: z.array(z.object({ id: z.string(), name: z.string() })),
  positions: z.array(z.object({ id: z.string(), name: z.string(), label: z.string() })),
  usStates: z.array(z.object({ code: z.string(), name: z.string() })),
  countries: z.array(z.object({ id: z.string(), name: z.string() })),
  schoolYears: z.array(z.object({ id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string() })),
  organizationTypes: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** The option lists every form uses; public, since invitation screens need them before sign-in. */
export const lookupRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/lookups', { config: { access: 'public' }, schema: { tags: ['lookups'], response: { 200: lookups } } }, async () => {
    const db = deps.db;
    const [gradeRows, positionRows, stateRows, countryRows, yearRows, typeRows] = await Promise.all([
      db.select({ id: grades.id, name: grades.name }).from(grades).orderBy(asc(grades.sortOrder)),
      db.select({ id: positions.id, name: positions.name, label: positions.label }).from(positions).orderBy(asc(positions.sortOrder)),
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
  });
};
