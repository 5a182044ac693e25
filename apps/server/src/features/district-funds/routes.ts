import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  districtAllowanceInput,
  districtApprovalPage,
  districtDeclineInput,
  districtFundEntryPage,
  districtFundOption,
  districtFundSummary,
  districtFundSummaryPage,
  districtPageQuery,
  districtSchoolPage,
  districtSpendingPage,
} from '@portal/domain/organizations/district-funds.ts';
import {
  seatBlockPage,
  seatGiftInput,
  seatReturnInput,
  seatsAheadCart,
  seatsBoughtReply,
  seatsMovedReply,
} from '@portal/domain/organizations/seat-blocks.ts';
import { eventPaymentStatuses } from '@portal/domain/commerce/enums.ts';
import { exportFormats } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fundEntriesPage, fundSummaries, requireDistrictAdministrator } from '../../core/district-funds.ts';
import { seatBlocksPage } from '../../core/seat-blocks.ts';
import { caller } from '../../platform/access.ts';
import { idempotencyKeyHeaders, idempotentRequest } from '../../platform/idempotency.ts';
import { exportMediaTypes, sendExport } from '../../platform/exports.ts';
import { approvalsPage, schoolsPage, spendingRows } from './repository.ts';
import { buyAhead, cartToBuyAhead, give, giveBack } from './seat-blocks.ts';
import { approve, decline, exportSpending, optionFor, removeAllowance, setAllowance, summaryFor } from './service.ts';

const signedIn = { access: 'signedIn' } as const;
const tags = ['district-funds'];
const districtParams = z.object({ districtId: z.uuid('Not a district id') });
const schoolParams = districtParams.extend({ organizationId: z.uuid('Not an organization id') });
const approvalParams = districtParams.extend({ eventPaymentId: z.uuid('Not an event payment id') });
const blockParams = districtParams.extend({ blockId: z.uuid('Not an id of seats bought ahead') });
const decisionReply = z.object({ status: z.enum(eventPaymentStatuses), message: z.string() });
const allowanceReply = z.object({ organizationId: z.string(), limitCents: z.number() });

/**
 * A district administrator's fund (issue 41): the districts they administer, each one's schools and
 * allowances, the orders waiting for them, the ledger and the spending with its export, the seats bought
 * ahead; and the checkout's question whether a school may pay with District funds.
 */
export const districtFundRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/district-funds',
    { config: signedIn, schema: { tags, querystring: districtPageQuery, response: { 200: districtFundSummaryPage } } },
    async (request) => fundSummaries(deps.db, { administeredBy: caller(request).user.id, ...request.query }),
  );

  app.get(
    '/district-funds/options',
    {
      config: signedIn,
      schema: {
        tags,
        querystring: z.object({ organizationId: z.uuid('Not an organization id') }),
        response: { 200: districtFundOption },
      },
    },
    async (request) => optionFor(deps, caller(request), request.query.organizationId),
  );

  app.get(
    '/district-funds/:districtId',
    { config: signedIn, schema: { tags, params: districtParams, response: { 200: districtFundSummary } } },
    async (request) => summaryFor(deps, caller(request), request.params.districtId),
  );

  app.get(
    '/district-funds/:districtId/schools',
    {
      config: signedIn,
      schema: { tags, params: districtParams, querystring: districtPageQuery, response: { 200: districtSchoolPage } },
    },
    async (request) => {
      await requireDistrictAdministrator(deps.db, request.params.districtId, caller(request).user.id);
      return schoolsPage(deps.db, request.params.districtId, request.query);
    },
  );

  app.put(
    '/district-funds/:districtId/schools/:organizationId/allowance',
    {
      config: signedIn,
      schema: { tags, params: schoolParams, body: districtAllowanceInput, response: { 200: allowanceReply } },
    },
    async (request) =>
      setAllowance(deps, caller(request), request.params.districtId, request.params.organizationId, request.body),
  );

  app.delete(
    '/district-funds/:districtId/schools/:organizationId/allowance',
    { config: signedIn, schema: { tags, params: schoolParams } },
    async (request, reply) => {
      await removeAllowance(deps, caller(request), request.params.districtId, request.params.organizationId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/district-funds/:districtId/entries',
    {
      config: signedIn,
      schema: {
        tags,
        params: districtParams,
        querystring: districtPageQuery,
        response: { 200: districtFundEntryPage },
      },
    },
    async (request) => {
      await requireDistrictAdministrator(deps.db, request.params.districtId, caller(request).user.id);
      return fundEntriesPage(deps.db, request.params.districtId, request.query);
    },
  );

  app.get(
    '/district-funds/:districtId/approvals',
    {
      config: signedIn,
      schema: { tags, params: districtParams, querystring: districtPageQuery, response: { 200: districtApprovalPage } },
    },
    async (request) => {
      await requireDistrictAdministrator(deps.db, request.params.districtId, caller(request).user.id);
      return approvalsPage(deps.db, request.params.districtId, request.query);
    },
  );

  app.post(
    '/district-funds/:districtId/approvals/:eventPaymentId/approve',
    { config: signedIn, schema: { tags, params: approvalParams, response: { 200: decisionReply } } },
    async (request) => approve(deps, caller(request), request.params.districtId, request.params.eventPaymentId),
  );

  app.post(
    '/district-funds/:districtId/approvals/:eventPaymentId/decline',
    {
      config: signedIn,
      schema: { tags, params: approvalParams, body: districtDeclineInput, response: { 200: decisionReply } },
    },
    async (request) =>
      decline(deps, caller(request), request.params.districtId, request.params.eventPaymentId, request.body.reason),
  );

  app.get(
    '/district-funds/:districtId/spending',
    {
      config: signedIn,
      schema: { tags, params: districtParams, querystring: districtPageQuery, response: { 200: districtSpendingPage } },
    },
    async (request) => {
      await requireDistrictAdministrator(deps.db, request.params.districtId, caller(request).user.id);
      const { rows, total } = await spendingRows(deps.db, request.params.districtId, request.query);
      return { items: rows, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/district-funds/:districtId/spending/export',
    {
      config: signedIn,
      schema: {
        tags,
        params: districtParams,
        querystring: z.object({ format: z.enum(exportFormats, 'Choose csv or xlsx') }),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        await exportSpending(deps, caller(request), request.params.districtId, request.query.format),
        deps.db,
      ),
  );

  app.get(
    '/district-funds/:districtId/seat-blocks',
    {
      config: signedIn,
      schema: { tags, params: districtParams, querystring: districtPageQuery, response: { 200: seatBlockPage } },
    },
    async (request) => {
      await requireDistrictAdministrator(deps.db, request.params.districtId, caller(request).user.id);
      return seatBlocksPage(deps.db, request.params.districtId, request.query);
    },
  );

  app.get(
    '/district-funds/:districtId/seat-blocks/cart',
    { config: signedIn, schema: { tags, params: districtParams, response: { 200: seatsAheadCart } } },
    async (request) => cartToBuyAhead(deps, caller(request), request.params.districtId),
  );

  app.post(
    '/district-funds/:districtId/seat-blocks',
    { config: signedIn, schema: { tags, params: districtParams, response: { 201: seatsBoughtReply } } },
    async (request, reply) => reply.status(201).send(await buyAhead(deps, caller(request), request.params.districtId)),
  );

  app.post(
    '/district-funds/:districtId/seat-blocks/:blockId/gifts',
    {
      config: signedIn,
      schema: {
        tags,
        params: blockParams,
        headers: idempotencyKeyHeaders,
        body: seatGiftInput,
        response: { 200: seatsMovedReply },
      },
    },
    async (request) => {
      const { districtId, blockId } = request.params;
      const idempotency = idempotentRequest(request, request.headers['idempotency-key'], request.body);
      return give(deps, caller(request), districtId, blockId, request.body, idempotency);
    },
  );

  app.post(
    '/district-funds/:districtId/seat-blocks/:blockId/returns',
    {
      config: signedIn,
      schema: {
        tags,
        params: blockParams,
        headers: idempotencyKeyHeaders,
        body: seatReturnInput,
        response: { 200: seatsMovedReply },
      },
    },
    async (request) => {
      const { districtId, blockId } = request.params;
      const idempotency = idempotentRequest(request, request.headers['idempotency-key'], request.body);
      return giveBack(deps, caller(request), districtId, blockId, request.body, idempotency);
    },
  );
};
