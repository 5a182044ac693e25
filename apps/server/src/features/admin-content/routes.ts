import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  organizationResourceMessages,
  schoolYearInput,
  schoolYearList,
  schoolYearRow,
  staffOrganizationResourceList,
  staffOrganizationResourceQuery,
  staffOrganizationResourceRow,
} from '@portal/domain/content/organization-resources.ts';
import {
  videoCollection,
  videoCollectionInput,
  videoCollectionMessages,
  videoCollectionSummaries,
  videoInput,
} from '@portal/domain/content/video-collections.ts';
import type { AppDeps } from '../../app-deps.ts';
import { videoCollectionById } from '../../core/video-collections.ts';
import { caller } from '../../platform/access.ts';
import { readMultipartForm } from '../../platform/multipart-form.ts';
import {
  addVideo,
  addVideoDocument,
  createOrganizationResource,
  createSchoolYear,
  createVideoCollection,
  deleteOrganizationResource,
  deleteVideo,
  deleteVideoCollection,
  deleteVideoDocument,
  listSchoolYears,
  listStaffOrganizationResources,
  listStaffVideoCollections,
  updateOrganizationResource,
  updateVideo,
  updateVideoCollection,
} from './service.ts';

const idParams = (what: string) => z.object({ id: z.uuid(`Not a ${what} id`) });
const resourceParams = idParams('resource');
const collectionParams = idParams('collection');
const videoParams = idParams('video');
const documentParams = idParams('document');
const staff = { access: 'staff' } as const;
const tags = ['admin'];
const resourceForm = {
  notMultipart: 'Send the resource form as multipart/form-data.',
  fileTooLarge: organizationResourceMessages.fileTooLarge,
};
const documentForm = {
  notMultipart: 'Send the document form as multipart/form-data.',
  fileTooLarge: videoCollectionMessages.fileTooLarge,
};

/**
 * The staff console's content library (issue 14): school years, organization resources per school
 * year and organization (multipart: organizationId, schoolYearId, title, grades, description, url, and
 * an optional PDF `file`), video collections, their videos and the videos' PDF documents.
 */
export const adminContentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/admin/school-years', { config: staff, schema: { tags, response: { 200: schoolYearList } } }, async () =>
    listSchoolYears(deps),
  );
  app.post(
    '/admin/school-years',
    { config: staff, schema: { tags, body: schoolYearInput, response: { 201: schoolYearRow } } },
    async (request, reply) => reply.status(201).send(await createSchoolYear(deps, caller(request), request.body)),
  );

  app.get(
    '/admin/organization-resources',
    {
      config: staff,
      schema: { tags, querystring: staffOrganizationResourceQuery, response: { 200: staffOrganizationResourceList } },
    },
    async (request) => listStaffOrganizationResources(deps, request.query),
  );
  app.post(
    '/admin/organization-resources',
    {
      config: staff,
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: staffOrganizationResourceRow } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createOrganizationResource(deps, caller(request), await readMultipartForm(request, resourceForm))),
  );
  app.put(
    '/admin/organization-resources/:id',
    {
      config: staff,
      schema: {
        tags,
        params: resourceParams,
        consumes: ['multipart/form-data'],
        response: { 200: staffOrganizationResourceRow },
      },
    },
    async (request) =>
      updateOrganizationResource(
        deps,
        caller(request),
        request.params.id,
        await readMultipartForm(request, resourceForm),
      ),
  );
  app.delete(
    '/admin/organization-resources/:id',
    { config: staff, schema: { tags, params: resourceParams } },
    async (request, reply) => {
      await deleteOrganizationResource(deps, caller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/admin/video-collections',
    { config: staff, schema: { tags, response: { 200: videoCollectionSummaries } } },
    async () => listStaffVideoCollections(deps),
  );
  app.post(
    '/admin/video-collections',
    { config: staff, schema: { tags, body: videoCollectionInput, response: { 201: videoCollection } } },
    async (request, reply) => reply.status(201).send(await createVideoCollection(deps, caller(request), request.body)),
  );
  app.get(
    '/admin/video-collections/:id',
    { config: staff, schema: { tags, params: collectionParams, response: { 200: videoCollection } } },
    async (request) => videoCollectionById(deps.db, request.params.id),
  );
  app.put(
    '/admin/video-collections/:id',
    {
      config: staff,
      schema: { tags, params: collectionParams, body: videoCollectionInput, response: { 200: videoCollection } },
    },
    async (request) => updateVideoCollection(deps, caller(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/video-collections/:id',
    { config: staff, schema: { tags, params: collectionParams } },
    async (request, reply) => {
      await deleteVideoCollection(deps, caller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/video-collections/:id/videos',
    { config: staff, schema: { tags, params: collectionParams, body: videoInput, response: { 201: videoCollection } } },
    async (request, reply) =>
      reply.status(201).send(await addVideo(deps, caller(request), request.params.id, request.body)),
  );
  app.put(
    '/admin/videos/:id',
    { config: staff, schema: { tags, params: videoParams, body: videoInput, response: { 200: videoCollection } } },
    async (request) => updateVideo(deps, caller(request), request.params.id, request.body),
  );
  app.delete('/admin/videos/:id', { config: staff, schema: { tags, params: videoParams } }, async (request, reply) => {
    await deleteVideo(deps, caller(request), request.params.id);
    return reply.status(204).send();
  });
  app.post(
    '/admin/videos/:id/documents',
    {
      config: staff,
      schema: { tags, params: videoParams, consumes: ['multipart/form-data'], response: { 201: videoCollection } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addVideoDocument(
            deps,
            caller(request),
            request.params.id,
            await readMultipartForm(request, documentForm),
          ),
        ),
  );
  app.delete(
    '/admin/video-documents/:id',
    { config: staff, schema: { tags, params: documentParams } },
    async (request, reply) => {
      await deleteVideoDocument(deps, caller(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
