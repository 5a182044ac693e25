import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationRoles } from '@portal/domain/people/roles.ts';
import type { AppDeps } from '../../app-deps.ts';
import { createJourneyPeople } from './service.ts';

const name = z.string().trim().min(1).max(60);
const journeyDataInput = z.object({
  people: z
    .array(z.object({ copyOf: z.email().max(200), firstName: name, lastName: name }))
    .min(1)
    .max(5),
  /** A school of the journey's own, the people its members in these roles (one per person, in order). */
  organization: z.object({ name, roles: z.array(z.enum(organizationRoles)).min(1).max(5) }).optional(),
});
const person = z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });
const organization = z.object({ id: z.string(), name: z.string() });

/**
 * Development only (registered only while the demo is seeded, which production refuses): fresh
 * people for one browser journey, each a copy of a demo person's own record under a new name and
 * address, so journeys that change a person can run side by side (docs/decisions/0155-journeys-with-their-own-people.md).
 */
export const devJourneyDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/dev/journey-data',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        body: journeyDataInput,
        response: { 201: z.object({ people: z.array(person), organization: organization.optional() }) },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createJourneyPeople(deps, request.body.people, request.body.organization));
    },
  );
};
