import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mySeatRequests as mySeatRequestsReply,
  organizationSeatRequestPage,
  organizationSeatRequestsQuery,
  seatRequestDecision,
  seatRequestInput,
  seatRequestRow,
} from '@portal/domain/tickets/seat-requests.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { askForSeat, decideSeatRequest, mySeatRequests, organizationSeatRequests } from './service.ts';

const requestParams = z.object({ seatRequestId: z.uuid('Not a request id') });
const organizationParams = z.object({ organizationId: z.uuid('Not an organization id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['seat-requests'];

/** "Ask my school": a member asks her organization for a seat; its owner or an admin decides. */
export const seatRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/seat-requests',
    { config: signedIn, schema: { tags, body: seatRequestInput, response: { 201: seatRequestRow } } },
    async (request, reply) => reply.status(201).send(await askForSeat(deps, caller(request), request.body)),
  );

  app.get(
    '/seat-requests/mine',
    { config: signedIn, schema: { tags, response: { 200: mySeatRequestsReply } } },
    async (request) => mySeatRequests(deps, caller(request)),
  );

  app.get(
    '/seat-requests/organizations/:organizationId',
    {
      config: signedIn,
      schema: {
        tags,
        params: organizationParams,
        querystring: organizationSeatRequestsQuery,
        response: { 200: organizationSeatRequestPage },
      },
    },
    async (request) => organizationSeatRequests(deps, caller(request), request.params.organizationId, request.query),
  );

  app.post(
    '/seat-requests/:seatRequestId/decision',
    {
      config: signedIn,
      schema: {
        tags,
        params: requestParams,
        body: seatRequestDecision,
        response: { 200: z.object({ request: seatRequestRow, message: z.string() }) },
      },
    },
    async (request) => decideSeatRequest(deps, caller(request), request.params.seatRequestId, request.body),
  );
};
