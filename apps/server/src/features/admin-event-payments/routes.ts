import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEventPaymentPage,
  adminEventPaymentQuery,
  adminEventPaymentRow,
} from '@portal/domain/commerce/payments.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendExport, exportMediaTypes } from '../../platform/exports.ts';
import { caller } from '../../platform/access.ts';
import {
  exportEventPayments,
  previewStaffRefund,
  refundAndCancel,
  resendReceipt,
  staffCancellationView,
} from './service.ts';
import {
  cancellationReply,
  cancellationView,
  refundPreview,
  staffCancelInput,
  staffRefundPreviewInput,
} from '@portal/domain/commerce/refunds.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import { notFound } from '../../platform/errors.ts';
import { findPaymentRow, listRows } from './repository.ts';

const staff = { access: 'staff' } as const;
const paymentParams = z.object({ eventPaymentId: z.uuid('Not an event payment id') });
const receiptResent = z.object({ sentTo: z.string() });

/** The staff console's event payments: a list to find one, and one's summary beside its allocation (issue 5). */
export const adminEventPaymentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/event-payments',
    {
      config: staff,
      schema: { tags: ['admin'], querystring: adminEventPaymentQuery, response: { 200: adminEventPaymentPage } },
    },
    async (request) => {
      const { items, total } = await listRows(deps.db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/admin/event-payments/export',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        querystring: exportQuery(adminEventPaymentQuery),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) => sendExport(reply, exportEventPayments(deps, request.query), deps.db),
  );

  app.get(
    '/admin/event-payments/:eventPaymentId',
    { config: staff, schema: { tags: ['admin'], params: paymentParams, response: { 200: adminEventPaymentRow } } },
    async (request) => {
      const row = await findPaymentRow(deps.db, request.params.eventPaymentId);
      if (!row) throw notFound('No such event payment.');
      return row;
    },
  );

  app.post(
    '/admin/event-payments/:eventPaymentId/receipt/resend',
    {
      config: staff,
      schema: { tags: ['admin'], params: paymentParams, response: { 200: receiptResent } },
    },
    async (request) => resendReceipt(deps, caller(request), request.params.eventPaymentId),
  );

  app.post(
    '/admin/event-payments/:eventPaymentId/refund',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        params: paymentParams,
        headers: idempotencyKeyHeaders,
        body: staffCancelInput,
        response: { 200: cancellationReply },
      },
    },
    async (request) =>
      refundAndCancel(
        deps,
        caller(request),
        request.params.eventPaymentId,
        request.body,
        idempotentRequest(request, request.headers['idempotency-key'], request.body),
      ),
  );

  app.get(
    '/admin/event-payments/:eventPaymentId/cancellation',
    { config: staff, schema: { tags: ['admin'], params: paymentParams, response: { 200: cancellationView } } },
    async (request) => staffCancellationView(deps, request.params.eventPaymentId),
  );

  app.post(
    '/admin/event-payments/:eventPaymentId/refund/preview',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        params: paymentParams,
        body: staffRefundPreviewInput,
        response: { 200: refundPreview },
      },
    },
    async (request) => previewStaffRefund(deps, caller(request), request.params.eventPaymentId, request.body),
  );
};
