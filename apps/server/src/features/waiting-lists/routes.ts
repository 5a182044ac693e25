import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  joinWaitingListInput,
  myWaitingListEntry,
  myWaitingListReply,
  offerCheckoutReply,
} from '@portal/domain/events/waiting-lists.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import * as waitingLists from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const entryParams = z.object({ entryId: z.uuid('Not a waiting-list entry id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['waiting-lists'];

/** A member's waiting lists: join a sold-out section, see her place, leave, buy an offer. */
export const waitingListsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/waiting-lists/events/:eventId',
    { config: signedIn, schema: { tags, params: eventParams, response: { 200: myWaitingListReply } } },
    async (request) => waitingLists.myWaitingLists(deps, caller(request), request.params.eventId),
  );

  app.post(
    '/waiting-lists/entries',
    { config: signedIn, schema: { tags, body: joinWaitingListInput, response: { 201: myWaitingListEntry } } },
    async (request, reply) => {
      reply.code(201);
      return waitingLists.joinWaitingList(deps, caller(request), request.body);
    },
  );

  app.get(
    '/waiting-lists/entries/:entryId',
    { config: signedIn, schema: { tags, params: entryParams, response: { 200: myWaitingListEntry } } },
    async (request) => waitingLists.myEntry(deps, caller(request), request.params.entryId),
  );

  app.delete(
    '/waiting-lists/entries/:entryId',
    { config: signedIn, schema: { tags, params: entryParams, response: { 200: myWaitingListEntry } } },
    async (request) => waitingLists.leaveWaitingList(deps, caller(request), request.params.entryId),
  );

  app.post(
    '/waiting-lists/entries/:entryId/checkout',
    {
      config: signedIn,
      schema: { tags, params: entryParams, headers: idempotencyKeyHeaders, response: { 200: offerCheckoutReply } },
    },
    async (request) =>
      waitingLists.checkoutOffer(
        deps,
        caller(request),
        request.params.entryId,
        idempotentRequest(request, request.headers['idempotency-key'], {}),
      ),
  );
};
