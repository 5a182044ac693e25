import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationDetail } from '@portal/domain/applications/contracts.ts';
import { eventPaymentReply } from '@portal/domain/commerce/payments.ts';
import {
  createRegistrationRequestInput,
  groupRegistrationOfferReply,
  registrationCouponInput,
  registrationPayInput,
  registrationPayReply,
  registrationRequestCreated,
  registrationRequestDetail,
  registrationRequestListQuery,
  registrationRequestPage,
  saveAttendeesInput,
  updateSeatsInput,
} from '@portal/domain/registrations/requests.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import {
  cancelRequest,
  createRequest,
  getAttendeeApplication,
  getRequest,
  groupOffer,
  listRequests,
} from './service.ts';
import { saveAttendees, updateSeats } from './seats.ts';
import { applyCoupon, getRequestPayment, payRequest, quoteRequest } from './payments.ts';
import { quoteIssued } from '@portal/domain/commerce/quotes.ts';

const params = z.object({ requestId: z.uuid('Not a registration request id') });
const paymentParams = params.extend({ eventPaymentId: z.uuid('Not an event payment id') });
const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const attendeeParams = params.extend({ userId: z.uuid('Not a user id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['registration-requests'];
const detail = { 200: registrationRequestDetail };

/**
 * The member's group registration requests (events.md §2 'Registration requests', §7). Signed in;
 * each request is visible only to the member who made it, checked in the service (404 otherwise).
 */
export const registrationRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/catalogue/events/:eventId/group-registration',
    { config: signedIn, schema: { tags, params: eventParams, response: { 200: groupRegistrationOfferReply } } },
    async (request) => groupOffer(deps, request.params.eventId),
  );

  app.get(
    '/event-registration-requests',
    {
      config: signedIn,
      schema: { tags, querystring: registrationRequestListQuery, response: { 200: registrationRequestPage } },
    },
    async (request) => listRequests(deps, caller(request), request.query),
  );

  app.post(
    '/event-registration-requests',
    {
      config: signedIn,
      schema: {
        tags,
        headers: idempotencyKeyHeaders,
        body: createRegistrationRequestInput,
        response: { 201: registrationRequestCreated },
      },
    },
    async (request, reply) => {
      const idempotency = idempotentRequest(request, request.headers['idempotency-key'], request.body);
      return reply.status(201).send(await createRequest(deps, caller(request), request.body, idempotency));
    },
  );

  app.get(
    '/event-registration-requests/:requestId',
    { config: signedIn, schema: { tags, params, response: detail } },
    async (request) => getRequest(deps, caller(request), request.params.requestId),
  );

  app.put(
    '/event-registration-requests/:requestId/seats',
    { config: signedIn, schema: { tags, params, body: updateSeatsInput, response: detail } },
    async (request) => updateSeats(deps, caller(request), request.params.requestId, request.body.seatsRequested),
  );

  app.put(
    '/event-registration-requests/:requestId/attendees',
    { config: signedIn, schema: { tags, params, body: saveAttendeesInput, response: detail } },
    async (request) => saveAttendees(deps, caller(request), request.params.requestId, request.body),
  );

  app.post(
    '/event-registration-requests/:requestId/coupon',
    { config: signedIn, schema: { tags, params, body: registrationCouponInput, response: detail } },
    async (request) => applyCoupon(deps, caller(request), request.params.requestId, request.body.code),
  );

  app.post(
    '/event-registration-requests/:requestId/quote',
    { config: signedIn, schema: { tags, params, response: { 201: quoteIssued } } },
    async (request, reply) =>
      reply.status(201).send(await quoteRequest(deps, caller(request), request.params.requestId)),
  );

  app.post(
    '/event-registration-requests/:requestId/pay',
    {
      config: signedIn,
      schema: {
        tags,
        params,
        headers: idempotencyKeyHeaders,
        body: registrationPayInput,
        response: { 200: registrationPayReply },
      },
    },
    async (request) =>
      payRequest(
        deps,
        caller(request),
        request.params.requestId,
        request.body.method,
        idempotentRequest(request, request.headers['idempotency-key'], request.body),
      ),
  );

  app.get(
    '/event-registration-requests/:requestId/payments/:eventPaymentId',
    { config: signedIn, schema: { tags, params: paymentParams, response: { 200: eventPaymentReply } } },
    async (request) =>
      getRequestPayment(deps, caller(request), request.params.requestId, request.params.eventPaymentId),
  );

  app.get(
    '/event-registration-requests/:requestId/applications/:userId',
    { config: signedIn, schema: { tags, params: attendeeParams, response: { 200: applicationDetail } } },
    async (request) => getAttendeeApplication(deps, caller(request), request.params.requestId, request.params.userId),
  );

  app.post(
    '/event-registration-requests/:requestId/cancel',
    { config: signedIn, schema: { tags, params, response: detail } },
    async (request) => cancelRequest(deps, caller(request), request.params.requestId),
  );
};
