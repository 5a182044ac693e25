import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allocationReply,
  allocationSave,
  assignableUser,
  assignableUsersPage,
  assignableUsersQuery,
  cancelPaymentReply,
  listedAssigneesInput,
  listedAssigneesReply,
  myTicketsReply,
} from '@portal/domain/tickets/allocation.ts';
import { newPendingUser } from '@portal/domain/tickets/pending-users.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import * as allocation from './service.ts';

const paymentParams = z.object({ eventPaymentId: z.uuid('Not an event payment id') });
const organizationParams = z.object({ organizationId: z.uuid('Not an organization id') });
const signedIn = { access: 'signedIn' } as const;
const staff = { access: 'staff' } as const;
const tags = ['allocation'];

/** Ticket allocation (events.md §2 'Ticket assignment'), the holders' own tickets, and the staff console's view. */
export const allocationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/event-payments/:eventPaymentId/allocation',
    { config: signedIn, schema: { tags, params: paymentParams, response: { 200: allocationReply } } },
    async (request) => allocation.getAllocation(deps, caller(request), request.params.eventPaymentId),
  );

  app.put(
    '/event-payments/:eventPaymentId/allocation',
    {
      config: signedIn,
      schema: { tags, params: paymentParams, body: allocationSave, response: { 200: allocationReply } },
    },
    async (request) => allocation.saveAllocation(deps, caller(request), request.params.eventPaymentId, request.body),
  );

  app.get(
    '/organizations/:organizationId/assignable-users',
    {
      config: signedIn,
      schema: {
        tags,
        params: organizationParams,
        querystring: assignableUsersQuery,
        response: { 200: assignableUsersPage },
      },
    },
    async (request) =>
      allocation.listAssignableUsers(deps, caller(request), request.params.organizationId, request.query),
  );

  app.post(
    '/organizations/:organizationId/pending-users',
    {
      config: signedIn,
      schema: { tags, params: organizationParams, body: newPendingUser, response: { 201: assignableUser } },
    },
    async (request, reply) => {
      const user = await allocation.createPendingUser(
        deps,
        caller(request),
        request.params.organizationId,
        request.body,
      );
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/organizations/:organizationId/pending-users/list',
    {
      config: signedIn,
      schema: { tags, params: organizationParams, body: listedAssigneesInput, response: { 200: listedAssigneesReply } },
    },
    async (request) => allocation.listedAssignees(deps, caller(request), request.params.organizationId, request.body),
  );

  app.get('/my-tickets', { config: signedIn, schema: { tags, response: { 200: myTicketsReply } } }, async (request) =>
    allocation.myTickets(deps, caller(request)),
  );

  app.get(
    '/admin/event-payments/:eventPaymentId/allocation',
    { config: staff, schema: { tags: ['admin'], params: paymentParams, response: { 200: allocationReply } } },
    async (request) => allocation.getAllocation(deps, caller(request), request.params.eventPaymentId, true),
  );

  app.post(
    '/admin/event-payments/:eventPaymentId/cancel',
    { config: staff, schema: { tags: ['admin'], params: paymentParams, response: { 200: cancelPaymentReply } } },
    async (request) => allocation.cancelPayment(deps, caller(request), request.params.eventPaymentId),
  );
};
