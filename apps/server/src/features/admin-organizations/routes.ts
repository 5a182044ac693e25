import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDistrictDetail,
  adminDistrictPage,
  adminOrganizationDetail,
  adminOrganizationPage,
  adminOrganizationRoleChange,
  adminOrganizationSearch,
} from '@portal/domain/organizations/contracts.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendExport } from '../../platform/exports.ts';
import { caller } from '../../platform/access.ts';
import {
  getDistrictForStaff,
  getOrganizationForStaff,
  listDistricts,
  listOrganizations,
  exportDistricts,
  exportOrganizations,
  setRoleAsStaff,
} from './service.ts';

const organizationParams = z.object({ organizationId: z.uuid('Not an organization id') });
const membershipParams = organizationParams.extend({ membershipId: z.uuid('Not a membership id') });
const districtParams = z.object({ districtId: z.uuid('Not a district id') });

const staff = { access: 'staff' } as const;
const tags = ['admin'];
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The staff console's organizations and districts: search, open one, change a member's role. */
export const adminOrganizationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/organizations',
    { config: staff, schema: { tags, querystring: adminOrganizationSearch, response: { 200: adminOrganizationPage } } },
    async (request) => listOrganizations(deps, request.query),
  );

  app.get(
    '/admin/organizations/export',
    {
      config: staff,
      schema: { tags, querystring: exportQuery(adminOrganizationSearch), produces: ['text/csv', xlsxType] },
    },
    async (request, reply) => sendExport(reply, exportOrganizations(deps, request.query), deps.db),
  );

  app.get(
    '/admin/organizations/:organizationId',
    { config: staff, schema: { tags, params: organizationParams, response: { 200: adminOrganizationDetail } } },
    async (request) => getOrganizationForStaff(deps, request.params.organizationId),
  );

  app.put(
    '/admin/organizations/:organizationId/memberships/:membershipId/role',
    {
      config: staff,
      schema: {
        tags,
        params: membershipParams,
        body: adminOrganizationRoleChange,
        response: { 200: adminOrganizationDetail },
      },
    },
    async (request) =>
      setRoleAsStaff(
        deps,
        caller(request),
        request.params.organizationId,
        request.params.membershipId,
        request.body.role,
      ),
  );

  app.get(
    '/admin/districts',
    { config: staff, schema: { tags, querystring: adminOrganizationSearch, response: { 200: adminDistrictPage } } },
    async (request) => listDistricts(deps, request.query),
  );

  app.get(
    '/admin/districts/export',
    {
      config: staff,
      schema: { tags, querystring: exportQuery(adminOrganizationSearch), produces: ['text/csv', xlsxType] },
    },
    async (request, reply) => sendExport(reply, exportDistricts(deps, request.query), deps.db),
  );

  app.get(
    '/admin/districts/:districtId',
    { config: staff, schema: { tags, params: districtParams, response: { 200: adminDistrictDetail } } },
    async (request) => getDistrictForStaff(deps, request.params.districtId),
  );
};
