import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEventPaymentPage,
  adminEventPaymentQuery,
  adminEventPaymentRow,
} from '@portal/domain/commerce/payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { findRow, listRows } from './repository.ts';

const staff = { access: 'staff' } as const;
const paymentParams = z.object({ eventPaymentId: z.uuid('Not an event payment id') });

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
    '/admin/event-payments/:eventPaymentId',
    { config: staff, schema: { tags: ['admin'], params: paymentParams, response: { 200: adminEventPaymentRow } } },
    async (request) => {
      const row = await findRow(deps.db, request.params.eventPaymentId);
      if (!row) throw notFound('No such event payment.');
      return row;
    },
  );
};
