import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailChange, profile, profileMessages, profileUpdate } from '@portal/domain/people/profile.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { changeEmail, getProfile, updateProfile } from './service.ts';

const message = z.object({ message: z.string() });

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/profile',
    { config: { access: 'signedIn' }, schema: { tags: ['profile'], response: { 200: profile } } },
    async (request) => getProfile(deps, caller(request)),
  );

  app.put(
    '/profile',
    { config: { access: 'signedIn' }, schema: { tags: ['profile'], body: profileUpdate, response: { 200: profile } } },
    async (request) => updateProfile(deps, caller(request), request.body),
  );

  app.put(
    '/profile/email',
    { config: { access: 'signedIn' }, schema: { tags: ['profile'], body: emailChange, response: { 200: message } } },
    async (request) => {
      await changeEmail(deps, caller(request), request.body.email);
      return { message: profileMessages.emailUpdated };
    },
  );
};
