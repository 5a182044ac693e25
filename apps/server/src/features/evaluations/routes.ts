import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answers,
  evaluationLinkToken,
  myEvaluation,
  myEvaluations,
  occasion,
} from '@portal/domain/events/evaluations.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import * as evaluations from './service.ts';

const signedIn = { access: 'signedIn' } as const;
const tags = ['evaluations'];
const params = z.object({ eventId: z.uuid('Not an event id'), occasion });
const body = z.object({ answers });
const linkParams = z.object({ token: evaluationLinkToken });
// The mail's signed link stands in for a session: it opens one person's one form and nothing else.
const byLink = { access: 'public' } as const;

/**
 * A member's evaluations: those she is asked after attending, her draft kept as she goes, and her answers;
 * the same form through the mail's signed link, signed in or not.
 */
export const evaluationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/evaluations/links/:token',
    { config: byLink, schema: { tags, params: linkParams, response: { 200: myEvaluation } } },
    async (request) => evaluations.getByLink(deps, request.params.token),
  );

  app.put(
    '/evaluations/links/:token/draft',
    { config: byLink, schema: { tags, params: linkParams, body, response: { 200: myEvaluation } } },
    async (request) => evaluations.saveDraftByLink(deps, request.params.token, request.body.answers),
  );

  app.post(
    '/evaluations/links/:token',
    { config: byLink, schema: { tags, params: linkParams, body, response: { 200: myEvaluation } } },
    async (request) => evaluations.submitByLink(deps, request.params.token, request.body.answers),
  );

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
