import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceContentTypes, resourceListReply, resourceQuery } from '@portal/domain/content/resources.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { downloadResource, listResources } from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const fileParams = eventParams.extend({ resourceId: z.uuid('Not a resource id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['resources'];

/** Event resources for the people who attend the event (events.md §2 'Event resources'). */
export const resourceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/events/:eventId/resources',
    {
      config: signedIn,
      schema: { tags, params: eventParams, querystring: resourceQuery, response: { 200: resourceListReply } },
    },
    async (request) => listResources(deps, caller(request), request.params.eventId, request.query),
  );

  app.get(
    '/events/:eventId/resources/:resourceId/file',
    { config: signedIn, schema: { tags, params: fileParams, produces: Object.values(resourceContentTypes) } },
    async (request, reply) => {
      const file = await downloadResource(deps, caller(request), request.params.eventId, request.params.resourceId);
      return sendDownload(reply, {
        fileName: file.filename,
        contentType: resourceContentTypes[file.type],
        body: file.bytes,
      });
    },
  );
};
