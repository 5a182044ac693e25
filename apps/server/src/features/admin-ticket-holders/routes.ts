import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportQuery } from '@portal/domain/exports.ts';
import { ticketHolderPage, ticketHolderQuery } from '@portal/domain/tickets/ticket-holders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendExport, exportMediaTypes } from '../../platform/exports.ts';
import { exportTicketHolders, ticketHolders } from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** Staff list and export who holds a place at an event: tickets, institute, package and registration seats. */
export const adminTicketHolderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/events/:eventId/ticket-holders',
    {
      config: staff,
      schema: { tags, params: eventParams, querystring: ticketHolderQuery, response: { 200: ticketHolderPage } },
    },
    async (request) => ticketHolders(deps, request.params.eventId, request.query),
  );

  app.get(
    '/admin/events/:eventId/ticket-holders/export',
    {
      config: staff,
      schema: {
        tags,
        params: eventParams,
        querystring: exportQuery(ticketHolderQuery),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) =>
      sendExport(reply, await exportTicketHolders(deps, request.params.eventId, request.query), deps.db),
  );
};
