import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRegistrationRequestQuery,
  groupRegistrationSettings,
  groupRegistrationSettingsInput,
  registrationRequestDetail,
  registrationRequestPage,
} from '@portal/domain/registrations/requests.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { exportMediaTypes, sendExport } from '../../platform/exports.ts';
import * as staffRequests from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const requestParams = z.object({ requestId: z.uuid('Not a registration request id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** The staff console: an event's group registration settings, and the registration requests. */
export const adminRegistrationRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/events/:eventId/group-registration',
    { config: staff, schema: { tags, params: eventParams, response: { 200: groupRegistrationSettings } } },
    async (request) => staffRequests.getSettings(deps, request.params.eventId),
  );

  app.put(
    '/admin/events/:eventId/group-registration',
    {
      config: staff,
      schema: {
        tags,
        params: eventParams,
        body: groupRegistrationSettingsInput,
        response: { 200: groupRegistrationSettings },
      },
    },
    async (request) => staffRequests.saveSettings(deps, caller(request), request.params.eventId, request.body),
  );

  app.get(
    '/admin/registration-requests',
    {
      config: staff,
      schema: { tags, querystring: adminRegistrationRequestQuery, response: { 200: registrationRequestPage } },
    },
    async (request) => staffRequests.listRequests(deps, request.query),
  );

  app.get(
    '/admin/registration-requests/export',
    {
      config: staff,
      schema: { tags, querystring: exportQuery(adminRegistrationRequestQuery), produces: exportMediaTypes },
    },
    async (request, reply) => sendExport(reply, await staffRequests.exportRequests(deps, request.query), deps.db),
  );

  app.get(
    '/admin/registration-requests/:requestId',
    { config: staff, schema: { tags, params: requestParams, response: { 200: registrationRequestDetail } } },
    async (request) => staffRequests.getRequest(deps, request.params.requestId),
  );
};
