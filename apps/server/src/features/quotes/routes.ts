import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { memberQuoteFile, staffQuoteFile } from '../../core/quotes.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';

const idParams = z.object({ id: z.uuid('Not a quote id') });
const tags = ['quotes'];

/**
 * A quote's PDF (issue 41). The features that sell make quotes (POST /api/cart/quote and the like);
 * members of the quote's organization download it here, staff beside the purchase order that names it.
 */
export const quoteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/quotes/:id/pdf',
    { config: { access: 'signedIn' }, schema: { tags, params: idParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await memberQuoteFile(deps, caller(request).user.id, request.params.id);
      return sendDownload(reply, { fileName: file.fileName, contentType: 'application/pdf', body: file.bytes });
    },
  );

  app.get(
    '/admin/quotes/:id/pdf',
    { config: { access: 'staff' }, schema: { tags: ['admin'], params: idParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await staffQuoteFile(deps, request.params.id);
      return sendDownload(reply, { fileName: file.fileName, contentType: 'application/pdf', body: file.bytes });
    },
  );
};
