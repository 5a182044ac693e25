import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  packageRequestDetail,
  staffPackageActionInput,
  staffPackageList,
  staffPackageRequestPage,
} from '@portal/domain/packages/contracts.ts';
import {
  groupSectionInput,
  packageEventInput,
  packageEventOptions,
  packageGroupInput,
  packageInput,
  packageInstituteInput,
  pdSessionGroupingInput,
  pdSessionInput,
  staffPackageDetail,
  staffGradeOverrideInput,
  staffRequestListQuery,
  staffSelectionOverrideInput,
} from '@portal/domain/packages/admin-contracts.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { exportMediaTypes, sendExport } from '../../platform/exports.ts';
import * as catalogue from './catalogue.ts';
import {
  decidePackageRequest,
  exportStaffPackageRequests,
  listStaffPackageRequests,
  listStaffPackages,
  overrideGradeDistribution,
  overrideSelection,
  readStaffPackageRequest,
} from './service.ts';

const params = z.object({ packageRequestId: z.uuid('Not a package request id') });
const packageParams = z.object({ packageId: z.uuid('Not a package id') });
const idParams = z.object({ id: z.uuid('Not a package item id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];
const detail = { 200: staffPackageDetail };
const created = { 201: staffPackageDetail };

/** The staff console's packages: the catalogue and its editor, requests, decisions and overrides. */
export const adminPackageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/admin/packages', { config: staff, schema: { tags, response: { 200: staffPackageList } } }, async () =>
    listStaffPackages(deps),
  );

  app.get(
    '/admin/packages/options',
    { config: staff, schema: { tags, response: { 200: packageEventOptions } } },
    async () => catalogue.packageEventOptions(deps),
  );

  app.post(
    '/admin/packages',
    { config: staff, schema: { tags, body: packageInput, response: created } },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createPackage(deps, caller(request), request.body)),
  );

  app.get(
    '/admin/packages/:packageId',
    { config: staff, schema: { tags, params: packageParams, response: detail } },
    async (request) => catalogue.readStaffPackage(deps.db, request.params.packageId),
  );

  app.put(
    '/admin/packages/:packageId',
    { config: staff, schema: { tags, params: packageParams, body: packageInput, response: detail } },
    async (request) => catalogue.updatePackage(deps, caller(request), request.params.packageId, request.body),
  );

  // Parts of a package: added under their parent, then edited and deleted by their own id.
  app.post(
    '/admin/packages/:packageId/pd-session-groupings',
    { config: staff, schema: { tags, params: packageParams, body: pdSessionGroupingInput, response: created } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogue.addGrouping(deps, caller(request), request.params.packageId, request.body)),
  );
  app.post(
    '/admin/packages/:packageId/events',
    { config: staff, schema: { tags, params: packageParams, body: packageEventInput, response: created } },
    async (request, reply) =>
      reply.status(201).send(await catalogue.addEvent(deps, caller(request), request.params.packageId, request.body)),
  );
  app.post(
    '/admin/packages/:packageId/groups',
    { config: staff, schema: { tags, params: packageParams, body: packageGroupInput, response: created } },
    async (request, reply) =>
      reply.status(201).send(await catalogue.addGroup(deps, caller(request), request.params.packageId, request.body)),
  );
  app.post(
    '/admin/packages/:packageId/institutes',
    { config: staff, schema: { tags, params: packageParams, body: packageInstituteInput, response: created } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogue.addInstitute(deps, caller(request), request.params.packageId, request.body)),
  );
  app.post(
    '/admin/package-pd-session-groupings/:id/pd-sessions',
    { config: staff, schema: { tags, params: idParams, body: pdSessionInput, response: created } },
    async (request, reply) =>
      reply.status(201).send(await catalogue.addPdSession(deps, caller(request), request.params.id, request.body)),
  );
  app.post(
    '/admin/package-groups/:id/sections',
    { config: staff, schema: { tags, params: idParams, body: groupSectionInput, response: created } },
    async (request, reply) =>
      reply.status(201).send(await catalogue.addGroupSection(deps, caller(request), request.params.id, request.body)),
  );

  app.put(
    '/admin/package-pd-session-groupings/:id',
    { config: staff, schema: { tags, params: idParams, body: pdSessionGroupingInput, response: detail } },
    async (request) => catalogue.updateGrouping(deps, caller(request), request.params.id, request.body),
  );
  app.put(
    '/admin/package-pd-sessions/:id',
    { config: staff, schema: { tags, params: idParams, body: pdSessionInput, response: detail } },
    async (request) => catalogue.updatePdSession(deps, caller(request), request.params.id, request.body),
  );
  app.put(
    '/admin/package-events/:id',
    { config: staff, schema: { tags, params: idParams, body: packageEventInput, response: detail } },
    async (request) => catalogue.updateEvent(deps, caller(request), request.params.id, request.body),
  );
  app.put(
    '/admin/package-groups/:id',
    { config: staff, schema: { tags, params: idParams, body: packageGroupInput, response: detail } },
    async (request) => catalogue.updateGroup(deps, caller(request), request.params.id, request.body),
  );
  app.put(
    '/admin/package-group-sections/:id',
    { config: staff, schema: { tags, params: idParams, body: groupSectionInput, response: detail } },
    async (request) => catalogue.updateGroupSection(deps, caller(request), request.params.id, request.body),
  );
  app.put(
    '/admin/package-institutes/:id',
    { config: staff, schema: { tags, params: idParams, body: packageInstituteInput, response: detail } },
    async (request) => catalogue.updateInstitute(deps, caller(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/package-pd-session-groupings/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => catalogue.deleteGrouping(deps, caller(request), request.params.id),
  );
  app.delete(
    '/admin/package-pd-sessions/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => catalogue.deletePdSession(deps, caller(request), request.params.id),
  );
  app.delete(
    '/admin/package-events/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => catalogue.deleteEvent(deps, caller(request), request.params.id),
  );
  app.delete(
    '/admin/package-groups/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => catalogue.deleteGroup(deps, caller(request), request.params.id),
  );
  app.delete(
    '/admin/package-group-sections/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => catalogue.deleteGroupSection(deps, caller(request), request.params.id),
  );
  app.delete(
    '/admin/package-institutes/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => catalogue.deleteInstitute(deps, caller(request), request.params.id),
  );

  // Requests: the list (by status, by organization, searched) and its export, one request, decisions and overrides.
  app.get(
    '/admin/package-requests',
    { config: staff, schema: { tags, querystring: staffRequestListQuery, response: { 200: staffPackageRequestPage } } },
    async (request) => listStaffPackageRequests(deps, request.query),
  );

  app.get(
    '/admin/package-requests/export',
    {
      config: staff,
      schema: { tags, querystring: exportQuery(staffRequestListQuery), produces: exportMediaTypes },
    },
    async (request, reply) => sendExport(reply, exportStaffPackageRequests(deps, request.query), deps.db),
  );

  app.get(
    '/admin/package-requests/:packageRequestId',
    { config: staff, schema: { tags, params, response: { 200: packageRequestDetail } } },
    async (request) => readStaffPackageRequest(deps, request.params.packageRequestId),
  );

  app.post(
    '/admin/package-requests/:packageRequestId/decision',
    { config: staff, schema: { tags, params, body: staffPackageActionInput, response: { 200: packageRequestDetail } } },
    async (request) =>
      decidePackageRequest(deps, caller(request), request.params.packageRequestId, request.body.action),
  );

  app.put(
    '/admin/package-requests/:packageRequestId/overrides',
    {
      config: staff,
      schema: { tags, params, body: staffSelectionOverrideInput, response: { 200: packageRequestDetail } },
    },
    async (request) => overrideSelection(deps, caller(request), request.params.packageRequestId, request.body),
  );

  app.put(
    '/admin/package-requests/:packageRequestId/grade-overrides',
    {
      config: staff,
      schema: { tags, params, body: staffGradeOverrideInput, response: { 200: packageRequestDetail } },
    },
    async (request) => overrideGradeDistribution(deps, caller(request), request.params.packageRequestId, request.body),
  );
};
