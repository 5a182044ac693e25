import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardReply,
  failedMailPage,
  failedMailParams,
  failedMailQuery,
  failedMailRetryReply,
} from '@portal/domain/staff/dashboard.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { dashboard, failedMail, retryMail } from './service.ts';

const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** The staff console's opening page: how much work waits, by kind, and the mail the outbox gave up on, sent again on request. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/admin/dashboard', { config: staff, schema: { tags, response: { 200: dashboardReply } } }, async () =>
    dashboard(deps),
  );

  app.get(
    '/admin/failed-mail',
    { config: staff, schema: { tags, querystring: failedMailQuery, response: { 200: failedMailPage } } },
    async (request) => failedMail(deps, request.query),
  );

  app.post(
    '/admin/failed-mail/retry',
    { config: staff, schema: { tags, response: { 200: failedMailRetryReply } } },
    async (request) => retryMail(deps, caller(request)),
  );

  app.post(
    '/admin/failed-mail/:mailId/retry',
    { config: staff, schema: { tags, params: failedMailParams, response: { 200: failedMailRetryReply } } },
    async (request) => retryMail(deps, caller(request), request.params.mailId),
  );
};
