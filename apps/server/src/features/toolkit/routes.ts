import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { treasureChest } from '@portal/domain/content/toolkit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { downloadToolkitDocument, readTreasureChest } from './service.ts';

const documentParams = z.object({ documentId: z.uuid('Not a document id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['toolkit'];

/** The member's toolkit (organizations.md §2 'Toolkit'): the Treasure Chest and its documents' files. */
export const toolkitRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/toolkit/treasure-chest',
    { config: signedIn, schema: { tags, response: { 200: treasureChest } } },
    async (request) => readTreasureChest(deps, caller(request)),
  );

  app.get(
    '/toolkit/documents/:documentId/file',
    { config: signedIn, schema: { tags, params: documentParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await downloadToolkitDocument(deps, caller(request), request.params.documentId);
      return sendDownload(reply, { fileName: file.filename, contentType: 'application/pdf', body: file.bytes });
    },
  );
};
