import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { createJourneyData, runOutWaitingListOffer } from './service.ts';

const name = z.string().trim().min(1).max(60);
const journeyDataInput = z.object({
  people: z
    .array(z.object({ copyOf: z.email().max(200), firstName: name, lastName: name }))
    .min(1)
    .max(5),
  organizations: z
    .array(
      z.object({
        /** A demo school whose record (district, type, addresses) the new one copies; none: a bare school. */
        copyOf: z.string().trim().min(1).max(200).optional(),
        name: z.string().trim().min(1).max(200),
        /** A new district of this name for the school: the journey's own. */
        district: z.string().trim().min(1).max(200).optional(),
        owner: z.int().min(0).max(4),
        /** Other people of the request who join it, by their index in `people`. */
        members: z
          .array(z.object({ person: z.int().min(0).max(4), role: z.enum(['ADMIN', 'MEMBER']) }))
          .max(4)
          .default([]),
      }),
    )
    .max(3)
    .default([]),
  event: z.object({ name, evaluation: z.boolean() }).optional(),
  /** A published event of the journey's own, on sale and cancellable by its buyer. */
  saleEvent: z.object({ name }).optional(),
});
const journeyEvent = z.object({ id: z.string(), name: z.string(), sectionId: z.string(), sectionTitle: z.string() });
const person = z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });
const organization = z.object({ id: z.string(), name: z.string() });

/**
 * Development only (registered only while the demo is seeded, which production refuses): fresh
 * people for one browser journey, each a copy of a demo person's own record under a new name and
 * address, and schools they own, each a copy of a demo school's record, so journeys that change a
 * person or a school can run side by side (docs/decisions/0155-journeys-with-their-own-people.md).
 */
export const devJourneyDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/dev/journey-data',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        body: journeyDataInput,
        response: {
          201: z.object({
            people: z.array(person),
            organizations: z.array(organization),
            event: journeyEvent.optional(),
            saleEvent: z.object({ id: z.string(), name: z.string(), sectionTitle: z.string() }).optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await createJourneyData(deps, request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/dev/journey-data/waiting-list-offers/:entryId/run-out',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], params: z.object({ entryId: z.uuid() }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await runOutWaitingListOffer(deps, request.params.entryId);
      return reply.status(204).send(null);
    },
  );
};
