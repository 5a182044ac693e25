import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPurchaseOrderPage,
  adminPurchaseOrderQuery,
  adminPurchaseOrderRow,
} from '@portal/domain/commerce/purchase-orders.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendExport, exportMediaTypes } from '../../platform/exports.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import {
  approvePurchaseOrder,
  exportPurchaseOrders,
  listPurchaseOrders,
  purchaseOrderFile,
  voidPurchaseOrder,
} from './service.ts';

const idParams = z.object({ id: z.uuid('Not a purchase order id') });
const staff = { access: 'staff' } as const;

/** Staff list the purchase orders buyers sent, download one's PDF, approve or void it. */
export const adminPurchaseOrderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/purchase-orders',
    {
      config: staff,
      schema: { tags: ['admin'], querystring: adminPurchaseOrderQuery, response: { 200: adminPurchaseOrderPage } },
    },
    async (request) => listPurchaseOrders(deps, request.query),
  );

  app.get(
    '/admin/purchase-orders/export',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        querystring: exportQuery(adminPurchaseOrderQuery),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) => sendExport(reply, exportPurchaseOrders(deps, request.query), deps.db),
  );

  app.get(
    '/admin/purchase-orders/:id/file',
    { config: staff, schema: { tags: ['admin'], params: idParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await purchaseOrderFile(deps, request.params.id);
      return sendDownload(reply, { fileName: file.filename, contentType: 'application/pdf', body: file.bytes });
    },
  );

  app.post(
    '/admin/purchase-orders/:id/approve',
    { config: staff, schema: { tags: ['admin'], params: idParams, response: { 200: adminPurchaseOrderRow } } },
    async (request) => approvePurchaseOrder(deps, caller(request), request.params.id),
  );

  app.post(
    '/admin/purchase-orders/:id/void',
    { config: staff, schema: { tags: ['admin'], params: idParams, response: { 200: adminPurchaseOrderRow } } },
    async (request) => voidPurchaseOrder(deps, caller(request), request.params.id),
  );
};
