import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statementFileQuery, statementQuery, statementReply } from '@portal/domain/commerce/invoices.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { sendExport } from '../../platform/exports.ts';
import { getStatement, organizationInvoiceFile, statementCsv, statementPdf } from './service.ts';

const organizationParams = z.object({ organizationId: z.uuid('Not an organization id') });
const invoiceParams = organizationParams.extend({ invoiceId: z.uuid('Not an invoice id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['organizations'];

/** An organization's statement of account and its invoices, for its owner and admins. */
export const statementRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/statements/:organizationId',
    {
      config: signedIn,
      schema: { tags, params: organizationParams, querystring: statementQuery, response: { 200: statementReply } },
    },
    async (request) => getStatement(deps, caller(request), request.params.organizationId, request.query),
  );

  app.get(
    '/statements/:organizationId/file',
    {
      config: signedIn,
      schema: {
        tags,
        params: organizationParams,
        querystring: statementFileQuery,
        produces: ['application/pdf', 'text/csv'],
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { organizationId } = request.params;
      if (request.query.format === 'csv')
        return sendExport(reply, await statementCsv(deps, auth, organizationId), deps.db);
      const file = await statementPdf(deps, auth, organizationId);
      return sendDownload(reply, { fileName: file.fileName, contentType: 'application/pdf', body: file.bytes });
    },
  );

  app.get(
    '/statements/:organizationId/invoices/:invoiceId/file',
    { config: signedIn, schema: { tags, params: invoiceParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { organizationId, invoiceId } = request.params;
      const file = await organizationInvoiceFile(deps, caller(request), organizationId, invoiceId);
      return sendDownload(reply, { fileName: file.fileName, contentType: 'application/pdf', body: file.bytes });
    },
  );
};
