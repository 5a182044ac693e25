import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashnetReturn,
  demoPaymentOutcome,
  eventPaymentReply,
  paymentOptionsReply,
} from '@portal/domain/commerce/payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { paymentOptions } from '../../core/card-checkout.ts';
import { caller } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { confirmCashnet, payWithDemo, receiveDemoWebhook, receiveStripeWebhook } from './service.ts';

const paymentParams = z.object({ eventPaymentId: z.uuid('Not an event payment id') });
const webhookReply = z.object({ outcome: z.enum(['applied', 'replayed', 'ignored']) });
const tags = ['payments'];
/** Provider callbacks: public, no CSRF header (no browser sends them), verified by their signature. */
const callback = { access: 'public', signedCallback: true } as const;

const rawBodyOf = (body: unknown): Buffer => {
  if (!Buffer.isBuffer(body)) throw badRequest('Send the event as application/json.');
  return body;
};
const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// Signatures are computed over the exact bytes sent, so webhook routes keep the body raw.
const keepRawJson = (app: FastifyInstance) =>
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

/** Card payments: the payment options, the providers' webhooks and the CashNet-style return. */
export const paymentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/payments/options',
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: paymentOptionsReply } } },
    async () => paymentOptions(deps),
  );

  app.post(
    '/payments/cashnet/confirm',
    { config: { access: 'signedIn' }, schema: { tags, body: cashnetReturn, response: { 200: eventPaymentReply } } },
    async (request) => confirmCashnet(deps, caller(request), request.body),
  );

  await app.register(async (webhooks) => {
    keepRawJson(webhooks);

    webhooks.post(
      '/payments/stripe/webhook',
      { config: callback, schema: { tags, response: { 200: webhookReply } } },
      async (request) => ({
        outcome: await receiveStripeWebhook(
          deps,
          rawBodyOf(request.body),
          headerOf(request.headers['stripe-signature']),
        ),
      }),
    );
  });
};

/**
 * The demo provider's payment and its signed event: registered only while the demo provider is the
 * active one (never in production, where config refuses it), so no one can "pay" without money.
 */
export const demoPaymentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/payments/demo/:eventPaymentId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        params: paymentParams,
        body: demoPaymentOutcome,
        response: { 200: z.object({ redirectUrl: z.string() }) },
      },
    },
    async (request) => payWithDemo(deps, caller(request), request.params.eventPaymentId, request.body.outcome),
  );

  await app.register(async (webhooks) => {
    keepRawJson(webhooks);
    webhooks.post(
      '/payments/demo/webhook',
      { config: callback, schema: { tags, response: { 200: webhookReply } } },
      async (request) => ({
        outcome: await receiveDemoWebhook(deps, rawBodyOf(request.body), headerOf(request.headers['x-demo-signature'])),
      }),
    );
  });
};
