import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvoicePage,
  adminInvoiceQuery,
  paymentTermsInput,
  receivablesPage,
  receivablesQuery,
  recordInvoicePaymentInput,
  recordInvoicePaymentReply,
} from '@portal/domain/commerce/invoices.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { exportMediaTypes, sendExport } from '../../platform/exports.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import {
  exportReceivables,
  getPaymentTerms,
  listInvoices,
  listReceivables,
  putPaymentTerms,
  recordPayment,
  staffInvoiceFile,
} from './service.ts';

const idParams = z.object({ id: z.uuid('Not an invoice id') });
const organizationParams = z.object({ organizationId: z.uuid('Not an organization id') });
const terms = z.object({ paymentTermsDays: z.number() });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** Staff list invoices, record checks and transfers against them, read receivables ageing and set an organization's terms. */
export const adminInvoiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/invoices',
    { config: staff, schema: { tags, querystring: adminInvoiceQuery, response: { 200: adminInvoicePage } } },
    async (request) => listInvoices(deps, request.query),
  );

  app.get(
    '/admin/invoices/receivables',
    { config: staff, schema: { tags, querystring: receivablesQuery, response: { 200: receivablesPage } } },
    async (request) => listReceivables(deps, request.query),
  );

  app.get(
    '/admin/invoices/receivables/export',
    { config: staff, schema: { tags, querystring: exportQuery(receivablesQuery), produces: exportMediaTypes } },
    async (request, reply) => sendExport(reply, exportReceivables(deps, request.query), deps.db),
  );

  app.get(
    '/admin/invoices/terms/:organizationId',
    { config: staff, schema: { tags, params: organizationParams, response: { 200: terms } } },
    async (request) => getPaymentTerms(deps, request.params.organizationId),
  );

  app.put(
    '/admin/invoices/terms/:organizationId',
    { config: staff, schema: { tags, params: organizationParams, body: paymentTermsInput, response: { 200: terms } } },
    async (request) =>
      putPaymentTerms(deps, caller(request), request.params.organizationId, request.body.paymentTermsDays),
  );

  app.get(
    '/admin/invoices/:id/file',
    { config: staff, schema: { tags, params: idParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await staffInvoiceFile(deps, request.params.id);
      return sendDownload(reply, { fileName: file.fileName, contentType: 'application/pdf', body: file.bytes });
    },
  );

  app.post(
    '/admin/invoices/:id/payments',
    {
      config: staff,
      schema: {
        tags,
        params: idParams,
        headers: idempotencyKeyHeaders,
        body: recordInvoicePaymentInput,
        response: { 201: recordInvoicePaymentReply },
      },
    },
    async (request, reply) => {
      const recorded = await recordPayment(
        deps,
        caller(request),
        request.params.id,
        request.body,
        idempotentRequest(request, request.headers['idempotency-key'], request.body),
      );
      return reply.code(201).send(recorded);
    },
  );
};
