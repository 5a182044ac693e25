import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { purchaseOrderSubmitted } from '@portal/domain/commerce/purchase-orders.ts';
import { contractList, contractsQuery } from '@portal/domain/commerce/member-purchase-orders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readUpload } from '../../core/purchase-order-upload.ts';
import { caller } from '../../platform/access.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { contractsOf, signedContract, submitPackagePurchaseOrder } from './service.ts';

const signedIn = { access: 'signedIn' } as const;
const tags = ['purchase-orders'];
const contractParams = z.object({ contractId: z.uuid('Not a contract id') });

/** A package purchase order: the organization's signed contracts, and the purchase order paying one (organizations.md §2, §7). */
export const packagePurchaseOrderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/package-purchase-orders/contracts',
    { config: signedIn, schema: { tags, querystring: contractsQuery, response: { 200: contractList } } },
    async (request) => contractsOf(deps, caller(request), request.query.organizationId),
  );

  app.get(
    '/package-purchase-orders/contracts/:contractId/signed-pdf',
    {
      config: signedIn,
      schema: { tags, params: contractParams, querystring: contractsQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const file = await signedContract(deps, caller(request), request.query.organizationId, request.params.contractId);
      return sendDownload(reply, { fileName: file.filename, contentType: 'application/pdf', body: file.bytes });
    },
  );

  app.post(
    '/package-purchase-orders',
    {
      config: signedIn,
      schema: {
        tags,
        headers: idempotencyKeyHeaders,
        consumes: ['multipart/form-data'],
        response: { 201: purchaseOrderSubmitted },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const idempotency = idempotentRequest(request, request.headers['idempotency-key'], upload);
      return reply.status(201).send(await submitPackagePurchaseOrder(deps, caller(request), upload, idempotency));
    },
  );
};
