import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '@portal/domain/people/auth.ts';
import {
  acceptReply,
  acceptWithPassword,
  adminInvitation,
  adminInvitationCreated,
  invitationCode,
  invitationLookup,
  staffMemberInvited,
} from '@portal/domain/organizations/invitations.ts';
import { addStaffMember } from '@portal/domain/organizations/roster.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { rateLimited } from '../../platform/rate-limit.ts';
import { replyWithSession } from '../../core/current-user.ts';
import { clientOf } from '../../platform/sign-in.ts';
import * as invitations from './service.ts';

/**
 * Code routes are counted per address, as the sign-in routes are (see docs/decisions/0010-sign-in-rate-limits.md); a
 * signed-in accept per person, so colleagues behind one school address do not share a count.
 */
const limited = (max: number, name: string) =>
  rateLimited(max, (request: FastifyRequest) => `${name}:${request.auth?.user.id ?? request.ip}`);

const codeParams = z.object({ code: invitationCode });
const organizationParams = z.object({ organizationId: z.uuid('Not an organization id') });

export const invitationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/organizations/:organizationId/invitations',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['invitations'],
        params: organizationParams,
        body: addStaffMember,
        response: { 201: staffMemberInvited },
      },
    },
    async (request, reply) => {
      const invited = await invitations.inviteStaffMember(
        deps,
        caller(request),
        request.params.organizationId,
        request.body,
      );
      return reply.status(201).send(invited);
    },
  );

  app.post(
    '/admin/invitations',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], body: adminInvitation, response: { 201: adminInvitationCreated } },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.inviteByStaff(deps, caller(request), request.body)),
  );

  app.get(
    '/invitations/:code',
    {
      config: { access: 'public', rateLimit: limited(20, 'invitation-lookup') },
      schema: { tags: ['invitations'], params: codeParams, response: { 200: invitationLookup } },
    },
    async (request) => invitations.lookUpInvitation(deps, request.params.code),
  );

  app.post(
    '/invitations/:code/accept',
    {
      config: { access: 'signedIn', rateLimit: limited(20, 'invitation-accept') },
      schema: { tags: ['invitations'], params: codeParams, response: { 200: acceptReply } },
    },
    async (request) => invitations.acceptInvitation(deps, caller(request), request.params.code),
  );

  app.post(
    '/invitations/:code/accept-with-password',
    {
      config: { access: 'public', rateLimit: limited(10, 'invitation-password') },
      schema: { tags: ['invitations'], params: codeParams, body: acceptWithPassword, response: { 200: currentUser } },
    },
    async (request, reply) => {
      const signedIn = await invitations.acceptWithPassword(
        deps,
        request.params.code,
        request.body.password,
        clientOf(request),
      );
      return replyWithSession(deps, reply, signedIn);
    },
  );
};
