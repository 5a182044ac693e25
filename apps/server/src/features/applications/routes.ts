import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationCouponInput,
  applicationDetail,
  applicationListQuery,
  applicationPage,
  applicationPayReply,
  applicationStarted,
  legacyApplicationPage,
  paymentMethodInput,
  saveSegmentInput,
  startApplicationInput,
} from '@portal/domain/applications/contracts.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import { getApplication, listApplications, startApplication, withdrawApplication } from './service.ts';
import { saveSegment } from './segments.ts';
import { applyCoupon, changePaymentMethod, payApplication, quoteApplication } from './payments.ts';
import { cartQuoteInput, quoteIssued } from '@portal/domain/commerce/quotes.ts';
import { listLegacyApplications, payLegacyApplication } from './legacy-payments.ts';

const params = z.object({ applicationId: z.uuid('Not an application id') });
const legacyParams = z.object({ legacyApplicationId: z.uuid('Not an application id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['applications'];

/**
 * The applicant's event applications (events.md §2 'Event applications', §7), and those imported
 * from the previous system (§9). Signed in; each application is visible only to its applicant,
 * checked in the service.
 */
export const applicationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/event-applications',
    { config: signedIn, schema: { tags, querystring: applicationListQuery, response: { 200: applicationPage } } },
    async (request) => listApplications(deps, caller(request), request.query),
  );

  app.get(
    '/legacy-event-applications',
    { config: signedIn, schema: { tags, querystring: applicationListQuery, response: { 200: legacyApplicationPage } } },
    async (request) => listLegacyApplications(deps, caller(request), request.query),
  );

  app.post(
    '/event-applications',
    {
      config: signedIn,
      schema: { tags, body: startApplicationInput, response: { 200: applicationStarted, 201: applicationStarted } },
    },
    async (request, reply) => {
      const { created, applicationId } = await startApplication(deps, caller(request), request.body.eventId);
      return reply.status(created ? 201 : 200).send({ applicationId });
    },
  );

  app.post(
    '/legacy-event-applications/:legacyApplicationId/pay',
    {
      config: signedIn,
      schema: { tags, params: legacyParams, headers: idempotencyKeyHeaders, response: { 200: applicationPayReply } },
    },
    async (request) =>
      payLegacyApplication(
        deps,
        caller(request),
        request.params.legacyApplicationId,
        idempotentRequest(request, request.headers['idempotency-key'], null),
      ),
  );

  app.get(
    '/event-applications/:applicationId',
    { config: signedIn, schema: { tags, params, response: { 200: applicationDetail } } },
    async (request) => getApplication(deps, caller(request), request.params.applicationId),
  );

  app.put(
    '/event-applications/:applicationId/segments',
    { config: signedIn, schema: { tags, params, body: saveSegmentInput, response: { 200: applicationDetail } } },
    async (request) => saveSegment(deps, caller(request), request.params.applicationId, request.body),
  );

  app.put(
    '/event-applications/:applicationId/payment-method',
    { config: signedIn, schema: { tags, params, body: paymentMethodInput, response: { 200: applicationDetail } } },
    async (request) =>
      changePaymentMethod(deps, caller(request), request.params.applicationId, request.body.paymentOptionId),
  );

  app.post(
    '/event-applications/:applicationId/coupon',
    { config: signedIn, schema: { tags, params, body: applicationCouponInput, response: { 200: applicationDetail } } },
    async (request) => applyCoupon(deps, caller(request), request.params.applicationId, request.body.code),
  );

  app.post(
    '/event-applications/:applicationId/withdraw',
    { config: signedIn, schema: { tags, params, response: { 200: applicationDetail } } },
    async (request) => withdrawApplication(deps, caller(request), request.params.applicationId),
  );

  app.post(
    '/event-applications/:applicationId/quote',
    { config: signedIn, schema: { tags, params, body: cartQuoteInput, response: { 201: quoteIssued } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await quoteApplication(deps, caller(request), request.params.applicationId, request.body.organizationId)),
  );

  app.post(
    '/event-applications/:applicationId/pay',
    {
      config: signedIn,
      schema: { tags, params, headers: idempotencyKeyHeaders, response: { 200: applicationPayReply } },
    },
    async (request) =>
      payApplication(
        deps,
        caller(request),
        request.params.applicationId,
        idempotentRequest(request, request.headers['idempotency-key'], null),
      ),
  );
};
