import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserPage, adminUserSearch } from '@portal/domain/people/admin-users.ts';
import { currentUser } from '@portal/domain/people/auth.ts';
import { exportQuery } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendExport, exportMediaTypes } from '../../platform/exports.ts';
import { caller } from '../../platform/access.ts';
import { replyWithSession } from '../../core/current-user.ts';
import { clientOf } from '../../platform/sign-in.ts';
import { issueSignInLink, startImpersonation } from './impersonation.ts';
import { exportUsers, listUsers } from './user-search.ts';

const userParams = z.object({ userId: z.uuid('Not a user id') });

export const adminUserRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/users',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], querystring: adminUserSearch, response: { 200: adminUserPage } },
    },
    async (request) => listUsers(deps, request.query),
  );

  app.get(
    '/admin/users/export',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        querystring: exportQuery(adminUserSearch),
        produces: exportMediaTypes,
      },
    },
    async (request, reply) => sendExport(reply, exportUsers(deps, request.query), deps.db),
  );

  app.post(
    '/admin/users/:userId/impersonate',
    { config: { access: 'staff' }, schema: { tags: ['admin'], params: userParams, response: { 200: currentUser } } },
    async (request, reply) => {
      const signedIn = await startImpersonation(deps, caller(request), request.params.userId, clientOf(request));
      return replyWithSession(deps, reply, signedIn);
    },
  );

  app.post(
    '/admin/users/:userId/sign-in-link',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], params: userParams, response: { 201: z.object({ url: z.string() }) } },
    },
    async (request, reply) => {
      const url = await issueSignInLink(deps, caller(request), request.params.userId);
      return reply.status(201).send({ url });
    },
  );
};
