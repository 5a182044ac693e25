import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffToolkitDocument,
  staffToolkitDocumentPage,
  staffToolkitDocumentQuery,
  staffToolkitOutline,
  toolkitCategoryInput,
  toolkitGroupingInput,
  toolkitMessages,
  toolkitMove,
  toolkitUser,
  toolkitUserFlags,
} from '@portal/domain/content/toolkit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { readMultipartForm } from '../../platform/multipart-form.ts';
import {
  createCategory,
  createDocument,
  createGrouping,
  deleteCategory,
  deleteDocument,
  deleteGrouping,
  listDocuments,
  moveCategory,
  moveDocument,
  moveGrouping,
  readStaffOutline,
  readUserFlags,
  saveUserFlags,
  updateCategory,
  updateDocument,
  updateToolkitGrouping,
} from './service.ts';

const idParams = z.object({ id: z.uuid('Not an id') });
const userParams = z.object({ userId: z.uuid('Not a user id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];
const formMessages = {
  notMultipart: 'Send the document form as multipart/form-data.',
  fileTooLarge: toolkitMessages.fileTooLarge,
};

/**
 * The staff console's toolkit library: Treasure Chest categories and nested groupings (ordered, aimed
 * at flags), its PDF documents (multipart/form-data: title, description, categoryId or groupingId,
 * file), and each user's toolkit flags.
 */
export const adminToolkitRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/toolkit/outline',
    { config: staff, schema: { tags, response: { 200: staffToolkitOutline } } },
    async () => readStaffOutline(deps),
  );

  app.post(
    '/admin/toolkit/categories',
    { config: staff, schema: { tags, body: toolkitCategoryInput, response: { 201: staffToolkitOutline } } },
    async (request, reply) => reply.status(201).send(await createCategory(deps, caller(request), request.body)),
  );
  app.put(
    '/admin/toolkit/categories/:id',
    {
      config: staff,
      schema: { tags, params: idParams, body: toolkitCategoryInput, response: { 200: staffToolkitOutline } },
    },
    async (request) => updateCategory(deps, caller(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/toolkit/categories/:id',
    { config: staff, schema: { tags, params: idParams, response: { 200: staffToolkitOutline } } },
    async (request) => deleteCategory(deps, caller(request), request.params.id),
  );
  app.post(
    '/admin/toolkit/categories/:id/move',
    { config: staff, schema: { tags, params: idParams, body: toolkitMove, response: { 200: staffToolkitOutline } } },
    async (request) => moveCategory(deps, caller(request), request.params.id, request.body),
  );

  app.post(
    '/admin/toolkit/groupings',
    { config: staff, schema: { tags, body: toolkitGroupingInput, response: { 201: staffToolkitOutline } } },
    async (request, reply) => reply.status(201).send(await createGrouping(deps, caller(request), request.body)),
  );
  app.put(
    '/admin/toolkit/groupings/:id',
    {
      config: staff,
      schema: { tags, params: idParams, body: toolkitGroupingInput, response: { 200: staffToolkitOutline } },
    },
    async (request) => updateToolkitGrouping(deps, caller(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/toolkit/groupings/:id',
    { config: staff, schema: { tags, params: idParams, response: { 200: staffToolkitOutline } } },
    async (request) => deleteGrouping(deps, caller(request), request.params.id),
  );
  app.post(
    '/admin/toolkit/groupings/:id/move',
    { config: staff, schema: { tags, params: idParams, body: toolkitMove, response: { 200: staffToolkitOutline } } },
    async (request) => moveGrouping(deps, caller(request), request.params.id, request.body),
  );

  app.get(
    '/admin/toolkit/documents',
    {
      config: staff,
      schema: { tags, querystring: staffToolkitDocumentQuery, response: { 200: staffToolkitDocumentPage } },
    },
    async (request) => listDocuments(deps, request.query),
  );
  app.post(
    '/admin/toolkit/documents',
    { config: staff, schema: { tags, consumes: ['multipart/form-data'], response: { 201: staffToolkitDocument } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createDocument(deps, caller(request), await readMultipartForm(request, formMessages))),
  );
  app.put(
    '/admin/toolkit/documents/:id',
    {
      config: staff,
      schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 200: staffToolkitDocument } },
    },
    async (request) =>
      updateDocument(deps, caller(request), request.params.id, await readMultipartForm(request, formMessages)),
  );
  app.delete(
    '/admin/toolkit/documents/:id',
    { config: staff, schema: { tags, params: idParams } },
    async (request, reply) => {
      await deleteDocument(deps, caller(request), request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/admin/toolkit/documents/:id/move',
    {
      config: staff,
      schema: {
        tags,
        params: idParams,
        body: toolkitMove,
        response: { 200: z.object({ items: z.array(staffToolkitDocument) }) },
      },
    },
    async (request) => moveDocument(deps, caller(request), request.params.id, request.body),
  );

  app.get(
    '/admin/users/:userId/toolkit',
    { config: staff, schema: { tags, params: userParams, response: { 200: toolkitUser } } },
    async (request) => readUserFlags(deps, request.params.userId),
  );
  app.put(
    '/admin/users/:userId/toolkit',
    { config: staff, schema: { tags, params: userParams, body: toolkitUserFlags, response: { 200: toolkitUser } } },
    async (request) => saveUserFlags(deps, caller(request), request.params.userId, request.body),
  );
};
