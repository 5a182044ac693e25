import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventMessageInput,
  eventMessagePage,
  eventMessageQuery,
  eventMessageRow,
  messagePreview,
  messageRecipientsInput,
} from '@portal/domain/events/event-messages.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import { listMessages, previewMessage, sendMessage } from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** Staff write to the people of an event: preview who receives it, send it (one mail each), see what was sent. */
export const adminMessageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/events/:eventId/messages',
    {
      config: staff,
      schema: { tags, params: eventParams, querystring: eventMessageQuery, response: { 200: eventMessagePage } },
    },
    async (request) => listMessages(deps, request.params.eventId, request.query),
  );

  app.post(
    '/admin/events/:eventId/messages/preview',
    {
      config: staff,
      schema: { tags, params: eventParams, body: messageRecipientsInput, response: { 200: messagePreview } },
    },
    async (request) => previewMessage(deps, request.params.eventId, request.body),
  );

  app.post(
    '/admin/events/:eventId/messages',
    {
      config: staff,
      schema: {
        tags,
        params: eventParams,
        headers: idempotencyKeyHeaders,
        body: eventMessageInput,
        response: { 201: eventMessageRow },
      },
    },
    async (request, reply) => {
      const idempotency = idempotentRequest(request, request.headers['idempotency-key'], request.body);
      const sent = await sendMessage(deps, caller(request), request.params.eventId, request.body, idempotency);
      return reply.status(201).send(sent);
    },
  );
};
