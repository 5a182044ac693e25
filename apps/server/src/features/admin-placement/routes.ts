import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  placementApplicantPage,
  placementApplicantQuery,
  placementBoard,
  placementPreview,
  placementPreviewInput,
  placementPublished,
  placementPublishInput,
} from '@portal/domain/applications/placement-contracts.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import * as placement from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];
const base = '/admin/events/:eventId/placement';

/**
 * Placement of an event's accepted applicants into the sections they ranked: the board, a page of
 * applicants, a preview that saves nothing, and publishing the preview.
 */
export const adminPlacementRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    base,
    { config: staff, schema: { tags, params: eventParams, response: { 200: placementBoard } } },
    async (request) => placement.getBoard(deps, request.params.eventId),
  );

  app.get(
    `${base}/applicants`,
    {
      config: staff,
      schema: {
        tags,
        params: eventParams,
        querystring: placementApplicantQuery,
        response: { 200: placementApplicantPage },
      },
    },
    async (request) => placement.listApplicants(deps, request.params.eventId, request.query),
  );

  app.post(
    `${base}/preview`,
    {
      config: staff,
      schema: { tags, params: eventParams, body: placementPreviewInput, response: { 200: placementPreview } },
    },
    async (request) => placement.preview(deps, request.params.eventId, request.body),
  );

  app.post(
    `${base}/publish`,
    {
      config: staff,
      schema: { tags, params: eventParams, body: placementPublishInput, response: { 200: placementPublished } },
    },
    async (request) => placement.publish(deps, caller(request), request.params.eventId, request.body),
  );
};
