import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  organizationResourceFilters,
  organizationResourceList,
  organizationResourceQuery,
} from '@portal/domain/content/organization-resources.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { downloadOrganizationResource, organizationResourceFiltersOf, listOrganizationResources } from './service.ts';

const fileParams = z.object({ resourceId: z.uuid('Not a resource id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['organization-resources'];

/** Organization resources for the active members of the organization (organizations.md §2 'Organization Resources'). */
export const organizationResourceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/organization-resources/filters',
    { config: signedIn, schema: { tags, response: { 200: organizationResourceFilters } } },
    async (request) => organizationResourceFiltersOf(deps, caller(request)),
  );

  app.get(
    '/organization-resources',
    {
      config: signedIn,
      schema: { tags, querystring: organizationResourceQuery, response: { 200: organizationResourceList } },
    },
    async (request) => listOrganizationResources(deps, caller(request), request.query),
  );

  app.get(
    '/organization-resources/:resourceId/file',
    { config: signedIn, schema: { tags, params: fileParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await downloadOrganizationResource(deps, caller(request), request.params.resourceId);
      return sendDownload(reply, { fileName: file.filename, contentType: 'application/pdf', body: file.bytes });
    },
  );
};
