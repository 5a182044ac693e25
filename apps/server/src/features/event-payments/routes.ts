import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventPaymentPage,
  eventPaymentReply,
  eventPaymentsQuery,
  withdrawFundRequestReply,
} from '@portal/domain/commerce/payments.ts';
import {
  discardOrderReply,
  payNowReply,
  unfinishedOrderPage,
  unfinishedOrdersQuery,
} from '@portal/domain/commerce/unfinished-orders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import {
  discardOrder,
  getEventPayment,
  listEventPayments,
  listUnfinishedOrders,
  payNow,
  receiptDownload,
  withdrawRequest,
} from './service.ts';
import {
  cancellationReply,
  cancellationRequestInput,
  cancellationRequestReply,
  cancellationView as cancellationViewReply,
  cancelTicketsInput,
  refundPreview,
} from '@portal/domain/commerce/refunds.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import {
  cancelByBuyer,
  cancellationView,
  creditNoteDownload,
  previewBuyerCancellation,
  requestCancellation,
} from './cancellations.ts';

const paymentParams = z.object({ eventPaymentId: z.uuid('Not an event payment id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['cart'];
const creditNoteParams = paymentParams.extend({ refundId: z.uuid('Not a refund id') });

/**
 * The member's event payments (checkout results, the success page's polling, 'Manage Events'), and their
 * unfinished orders, which only their buyer discards or pays (docs/decisions/0160-unfinished-orders.md).
 */
export const eventPaymentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/event-payments',
    { config: signedIn, schema: { tags, querystring: eventPaymentsQuery, response: { 200: eventPaymentPage } } },
    async (request) => listEventPayments(deps, caller(request), request.query),
  );

  app.get(
    '/event-payments/unfinished',
    { config: signedIn, schema: { tags, querystring: unfinishedOrdersQuery, response: { 200: unfinishedOrderPage } } },
    async (request) => listUnfinishedOrders(deps, caller(request), request.query),
  );

  app.post(
    '/event-payments/:eventPaymentId/discard',
    { config: signedIn, schema: { tags, params: paymentParams, response: { 200: discardOrderReply } } },
    async (request) => discardOrder(deps, caller(request), request.params.eventPaymentId),
  );

  app.post(
    '/event-payments/:eventPaymentId/withdraw',
    { config: signedIn, schema: { tags, params: paymentParams, response: { 200: withdrawFundRequestReply } } },
    async (request) => withdrawRequest(deps, caller(request), request.params.eventPaymentId),
  );

  app.post(
    '/event-payments/:eventPaymentId/pay-now',
    { config: signedIn, schema: { tags, params: paymentParams, response: { 200: payNowReply } } },
    async (request) => payNow(deps, caller(request), request.params.eventPaymentId),
  );

  app.get(
    '/event-payments/:eventPaymentId',
    { config: signedIn, schema: { tags, params: paymentParams, response: { 200: eventPaymentReply } } },
    async (request) => getEventPayment(deps, caller(request), request.params.eventPaymentId),
  );

  app.get(
    '/event-payments/:eventPaymentId/receipt',
    { config: signedIn, schema: { tags, params: paymentParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await receiptDownload(deps, caller(request), request.params.eventPaymentId);
      return sendDownload(reply, { fileName: file.fileName, contentType: 'application/pdf', body: file.bytes });
    },
  );

  app.get(
    '/event-payments/:eventPaymentId/cancellation',
    { config: signedIn, schema: { tags, params: paymentParams, response: { 200: cancellationViewReply } } },
    async (request) => cancellationView(deps, caller(request), request.params.eventPaymentId),
  );

  app.post(
    '/event-payments/:eventPaymentId/cancellation',
    {
      config: signedIn,
      schema: {
        tags,
        params: paymentParams,
        headers: idempotencyKeyHeaders,
        body: cancelTicketsInput,
        response: { 200: cancellationReply },
      },
    },
    async (request) =>
      cancelByBuyer(
        deps,
        caller(request),
        request.params.eventPaymentId,
        request.body,
        idempotentRequest(request, request.headers['idempotency-key'], request.body),
      ),
  );

  app.post(
    '/event-payments/:eventPaymentId/cancellation/preview',
    {
      config: signedIn,
      schema: { tags, params: paymentParams, body: cancelTicketsInput, response: { 200: refundPreview } },
    },
    async (request) => previewBuyerCancellation(deps, caller(request), request.params.eventPaymentId, request.body),
  );

  app.post(
    '/event-payments/:eventPaymentId/cancellation-requests',
    {
      config: signedIn,
      schema: {
        tags,
        params: paymentParams,
        body: cancellationRequestInput,
        response: { 200: cancellationRequestReply },
      },
    },
    async (request) => requestCancellation(deps, caller(request), request.params.eventPaymentId, request.body),
  );

  app.get(
    '/event-payments/:eventPaymentId/credit-notes/:refundId',
    { config: signedIn, schema: { tags, params: creditNoteParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { eventPaymentId, refundId } = request.params;
      const file = await creditNoteDownload(deps, caller(request), eventPaymentId, refundId);
      return sendDownload(reply, { fileName: file.fileName, contentType: 'application/pdf', body: file.bytes });
    },
  );
};
