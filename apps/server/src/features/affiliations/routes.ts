import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  affiliation,
  affiliationInput,
  affiliationList,
  districtSearchResult,
  newOrganization,
  organizationCreated,
  organizationSearchResult,
  searchQuery,
} from '@portal/domain/organizations/affiliations.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import * as affiliations from './service.ts';

const membershipParams = z.object({ membershipId: z.uuid('Not a membership id') });

export const affiliationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/affiliations',
    { config: { access: 'signedIn' }, schema: { tags: ['affiliations'], response: { 200: affiliationList } } },
    async (request) => ({ items: await affiliations.listAffiliations(deps, caller(request)) }),
  );

  app.post(
    '/affiliations',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['affiliations'], body: affiliationInput, response: { 201: affiliation } },
    },
    async (request, reply) =>
      reply.status(201).send(await affiliations.addAffiliation(deps, caller(request), request.body)),
  );

  app.put(
    '/affiliations/:membershipId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['affiliations'],
        params: membershipParams,
        body: affiliationInput,
        response: { 200: affiliation },
      },
    },
    async (request) => affiliations.updateAffiliation(deps, caller(request), request.params.membershipId, request.body),
  );

  app.delete(
    '/affiliations/:membershipId',
    { config: { access: 'signedIn' }, schema: { tags: ['affiliations'], params: membershipParams } },
    async (request, reply) => {
      await affiliations.removeAffiliation(deps, caller(request), request.params.membershipId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/organizations/search',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['affiliations'], querystring: searchQuery, response: { 200: organizationSearchResult } },
    },
    async (request) => affiliations.findOrganizations(deps, request.query),
  );

  app.get(
    '/districts/search',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['affiliations'], querystring: searchQuery, response: { 200: districtSearchResult } },
    },
    async (request) => affiliations.findDistricts(deps, request.query),
  );

  app.post(
    '/organizations',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['affiliations'], body: newOrganization, response: { 201: organizationCreated } },
    },
    async (request, reply) =>
      reply.status(201).send(await affiliations.createOrganization(deps, caller(request), request.body)),
  );
};
