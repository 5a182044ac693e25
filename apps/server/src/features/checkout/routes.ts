import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelCheckoutReply, checkoutInput, checkoutReply } from '@portal/domain/commerce/payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import { outcomeCounter } from '../../platform/metrics.ts';
import { cancelCheckout, checkout } from './service.ts';

const paymentParams = z.object({ eventPaymentId: z.uuid('Not an event payment id') });

/** Checkouts by outcome on /metrics: placed, refused (sold out, cart changed) or failed. */
const checkouts = outcomeCounter('portal_checkouts_total', 'Checkouts by outcome (done, refused, failed) and status');

/** POST /api/checkout: the cart becomes an event payment holding its seats; its cancel puts them back. */
export const checkoutRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/checkout',
    {
      config: { access: 'signedIn' },
      onResponse: checkouts,
      schema: { tags: ['cart'], headers: idempotencyKeyHeaders, body: checkoutInput, response: { 201: checkoutReply } },
    },
    async (request, reply) => {
      const idempotency = idempotentRequest(request, request.headers['idempotency-key'], request.body);
      return reply.status(201).send(await checkout(deps, caller(request), request.body, idempotency));
    },
  );

  app.post(
    '/checkout/:eventPaymentId/cancel',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['cart'], params: paymentParams, response: { 200: cancelCheckoutReply } },
    },
    async (request) => cancelCheckout(deps, caller(request), request.params.eventPaymentId),
  );
};
