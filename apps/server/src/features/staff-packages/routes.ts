import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { packageRequestDetail, staffOverrideInput, staffPackageActionInput, staffPackageList, staffPackageRequestPage, staffPackageRequestQuery } from '@portal/domain/packages.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { decidePackageRequest, listStaffPackageRequests, listStaffPackages, overrideSelection, readStaffPackageRequest } from './service.ts';

const params = z.object({ packageRequestId: z.uuid('Not a package request id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** The staff console's packages: catalogue, requests, decisions and overrides. */
export const staffPackageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/admin/packages', { config: staff, schema: { tags, response: { 200: staffPackageList } } }, async () => listStaffPackages(deps));

  app.get('/admin/package-requests', { config: staff, schema: { tags, querystring: staffPackageRequestQuery, response: { 200: staffPackageRequestPage } } }, async (request) =>
    listStaffPackageRequests(deps, request.query),
  );

  app.get('/admin/package-requests/:packageRequestId', { config: staff, schema: { tags, params, response: { 200: packageRequestDetail } } }, async (request) =>
    readStaffPackageRequest(deps, request.params.packageRequestId),
  );

  app.post(
    '/admin/package-requests/:packageRequestId/decision',
    { config: staff, schema: { tags, params, body: staffPackageActionInput, response: { 200: packageRequestDetail } } },
    async (request) => decidePackageRequest(deps, caller(request), request.params.packageRequestId, request.body.action),
  );

  app.put(
    '/admin/package-requests/:packageRequestId/overrides',
    { config: staff, schema: { tags, params, body: staffOverrideInput, response: { 200: packageRequestDetail } } },
    async (request) => overrideSelection(deps, caller(request), request.params.packageRequestId, request.body),
  );
};
