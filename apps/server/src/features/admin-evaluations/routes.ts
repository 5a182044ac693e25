import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { evaluationInput, evaluationResults, staffEvaluation } from '@portal/domain/events/evaluations.ts';
import { exportFormats } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { exportMediaTypes, sendExport } from '../../platform/exports.ts';
import * as evaluations from './service.ts';

const staff = { access: 'staff' } as const;
const tags = ['admin'];
const params = z.object({ eventId: z.uuid('Not an event id') });
const staffEvaluationAnswer = staffEvaluation.extend({ exists: z.boolean() });

/** Staff build an event's evaluation, read its results and export its responses. */
export const adminEvaluationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/evaluations/:eventId',
    { config: staff, schema: { tags, params, response: { 200: staffEvaluationAnswer } } },
    async (request) => evaluations.getEvaluation(deps, request.params.eventId),
  );

  app.put(
    '/admin/evaluations/:eventId',
    { config: staff, schema: { tags, params, body: evaluationInput, response: { 200: staffEvaluationAnswer } } },
    async (request) => evaluations.saveEvaluation(deps, caller(request), request.params.eventId, request.body),
  );

  app.get(
    '/admin/evaluations/:eventId/results',
    { config: staff, schema: { tags, params, response: { 200: evaluationResults } } },
    async (request) => evaluations.results(deps, request.params.eventId),
  );

  app.get(
    '/admin/evaluations/:eventId/results/export',
    {
      config: staff,
      schema: {
        tags,
        params,
        querystring: z.object({ format: z.enum(exportFormats, 'Choose csv or xlsx') }),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) =>
      sendExport(reply, await evaluations.exportResponses(deps, request.params.eventId, request.query.format), deps.db),
  );
};
