import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, myEvaluation, myEvaluations, occasion } from '@portal/domain/events/evaluations.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import * as evaluations from './service.ts';

const signedIn = { access: 'signedIn' } as const;
const tags = ['evaluations'];
const params = z.object({ eventId: z.uuid('Not an event id'), occasion });
const body = z.object({ answers });

/** A member's evaluations: those she is asked after attending, her draft kept as she goes, and her answers. */
export const evaluationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/evaluations', { config: signedIn, schema: { tags, response: { 200: myEvaluations } } }, async (request) =>
    evaluations.listMine(deps, caller(request)),
  );

  app.get(
    '/evaluations/:eventId/:occasion',
    { config: signedIn, schema: { tags, params, response: { 200: myEvaluation } } },
    async (request) => evaluations.getMine(deps, caller(request), request.params.eventId, request.params.occasion),
  );

  app.put(
    '/evaluations/:eventId/:occasion/draft',
    { config: signedIn, schema: { tags, params, body, response: { 200: myEvaluation } } },
    async (request) =>
      evaluations.saveDraft(
        deps,
        caller(request),
        request.params.eventId,
        request.params.occasion,
        request.body.answers,
      ),
  );

  app.post(
    '/evaluations/:eventId/:occasion',
    { config: signedIn, schema: { tags, params, body, response: { 200: myEvaluation } } },
    async (request) =>
      evaluations.submit(deps, caller(request), request.params.eventId, request.params.occasion, request.body.answers),
  );
};
