import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueEventDetail, cataloguePage, catalogueQuery } from '@portal/domain/events/catalogue.ts';
import type { AppDeps } from '../../app-deps.ts';
import { getCatalogueEvent, listCatalogue } from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['catalogue'];

/** The member catalogue ('PD Services'). */
export const catalogueRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/catalogue/events',
    { config: signedIn, schema: { tags, querystring: catalogueQuery, response: { 200: cataloguePage } } },
    async (request) => listCatalogue(deps, request.query),
  );

  app.get(
    '/catalogue/events/:eventId',
    { config: signedIn, schema: { tags, params: eventParams, response: { 200: catalogueEventDetail } } },
    async (request) => getCatalogueEvent(deps, request.params.eventId),
  );
};
