import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookDeliveryPage,
  webhookDeliveryQuery,
  webhookEndpointInput,
  webhookEndpointList,
  webhookEndpointRow,
  webhookEndpointToggle,
  webhookEndpointWithSecret,
} from '@portal/domain/staff/webhooks.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
} from './service.ts';

const idParams = z.object({ id: z.uuid('Not a webhook endpoint id') });
const deliveryParams = idParams.extend({ deliveryId: z.uuid('Not a webhook delivery id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** Staff register the endpoints the portal posts its events to, and follow their deliveries (issue 26). */
export const adminWebhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/admin/webhooks', { config: staff, schema: { tags, response: { 200: webhookEndpointList } } }, async () =>
    listWebhookEndpoints(deps),
  );

  app.post(
    '/admin/webhooks',
    { config: staff, schema: { tags, body: webhookEndpointInput, response: { 201: webhookEndpointWithSecret } } },
    async (request, reply) => reply.status(201).send(await createWebhookEndpoint(deps, caller(request), request.body)),
  );

  app.patch(
    '/admin/webhooks/:id',
    {
      config: staff,
      schema: { tags, params: idParams, body: webhookEndpointToggle, response: { 200: webhookEndpointRow } },
    },
    async (request) => setWebhookEndpointEnabled(deps, caller(request), request.params.id, request.body.enabled),
  );

  app.delete('/admin/webhooks/:id', { config: staff, schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteWebhookEndpoint(deps, caller(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/admin/webhooks/:id/rotate-secret',
    { config: staff, schema: { tags, params: idParams, response: { 200: webhookEndpointWithSecret } } },
    async (request) => rotateWebhookSecret(deps, caller(request), request.params.id),
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      config: staff,
      schema: { tags, params: idParams, querystring: webhookDeliveryQuery, response: { 200: webhookDeliveryPage } },
    },
    async (request) => listWebhookDeliveries(deps, request.params.id, request.query),
  );

  app.post(
    '/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    { config: staff, schema: { tags, params: deliveryParams } },
    async (request, reply) => {
      await redeliverWebhook(deps, caller(request), request.params.id, request.params.deliveryId);
      return reply.status(202).send();
    },
  );
};
