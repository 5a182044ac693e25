import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventSelectionInput,
  groupSelectionInput,
  instituteSelectionInput,
  packageRequestDetail,
  staffOptionsInput,
  submitPackageInput,
} from '@portal/domain/packages/contracts.ts';
import { quoteIssued } from '@portal/domain/commerce/quotes.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendDownload } from '../../platform/downloads.ts';
import {
  quotePackageRequest,
  readPackageRequest,
  reviewPdf,
  saveEventSelection,
  saveGroupSelection,
  saveInstituteSelection,
  saveStaffOptions,
  submitPackageRequest,
} from './service.ts';

const params = z.object({ packageRequestId: z.uuid('Not a package request id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['packages'];
const reply = { 200: packageRequestDetail };

/**
 * The package request wizard (organizations.md §7 'package request by id', 'save or submit package
 * request' by segment). The service allows only an OWNER or ADMIN of the request's organization.
 */
export const packageRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/package-requests/:packageRequestId',
    { config: signedIn, schema: { tags, params, response: reply } },
    async (request) => readPackageRequest(deps, caller(request), request.params.packageRequestId),
  );

  app.put(
    '/package-requests/:packageRequestId/staff-options',
    { config: signedIn, schema: { tags, params, body: staffOptionsInput, response: reply } },
    async (request) => saveStaffOptions(deps, caller(request), request.params.packageRequestId, request.body),
  );

  app.put(
    '/package-requests/:packageRequestId/event-selection',
    { config: signedIn, schema: { tags, params, body: eventSelectionInput, response: reply } },
    async (request) => saveEventSelection(deps, caller(request), request.params.packageRequestId, request.body),
  );

  app.put(
    '/package-requests/:packageRequestId/group-selection',
    { config: signedIn, schema: { tags, params, body: groupSelectionInput, response: reply } },
    async (request) => saveGroupSelection(deps, caller(request), request.params.packageRequestId, request.body),
  );

  app.put(
    '/package-requests/:packageRequestId/institute-selection',
    { config: signedIn, schema: { tags, params, body: instituteSelectionInput, response: reply } },
    async (request) => saveInstituteSelection(deps, caller(request), request.params.packageRequestId, request.body),
  );

  app.post(
    '/package-requests/:packageRequestId/submit',
    { config: signedIn, schema: { tags, params, body: submitPackageInput, response: reply } },
    async (request) =>
      submitPackageRequest(deps, caller(request), request.params.packageRequestId, request.body.usingPtaFunds),
  );

  app.post(
    '/package-requests/:packageRequestId/quote',
    { config: signedIn, schema: { tags, params, response: { 201: quoteIssued } } },
    async (request, response) =>
      response.status(201).send(await quotePackageRequest(deps, caller(request), request.params.packageRequestId)),
  );

  app.get(
    '/package-requests/:packageRequestId/review.pdf',
    { config: signedIn, schema: { tags, params, produces: ['application/pdf'] } },
    async (request, response) => {
      const bytes = await reviewPdf(deps, caller(request), request.params.packageRequestId);
      return sendDownload(response, { fileName: 'package-review.pdf', contentType: 'application/pdf', body: bytes });
    },
  );
};
