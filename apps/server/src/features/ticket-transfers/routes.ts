import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignableUsersPage, assignableUsersQuery } from '@portal/domain/tickets/allocation.ts';
import {
  ticketTransferInput,
  ticketTransferOptions,
  ticketTransferReply,
} from '@portal/domain/tickets/ticket-transfers.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import * as transfers from './service.ts';

const ticketParams = z.object({ ticketId: z.uuid('Not a ticket id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['ticket-transfers'];

/**
 * Passing a ticket on (issue 38): signed in, and then the ticket's current holder; anyone else, the
 * buyer who does not hold it included, is told there is no such ticket (404).
 */
export const ticketTransferRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/ticket-transfers/:ticketId',
    { config: signedIn, schema: { tags, params: ticketParams, response: { 200: ticketTransferOptions } } },
    async (request) => transfers.transferOptions(deps, caller(request), request.params.ticketId),
  );

  app.get(
    '/ticket-transfers/:ticketId/recipients',
    {
      config: signedIn,
      schema: { tags, params: ticketParams, querystring: assignableUsersQuery, response: { 200: assignableUsersPage } },
    },
    async (request) => transfers.listRecipients(deps, caller(request), request.params.ticketId, request.query),
  );

  app.post(
    '/ticket-transfers',
    { config: signedIn, schema: { tags, body: ticketTransferInput, response: { 200: ticketTransferReply } } },
    async (request) => transfers.passOn(deps, caller(request), request.body),
  );
};
