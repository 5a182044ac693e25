import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { slugParam, videoCollection } from '@portal/domain/content/video-collections.ts';
import type { AppDeps } from '../../app-deps.ts';
import { videoCollectionBySlug, videoDocumentDownload } from '../../core/video-collections.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';

const collectionParams = z.object({ slug: slugParam });
const documentParams = z.object({ documentId: z.uuid('Not a document id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['video-collections'];

/** Video collections (organizations.md §2 'Video collection', §7 'a video collection by slug'): every signed-in member. */
export const videoCollectionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/video-collections/:slug',
    { config: signedIn, schema: { tags, params: collectionParams, response: { 200: videoCollection } } },
    async (request) => videoCollectionBySlug(deps.db, request.params.slug, caller(request).user.id),
  );

  app.get(
    '/video-documents/:documentId/file',
    { config: signedIn, schema: { tags, params: documentParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await videoDocumentDownload(deps.db, deps.storage, request.params.documentId);
      return sendDownload(reply, { fileName: file.filename, contentType: 'application/pdf', body: file.bytes });
    },
  );
};
