import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseOrderSubmitted } from '@portal/domain/commerce/purchase-orders.ts';
import {
  applicantAvailability,
  applicantQuery,
  applicantsQuery,
  availableApplicants,
  couponValidation,
  couponValidationInput,
  institutePage,
  instituteQuery,
} from '@portal/domain/commerce/member-purchase-orders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readUpload } from '../../core/purchase-order-upload.ts';
import { caller } from '../../platform/access.ts';
import { idempotentRequest, idempotencyKeyHeaders } from '../../platform/idempotency.ts';
import * as service from './service.ts';

const signedIn = { access: 'signedIn' } as const;
const tags = ['purchase-orders'];

/**
 * A member's purchase order for accepted applicants of an institute (organizations.md §2, §7: the
 * institutes list, available applicants count, applicant availability, coupon validation, submit).
 */
export const institutePurchaseOrderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/institute-purchase-orders/institutes',
    { config: signedIn, schema: { tags, querystring: instituteQuery, response: { 200: institutePage } } },
    async (request) => service.institutes(deps, request.query),
  );

  app.get(
    '/institute-purchase-orders/available-applicants',
    { config: signedIn, schema: { tags, querystring: applicantsQuery, response: { 200: availableApplicants } } },
    async (request) => service.availableApplicants(deps, caller(request), request.query),
  );

  app.get(
    '/institute-purchase-orders/applicant',
    { config: signedIn, schema: { tags, querystring: applicantQuery, response: { 200: applicantAvailability } } },
    async (request) => service.applicantAvailability(deps, caller(request), request.query),
  );

  app.post(
    '/institute-purchase-orders/coupon',
    { config: signedIn, schema: { tags, body: couponValidationInput, response: { 200: couponValidation } } },
    async (request) => service.validateCoupon(deps, request.body),
  );

  app.post(
    '/institute-purchase-orders',
    {
      config: signedIn,
      schema: {
        tags,
        headers: idempotencyKeyHeaders,
        consumes: ['multipart/form-data'],
        response: { 201: purchaseOrderSubmitted },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const idempotency = idempotentRequest(request, request.headers['idempotency-key'], upload);
      return reply
        .status(201)
        .send(await service.submitInstitutePurchaseOrder(deps, caller(request), upload, idempotency));
    },
  );
};
