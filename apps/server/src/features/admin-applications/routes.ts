import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminApplicationDetail,
  adminApplicationPage,
  adminApplicationQuery,
  applicationDecisionInput,
  applicationSettingsInput,
  applicationSettingsReply,
  questionInput,
  questionReply,
} from '@portal/domain/applications/contracts.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { exportMediaTypes, sendExport } from '../../platform/exports.ts';
import * as review from './service.ts';

const idParams = z.object({ id: z.uuid('Not an id') });
const eventParams = z.object({ eventId: z.uuid('Not an event id') });

const staff = { access: 'staff' } as const;
const tags = ['admin'];
const question = questionReply.extend({ position: z.number() });
const settings = { 200: applicationSettingsReply };

/**
 * The staff console's side of event applications: the review queue and decisions, and per event
 * the application settings (acceptance, ticket type, due days, payment options) and questions.
 */
export const adminApplicationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/applications',
    { config: staff, schema: { tags, querystring: adminApplicationQuery, response: { 200: adminApplicationPage } } },
    async (request) => review.listApplications(deps, request.query),
  );

  app.get(
    '/admin/applications/export',
    { config: staff, schema: { tags, querystring: exportQuery(adminApplicationQuery), produces: exportMediaTypes } },
    async (request, reply) => sendExport(reply, review.exportApplications(deps, request.query), deps.db),
  );

  app.get(
    '/admin/applications/:id',
    { config: staff, schema: { tags, params: idParams, response: { 200: adminApplicationDetail } } },
    async (request) => review.getApplication(deps, request.params.id),
  );

  app.post(
    '/admin/applications/:id/decision',
    {
      config: staff,
      schema: { tags, params: idParams, body: applicationDecisionInput, response: { 200: adminApplicationDetail } },
    },
    async (request) => review.decideApplication(deps, caller(request), request.params.id, request.body),
  );

  app.get(
    '/admin/events/:eventId/application-settings',
    { config: staff, schema: { tags, params: eventParams, response: settings } },
    async (request) => review.getSettings(deps.db, request.params.eventId),
  );

  app.put(
    '/admin/events/:eventId/application-settings',
    { config: staff, schema: { tags, params: eventParams, body: applicationSettingsInput, response: settings } },
    async (request) => review.saveSettings(deps, caller(request), request.params.eventId, request.body),
  );

  app.post(
    '/admin/events/:eventId/questions',
    { config: staff, schema: { tags, params: eventParams, body: questionInput, response: { 201: question } } },
    async (request, reply) =>
      reply.status(201).send(await review.addQuestion(deps, caller(request), request.params.eventId, request.body)),
  );

  app.put(
    '/admin/questions/:id',
    { config: staff, schema: { tags, params: idParams, body: questionInput, response: { 200: question } } },
    async (request) => review.updateQuestion(deps, caller(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/questions/:id',
    { config: staff, schema: { tags, params: idParams, response: settings } },
    async (request) => review.deleteQuestion(deps, caller(request), request.params.id),
  );
};
