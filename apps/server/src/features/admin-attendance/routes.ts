import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '@portal/domain/pagination.ts';
import {
  attendanceOverview,
  sectionHours,
  sectionHoursInput,
  takerGrantInput,
  takerList,
} from '@portal/domain/events/attendance.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { sendExport, exportMediaTypes } from '../../platform/exports.ts';
import * as staffAttendance from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** The staff console's attendance: who takes it per event or section, what was taken, hours per section day. */
export const adminAttendanceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/events/:eventId/attendance-takers',
    { config: staff, schema: { tags, params: eventParams, response: { 200: takerList } } },
    async (request) => staffAttendance.listTakers(deps, request.params.eventId),
  );

  app.post(
    '/admin/events/:eventId/attendance-takers',
    { config: staff, schema: { tags, params: eventParams, body: takerGrantInput, response: { 201: takerList } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await staffAttendance.grantTaker(deps, caller(request), request.params.eventId, request.body)),
  );

  app.delete(
    '/admin/attendance-takers/:id',
    { config: staff, schema: { tags, params: z.object({ id: z.uuid('Not an id') }), response: { 200: takerList } } },
    async (request) => staffAttendance.revokeTaker(deps, caller(request), request.params.id),
  );

  app.get(
    '/admin/events/:eventId/attendance',
    {
      config: staff,
      schema: { tags, params: eventParams, querystring: pageQuery, response: { 200: attendanceOverview } },
    },
    async (request) => staffAttendance.overview(deps, request.params.eventId, request.query),
  );

  app.get(
    '/admin/events/:eventId/attendance.csv',
    { config: staff, schema: { tags, params: eventParams, produces: ['text/csv'] } },
    async (request, reply) =>
      sendExport(reply, await staffAttendance.overviewExport(deps, request.params.eventId, 'csv'), deps.db),
  );

  app.get(
    '/admin/events/:eventId/attendance/export',
    {
      config: staff,
      schema: {
        tags,
        params: eventParams,
        querystring: exportQuery(pageQuery),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        await staffAttendance.overviewExport(deps, request.params.eventId, request.query.format),
        deps.db,
      ),
  );

  app.get(
    '/admin/events/:eventId/certificates/export',
    {
      config: staff,
      schema: { tags, params: eventParams, querystring: exportQuery(pageQuery), produces: exportMediaTypes },
    },
    async (request, reply) =>
      sendExport(
        reply,
        await staffAttendance.certificatesExport(deps, request.params.eventId, request.query.format),
        deps.db,
      ),
  );

  app.put(
    '/admin/sections/:sectionId/attendance-hours',
    {
      config: staff,
      schema: {
        tags,
        params: z.object({ sectionId: z.uuid('Not a section id') }),
        body: sectionHoursInput,
        response: { 200: sectionHours },
      },
    },
    async (request) =>
      staffAttendance.setSectionHours(deps, caller(request), request.params.sectionId, request.body.minutesPerDay),
  );
};
