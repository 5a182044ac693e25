import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingContact,
  organizationAddress,
  organizationDetail,
  organizationName,
  organizationSummary,
  ticketRecipient,
} from '@portal/domain/organizations/contracts.ts';
import {
  adminRoleChange,
  rosterMessages,
  rosterPage,
  rosterQuery,
  toolkitAccessChange,
} from '@portal/domain/organizations/roster.ts';
import { exportFormats, exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendExport, exportMediaTypes } from '../../platform/exports.ts';
import { caller } from '../../platform/access.ts';
import { changeAdminRole, changeToolkitAccess, exportRoster, getRoster, removeMember } from './roster.ts';
import { exportOrganizationTicketHolders } from './ticket-holders.ts';
import {
  addBillingContact,
  getOrganization,
  listManagedOrganizations,
  renameOrganization,
  setTicketRecipient,
  updateAddress,
  updateBillingContact,
} from './service.ts';

const organizationParams = z.object({ organizationId: z.uuid('Not an organization id') });
const contactParams = organizationParams.extend({ contactId: z.uuid('Not a billing contact id') });
const membershipParams = organizationParams.extend({ membershipId: z.uuid('Not a membership id') });
const memberParams = organizationParams.extend({ userId: z.uuid('Not a user id') });
const message = z.object({ message: z.string() });

const signedIn = { access: 'signedIn' } as const;
const tags = ['organizations'];

/**
 * Organization management and the school roster. Every route is open to signed-in members; the
 * service checks the caller's role in the organization of the URL (others get 404, an ADMIN
 * attempting what only the OWNER may gets 403).
 */
export const organizationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/organizations/managed',
    { config: signedIn, schema: { tags, response: { 200: z.object({ items: z.array(organizationSummary) }) } } },
    async (request) => listManagedOrganizations(deps, caller(request)),
  );

  app.get(
    '/organizations/:organizationId',
    { config: signedIn, schema: { tags, params: organizationParams, response: { 200: organizationDetail } } },
    async (request) => getOrganization(deps, caller(request), request.params.organizationId),
  );

  app.put(
    '/organizations/:organizationId/name',
    {
      config: signedIn,
      schema: { tags, params: organizationParams, body: organizationName, response: { 200: organizationDetail } },
    },
    async (request) => renameOrganization(deps, caller(request), request.params.organizationId, request.body.name),
  );

  for (const kind of ['mailing', 'billing'] as const) {
    app.put(
      `/organizations/:organizationId/${kind}-address`,
      {
        config: signedIn,
        schema: { tags, params: organizationParams, body: organizationAddress, response: { 200: organizationDetail } },
      },
      async (request) => updateAddress(deps, caller(request), request.params.organizationId, kind, request.body),
    );
  }

  app.post(
    '/organizations/:organizationId/billing-contacts',
    {
      config: signedIn,
      schema: { tags, params: organizationParams, body: billingContact, response: { 201: organizationDetail } },
    },
    async (request, reply) => {
      const detail = await addBillingContact(deps, caller(request), request.params.organizationId, request.body);
      return reply.status(201).send(detail);
    },
  );

  app.put(
    '/organizations/:organizationId/billing-contacts/:contactId',
    {
      config: signedIn,
      schema: { tags, params: contactParams, body: billingContact, response: { 200: organizationDetail } },
    },
    async (request) =>
      updateBillingContact(
        deps,
        caller(request),
        request.params.organizationId,
        request.params.contactId,
        request.body,
      ),
  );

  app.put(
    '/organizations/:organizationId/ticket-recipient',
    {
      config: signedIn,
      schema: { tags, params: organizationParams, body: ticketRecipient, response: { 200: organizationDetail } },
    },
    async (request) =>
      setTicketRecipient(deps, caller(request), request.params.organizationId, request.body.membershipId),
  );

  app.get(
    '/organizations/:organizationId/roster',
    {
      config: signedIn,
      schema: { tags, params: organizationParams, querystring: rosterQuery, response: { 200: rosterPage } },
    },
    async (request) => getRoster(deps, caller(request), request.params.organizationId, request.query),
  );

  app.get(
    '/organizations/:organizationId/roster/export',
    {
      config: signedIn,
      schema: {
        tags,
        params: organizationParams,
        querystring: exportQuery(rosterQuery),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        await exportRoster(deps, caller(request), request.params.organizationId, request.query),
        deps.db,
      ),
  );

  app.get(
    '/organizations/:organizationId/ticket-holders/export',
    {
      config: signedIn,
      schema: {
        tags,
        params: organizationParams,
        querystring: z.object({ format: z.enum(exportFormats, 'Choose csv or xlsx') }),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        await exportOrganizationTicketHolders(
          deps,
          caller(request),
          request.params.organizationId,
          request.query.format,
        ),
        deps.db,
      ),
  );

  app.delete(
    '/organizations/:organizationId/members/:userId',
    { config: signedIn, schema: { tags, params: memberParams, response: { 200: message } } },
    async (request) => {
      await removeMember(deps, caller(request), request.params.organizationId, request.params.userId);
      return { message: rosterMessages.deleted };
    },
  );

  app.put(
    '/organizations/:organizationId/memberships/:membershipId/role',
    { config: signedIn, schema: { tags, params: membershipParams, body: adminRoleChange, response: { 200: message } } },
    async (request) => ({
      message: await changeAdminRole(
        deps,
        caller(request),
        request.params.organizationId,
        request.params.membershipId,
        request.body.role,
      ),
    }),
  );

  app.put(
    '/organizations/:organizationId/members/:userId/toolkit-access',
    { config: signedIn, schema: { tags, params: memberParams, body: toolkitAccessChange, response: { 200: message } } },
    async (request) => ({
      message: await changeToolkitAccess(
        deps,
        caller(request),
        request.params.organizationId,
        request.params.userId,
        request.body.toolKitAccess,
      ),
    }),
  );
};
