import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventReport, seasonReport } from '@portal/domain/events/event-reports.ts';
import type { AppDeps } from '../../app-deps.ts';
import * as reports from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** How sales and attendance go: one event's report, and the season across events. Staff only. */
export const adminReportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/events/:eventId/report',
    { config: staff, schema: { tags, params: eventParams, response: { 200: eventReport } } },
    async (request) => reports.eventReport(deps, request.params.eventId),
  );

  app.get('/admin/reports/season', { config: staff, schema: { tags, response: { 200: seasonReport } } }, async () =>
    reports.seasonReport(deps),
  );
};
