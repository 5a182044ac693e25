import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  districtFundEntryInput,
  districtFundEntryPage,
  districtFundMessages,
  districtFundSummary,
  districtFundSummaryPage,
  districtListQuery,
  districtPageQuery,
} from '@portal/domain/organizations/district-funds.ts';
import { seatBlockPage } from '@portal/domain/organizations/seat-blocks.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fundEntriesPage, fundSummaries, fundSummary } from '../../core/district-funds.ts';
import { seatBlocksPage } from '../../core/seat-blocks.ts';
import { caller } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { recordEntry } from './service.ts';

const staff = { access: 'staff' } as const;
const tags = ['admin'];
const districtParams = z.object({ districtId: z.uuid('Not a district id') });

/**
 * The staff console's district funds (issue 41): every fund with its balance, its ledger, the seats it
 * bought ahead, and deposits.
 */
export const adminDistrictFundRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/district-funds',
    { config: staff, schema: { tags, querystring: districtListQuery, response: { 200: districtFundSummaryPage } } },
    async (request) => fundSummaries(deps.db, { administeredBy: null, ...request.query }),
  );

  app.get(
    '/admin/district-funds/:districtId',
    { config: staff, schema: { tags, params: districtParams, response: { 200: districtFundSummary } } },
    async (request) => {
      const summary = await fundSummary(deps.db, request.params.districtId);
      if (!summary) throw notFound(districtFundMessages.districtNotFound);
      return summary;
    },
  );

  app.get(
    '/admin/district-funds/:districtId/entries',
    {
      config: staff,
      schema: {
        tags,
        params: districtParams,
        querystring: districtPageQuery,
        response: { 200: districtFundEntryPage },
      },
    },
    async (request) => {
      if (!(await fundSummary(deps.db, request.params.districtId)))
        throw notFound(districtFundMessages.districtNotFound);
      return fundEntriesPage(deps.db, request.params.districtId, request.query);
    },
  );

  app.get(
    '/admin/district-funds/:districtId/seat-blocks',
    {
      config: staff,
      schema: { tags, params: districtParams, querystring: districtPageQuery, response: { 200: seatBlockPage } },
    },
    async (request) => {
      if (!(await fundSummary(deps.db, request.params.districtId)))
        throw notFound(districtFundMessages.districtNotFound);
      return seatBlocksPage(deps.db, request.params.districtId, request.query);
    },
  );

  app.post(
    '/admin/district-funds/:districtId/entries',
    {
      config: staff,
      schema: { tags, params: districtParams, body: districtFundEntryInput, response: { 201: districtFundSummary } },
    },
    async (request, reply) =>
      reply.status(201).send(await recordEntry(deps, caller(request), request.params.districtId, request.body)),
  );
};
