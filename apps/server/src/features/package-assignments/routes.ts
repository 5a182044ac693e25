import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allocateTicketsInput,
  assignApplicantsInput,
  assignStaffInput,
  packageAssignmentsReply,
  packageNotificationsReply,
} from '@portal/domain/packages/assignments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { getPackageAssignments, savePackageAssignments, sendPackageNotifications } from './service.ts';

const params = z.object({ packageRequestId: z.uuid('Not a package request id') });
const signedIn = { access: 'signedIn' } as const;
const tags = ['packages'];
const response = { 200: packageAssignmentsReply };
const base = '/package-requests/:packageRequestId/assignments';

/**
 * Package ticket assignment (events.md §7 'Package ticket assignments, package request' and 'Save
 * package assignments by segment'). The service allows only an OWNER or ADMIN of the request's
 * organization (others: 404), and only once the request is ACCEPTED (409). The organization's people
 * are found through /organizations/:id/assignable-users, paginated and searched like ticket allocation.
 */
export const packageAssignmentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(base, { config: signedIn, schema: { tags, params, response } }, async (request) =>
    getPackageAssignments(deps, caller(request), request.params.packageRequestId),
  );

  app.put(
    `${base}/allocate-tickets`,
    { config: signedIn, schema: { tags, params, body: allocateTicketsInput, response } },
    async (request) =>
      savePackageAssignments(deps, caller(request), request.params.packageRequestId, {
        segment: 'allocate-tickets',
        body: request.body,
      }),
  );

  app.put(
    `${base}/assign-staff`,
    { config: signedIn, schema: { tags, params, body: assignStaffInput, response } },
    async (request) =>
      savePackageAssignments(deps, caller(request), request.params.packageRequestId, {
        segment: 'assign-staff',
        body: request.body,
      }),
  );

  app.put(
    `${base}/assign-applicants`,
    { config: signedIn, schema: { tags, params, body: assignApplicantsInput, response } },
    async (request) =>
      savePackageAssignments(deps, caller(request), request.params.packageRequestId, {
        segment: 'assign-applicants',
        body: request.body,
      }),
  );

  // 'Send Update Notifications' (events.md §6): each assignee emailed what they hold; 409 when nobody is assigned.
  app.post(
    `${base}/notifications`,
    { config: signedIn, schema: { tags, params, response: { 200: packageNotificationsReply } } },
    async (request) => sendPackageNotifications(deps, caller(request), request.params.packageRequestId),
  );
};
