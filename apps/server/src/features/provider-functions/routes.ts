import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generateCertificatesInput,
  generateCertificatesReply,
  getAttendancesQuery,
  getAttendancesReply,
  getEventQuery,
  getEventReply,
  getSectionQuery,
  getSectionReply,
} from '@portal/domain/events/provider-functions.ts';
import type { AppDeps } from '../../app-deps.ts';
import * as functions from './service.ts';

const apiKey = { access: 'apiKey' } as const;
const tags = ['provider functions'];
const security = [{ functionsKey: [] }];

/**
 * events.md §7's direct REST calls, under /api/functions, for the provider's other systems. app.ts
 * registers them only when an API key is configured (production has none by default).
 */
export const providerFunctionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/event/GetEvent',
    { config: apiKey, schema: { tags, security, querystring: getEventQuery, response: { 200: getEventReply } } },
    async (request) => functions.getEvent(deps, request.query),
  );

  app.get(
    '/Section/GetAttendances',
    {
      config: apiKey,
      schema: { tags, security, querystring: getAttendancesQuery, response: { 200: getAttendancesReply } },
    },
    async (request) => functions.getAttendances(deps, request.query),
  );

  app.get(
    '/Section/GetSection',
    { config: apiKey, schema: { tags, security, querystring: getSectionQuery, response: { 200: getSectionReply } } },
    async (request) => functions.getSection(deps, request.query),
  );

  app.post(
    '/Certificate/GenerateEventCertificates',
    {
      config: apiKey,
      schema: { tags, security, body: generateCertificatesInput, response: { 200: generateCertificatesReply } },
    },
    async (request) => functions.generateEventCertificates(deps, request.body),
  );
};
