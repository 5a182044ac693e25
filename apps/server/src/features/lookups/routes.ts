import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { readLookups } from './repository.ts';

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
  app.get(
    '/lookups',
    { config: { access: 'public' }, schema: { tags: ['lookups'], response: { 200: lookups } } },
    async () => {
      return readLookups(deps.db);
    },
  );
};
