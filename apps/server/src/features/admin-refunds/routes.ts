import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRefundPage,
  adminRefundQuery,
  cancellationDecisionInput,
  cancellationRequestPage,
  cancellationRequestQuery,
  cancellationRequestReply,
  refundReply,
} from '@portal/domain/commerce/refunds.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { exportMediaTypes, sendExport } from '../../platform/exports.ts';
import { listCancellationRequests, listRefunds } from './repository.ts';
import { decideCancellationRequest, exportRefunds, settleOwedRefund } from './service.ts';

const staff = { access: 'staff' } as const;
const tags = ['admin'];
const refundParams = z.object({ refundId: z.uuid('Not a refund id') });
const requestParams = z.object({ requestId: z.uuid('Not a cancellation request id') });

/** The staff console's refunds and cancellation requests (issue 38). */
export const adminRefundRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/refunds',
    { config: staff, schema: { tags, querystring: adminRefundQuery, response: { 200: adminRefundPage } } },
    async (request) => {
      const { items, total } = await listRefunds(deps.db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/admin/refunds/export',
    {
      config: staff,
      schema: { tags, querystring: exportQuery(adminRefundQuery), produces: exportMediaTypes },
    },
    async (request, reply) => sendExport(reply, exportRefunds(deps, request.query), deps.db),
  );

  app.post(
    '/admin/refunds/:refundId/settle',
    { config: staff, schema: { tags, params: refundParams, response: { 200: refundReply } } },
    async (request) => settleOwedRefund(deps, caller(request), request.params.refundId),
  );

  app.get(
    '/admin/refunds/cancellation-requests',
    {
      config: staff,
      schema: { tags, querystring: cancellationRequestQuery, response: { 200: cancellationRequestPage } },
    },
    async (request) => {
      const { items, total } = await listCancellationRequests(deps.db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.post(
    '/admin/refunds/cancellation-requests/:requestId/decision',
    {
      config: staff,
      schema: {
        tags,
        params: requestParams,
        body: cancellationDecisionInput,
        response: { 200: cancellationRequestReply },
      },
    },
    async (request) => decideCancellationRequest(deps, caller(request), request.params.requestId, request.body),
  );
};
