import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceMessages, resourceMove, resourceRow, staffResourceList } from '@portal/domain/content/resources.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { readMultipartForm } from '../../platform/multipart-form.ts';
import { createResource, deleteResource, listStaffResources, moveResource, updateResource } from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const idParams = z.object({ id: z.uuid('Not a resource id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];
const formMessages = {
  notMultipart: 'Send the resource form as multipart/form-data.',
  fileTooLarge: resourceMessages.fileTooLarge,
};

/**
 * The staff console's event resources: list, create and edit (multipart/form-data: title,
 * description, url, sectionIds as a comma-separated list, and an optional `file`), delete, move.
 */
export const adminResourceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/events/:eventId/resources',
    { config: staff, schema: { tags, params: eventParams, response: { 200: staffResourceList } } },
    async (request) => listStaffResources(deps, request.params.eventId),
  );

  app.post(
    '/admin/events/:eventId/resources',
    {
      config: staff,
      schema: { tags, params: eventParams, consumes: ['multipart/form-data'], response: { 201: resourceRow } },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, formMessages);
      return reply.status(201).send(await createResource(deps, caller(request), request.params.eventId, form));
    },
  );

  app.put(
    '/admin/resources/:id',
    {
      config: staff,
      schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 200: resourceRow } },
    },
    async (request) =>
      updateResource(deps, caller(request), request.params.id, await readMultipartForm(request, formMessages)),
  );

  app.delete('/admin/resources/:id', { config: staff, schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteResource(deps, caller(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/admin/resources/:id/move',
    { config: staff, schema: { tags, params: idParams, body: resourceMove, response: { 200: staffResourceList } } },
    async (request) => moveResource(deps, caller(request), request.params.id, request.body),
  );
};
