import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogPage, auditLogQuery } from '@portal/domain/audit/audit-log.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendExport, exportMediaTypes } from '../../platform/exports.ts';
import * as audit from './service.ts';

const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** Staff read who did what: impersonations, approvals, overrides, decisions, role changes. */
export const adminAuditLogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/audit-log',
    { config: staff, schema: { tags, querystring: auditLogQuery, response: { 200: auditLogPage } } },
    async (request) => audit.auditLogPage(deps, request.query),
  );

  app.get(
    '/admin/audit-log/export',
    {
      config: staff,
      schema: {
        tags,
        querystring: exportQuery(auditLogQuery),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) => sendExport(reply, audit.exportAuditLog(deps, request.query), deps.db),
  );
};
