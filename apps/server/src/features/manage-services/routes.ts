import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  initiatePackageInput,
  initiatePackageReply,
  servicesQuery,
  servicesReply,
} from '@portal/domain/packages/contracts.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { initiatePackageRequest, listServices } from './service.ts';

const params = z.object({ organizationId: z.uuid('Not an organization id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['packages'];

/** Select a Service (organizations.md §2): an organization's OWNER or ADMIN; the service checks the role. */
export const manageServicesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/organizations/:organizationId/services',
    { config: signedIn, schema: { tags, params, querystring: servicesQuery, response: { 200: servicesReply } } },
    async (request) => listServices(deps, caller(request), request.params.organizationId, request.query.schoolYearId),
  );

  app.post(
    '/organizations/:organizationId/package-requests',
    { config: signedIn, schema: { tags, params, body: initiatePackageInput, response: { 200: initiatePackageReply } } },
    async (request) =>
      initiatePackageRequest(deps, caller(request), request.params.organizationId, request.body.packageId),
  );
};
