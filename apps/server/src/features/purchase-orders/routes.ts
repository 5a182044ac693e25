import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseOrderSubmitted } from '@portal/domain/commerce/purchase-orders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { submitPurchaseOrder } from './service.ts';
import { readUpload } from '../../core/purchase-order-upload.ts';

/**
 * The buyer uploads a purchase order (multipart/form-data: the fields of purchaseOrderFields and one
 * `file`); staff decide it in admin-purchase-orders.
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
};
