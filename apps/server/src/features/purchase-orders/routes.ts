import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  myPurchaseOrderPage,
  myPurchaseOrderQuery,
  purchaseOrderSubmitted,
} from '@portal/domain/commerce/purchase-orders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { listMyPurchaseOrders, myPurchaseOrderFile, submitPurchaseOrder } from './service.ts';
import { readUpload } from '../../core/purchase-order-upload.ts';

const idParams = z.object({ id: z.uuid('Not a purchase order id') });
const signedIn = { access: 'signedIn' } as const;

/**
 * The buyer uploads a purchase order (multipart/form-data: the fields of purchaseOrderFields and one
 * `file`); staff decide it in admin-purchase-orders. Signed in, the member reads the purchase orders
 * they sent and those of the organizations they manage (the repository's `visibleTo`; others are 404).
 */
export const purchaseOrderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/purchase-orders',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['purchase-orders'],
        consumes: ['multipart/form-data'],
        response: { 201: purchaseOrderSubmitted },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      return reply.status(201).send(await submitPurchaseOrder(deps, caller(request), upload));
    },
  );

  app.get(
    '/purchase-orders',
    {
      config: signedIn,
      schema: { tags: ['purchase-orders'], querystring: myPurchaseOrderQuery, response: { 200: myPurchaseOrderPage } },
    },
    async (request) => listMyPurchaseOrders(deps, caller(request), request.query),
  );

  app.get(
    '/purchase-orders/:id/file',
    { config: signedIn, schema: { tags: ['purchase-orders'], params: idParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await myPurchaseOrderFile(deps, caller(request), request.params.id);
      return sendDownload(reply, { fileName: file.filename, contentType: 'application/pdf', body: file.bytes });
    },
  );
};
