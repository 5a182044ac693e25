import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceList,
  attendanceSaveInput,
  attendanceSaveReply,
  attendanceSections,
  takerEvents,
} from '@portal/domain/events/attendance.ts';
import { ticketScanInput, ticketScanReply } from '@portal/domain/tickets/ticket-codes.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import * as attendance from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const sectionParams = eventParams.extend({ sectionId: z.uuid('Not a section id') });

const signedIn = { access: 'signedIn' } as const;
const tags = ['attendance'];

/**
 * Attendance takers' pages (events.md §2 'Attendance'): signed in, and then a taker of the event or
 * section named in the URL; anyone else is told there is no attendance to manage (404).
 */
export const attendanceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/attendance/events',
    { config: signedIn, schema: { tags, response: { 200: takerEvents } } },
    async (request) => attendance.listTakerEvents(deps, caller(request)),
  );

  app.get(
    '/events/:eventId/attendance',
    { config: signedIn, schema: { tags, params: eventParams, response: { 200: attendanceSections } } },
    async (request) => attendance.listSections(deps, caller(request), request.params.eventId),
  );

  app.get(
    '/events/:eventId/attendance/:sectionId',
    { config: signedIn, schema: { tags, params: sectionParams, response: { 200: attendanceList } } },
    async (request) => attendance.readRoll(deps, caller(request), request.params.eventId, request.params.sectionId),
  );

  app.put(
    '/events/:eventId/attendance/:sectionId',
    {
      config: signedIn,
      schema: { tags, params: sectionParams, body: attendanceSaveInput, response: { 200: attendanceSaveReply } },
    },
    async (request) =>
      attendance.saveRoll(deps, caller(request), request.params.eventId, request.params.sectionId, request.body),
  );

  app.post(
    '/events/:eventId/attendance/:sectionId/scan',
    {
      config: signedIn,
      schema: { tags, params: sectionParams, body: ticketScanInput, response: { 200: ticketScanReply } },
    },
    async (request) =>
      attendance.scanTicket(deps, caller(request), request.params.eventId, request.params.sectionId, request.body),
  );
};
