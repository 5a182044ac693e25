import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  couponInput,
  couponPage,
  couponQuery,
  couponRow,
  groupingInput,
  pathInput,
  sectionInput,
  staffEventDetail,
  staffEventInput,
  staffEventPage,
  staffEventQuery,
  ticketTypeInput,
} from '@portal/domain/events/admin-contracts.ts';
import {
  moveEntryInput,
  staffWaitingListReply,
  waitingListSettingsInput,
} from '@portal/domain/events/waiting-lists.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { createCoupon, listCoupons, updateCoupon } from './coupons.ts';
import * as editor from './service.ts';
import * as waitingLists from './waiting-lists.ts';
import { cancellationPolicy } from '@portal/domain/commerce/cancellation-policy.ts';
import { readCancellationPolicy, setCancellationPolicy } from './cancellation-policy.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const pathParams = z.object({ pathId: z.uuid('Not a path id') });
const groupingParams = z.object({ groupingId: z.uuid('Not a grouping id') });
const idParams = z.object({ id: z.uuid('Not an id') });
const entryParams = z.object({ entryId: z.uuid('Not a waiting-list entry id') });
const waitingList = { 200: staffWaitingListReply };

const staff = { access: 'staff' } as const;
const tags = ['admin'];
const detail = { 200: staffEventDetail };
const created = { 201: staffEventDetail };

/**
 * The staff console's events editor (events, ticket types, paths > groupings > sections) and
 * coupons. Every change answers the whole event as the editor shows it.
 */
export const adminEventRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/events',
    { config: staff, schema: { tags, querystring: staffEventQuery, response: { 200: staffEventPage } } },
    async (request) => editor.listEvents(deps, request.query),
  );

  app.post(
    '/admin/events',
    { config: staff, schema: { tags, body: staffEventInput, response: created } },
    async (request, reply) => reply.status(201).send(await editor.createEvent(deps, caller(request), request.body)),
  );

  app.get(
    '/admin/events/:eventId',
    { config: staff, schema: { tags, params: eventParams, response: detail } },
    async (request) => editor.getEvent(deps, request.params.eventId),
  );

  app.get(
    '/admin/events/:eventId/cancellation-policy',
    { config: staff, schema: { tags, params: eventParams, response: { 200: cancellationPolicy } } },
    async (request) => readCancellationPolicy(deps, request.params.eventId),
  );

  app.put(
    '/admin/events/:eventId/cancellation-policy',
    {
      config: staff,
      schema: { tags, params: eventParams, body: cancellationPolicy, response: { 200: cancellationPolicy } },
    },
    async (request) => setCancellationPolicy(deps, caller(request), request.params.eventId, request.body),
  );

  app.put(
    '/admin/events/:eventId',
    { config: staff, schema: { tags, params: eventParams, body: staffEventInput, response: detail } },
    async (request) => editor.editEvent(deps, caller(request), request.params.eventId, request.body),
  );

  app.post(
    '/admin/events/:eventId/ticket-types',
    { config: staff, schema: { tags, params: eventParams, body: ticketTypeInput, response: created } },
    async (request, reply) =>
      reply.status(201).send(await editor.addTicketType(deps, caller(request), request.params.eventId, request.body)),
  );

  app.put(
    '/admin/ticket-types/:id',
    { config: staff, schema: { tags, params: idParams, body: ticketTypeInput, response: detail } },
    async (request) => editor.updateTicketType(deps, caller(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/ticket-types/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => editor.deleteTicketType(deps, caller(request), request.params.id),
  );

  app.post(
    '/admin/events/:eventId/paths',
    { config: staff, schema: { tags, params: eventParams, body: pathInput, response: created } },
    async (request, reply) =>
      reply.status(201).send(await editor.addPath(deps, caller(request), request.params.eventId, request.body)),
  );

  app.put(
    '/admin/paths/:id',
    { config: staff, schema: { tags, params: idParams, body: pathInput, response: detail } },
    async (request) => editor.updatePath(deps, caller(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/paths/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => editor.deletePath(deps, caller(request), request.params.id),
  );

  app.post(
    '/admin/paths/:pathId/groupings',
    { config: staff, schema: { tags, params: pathParams, body: groupingInput, response: created } },
    async (request, reply) =>
      reply.status(201).send(await editor.addGrouping(deps, caller(request), request.params.pathId, request.body)),
  );

  app.put(
    '/admin/groupings/:id',
    { config: staff, schema: { tags, params: idParams, body: groupingInput, response: detail } },
    async (request) => editor.editGrouping(deps, caller(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/groupings/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => editor.deleteGrouping(deps, caller(request), request.params.id),
  );

  app.post(
    '/admin/groupings/:groupingId/sections',
    { config: staff, schema: { tags, params: groupingParams, body: sectionInput, response: created } },
    async (request, reply) =>
      reply.status(201).send(await editor.addSection(deps, caller(request), request.params.groupingId, request.body)),
  );

  app.put(
    '/admin/sections/:id',
    { config: staff, schema: { tags, params: idParams, body: sectionInput, response: detail } },
    async (request) => editor.updateSection(deps, caller(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/sections/:id',
    { config: staff, schema: { tags, params: idParams, response: detail } },
    async (request) => editor.deleteSection(deps, caller(request), request.params.id),
  );

  app.get(
    '/admin/coupons',
    { config: staff, schema: { tags, querystring: couponQuery, response: { 200: couponPage } } },
    async (request) => listCoupons(deps, request.query),
  );

  app.post(
    '/admin/coupons',
    { config: staff, schema: { tags, body: couponInput, response: { 201: couponRow } } },
    async (request, reply) => reply.status(201).send(await createCoupon(deps, caller(request), request.body)),
  );

  app.put(
    '/admin/coupons/:id',
    { config: staff, schema: { tags, params: idParams, body: couponInput, response: { 200: couponRow } } },
    async (request) => updateCoupon(deps, caller(request), request.params.id, request.body),
  );

  app.get(
    '/admin/events/:eventId/waiting-list',
    { config: staff, schema: { tags, params: eventParams, response: waitingList } },
    async (request) => waitingLists.getWaitingList(deps, request.params.eventId),
  );

  app.put(
    '/admin/events/:eventId/waiting-list',
    { config: staff, schema: { tags, params: eventParams, body: waitingListSettingsInput, response: waitingList } },
    async (request) => waitingLists.setWaitingList(deps, caller(request), request.params.eventId, request.body),
  );

  app.post(
    '/admin/waiting-list-entries/:entryId/move',
    { config: staff, schema: { tags, params: entryParams, body: moveEntryInput, response: waitingList } },
    async (request) => waitingLists.moveEntry(deps, caller(request), request.params.entryId, request.body.direction),
  );

  app.post(
    '/admin/waiting-list-entries/:entryId/offer',
    { config: staff, schema: { tags, params: entryParams, response: waitingList } },
    async (request) => waitingLists.offerEntry(deps, caller(request), request.params.entryId),
  );

  app.delete(
    '/admin/waiting-list-entries/:entryId',
    { config: staff, schema: { tags, params: entryParams, response: waitingList } },
    async (request) => waitingLists.removeEntry(deps, caller(request), request.params.entryId),
  );
};
