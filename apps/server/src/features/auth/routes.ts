import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages,
  currentUser,
  forgotPasswordRequest,
  loginRequest,
  resetPasswordRequest,
  tokenLoginRequest,
} from '@portal/domain/people/auth.ts';
import { schoolSignInCallbackQuery, signInProvidersReply } from '@portal/domain/people/school-sign-in.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { outcomeCounter } from '../../platform/metrics.ts';
import { rateLimited, signInRateLimit } from '../../platform/rate-limit.ts';
import { clearSessionCookie, setSessionCookie } from '../../platform/session-cookie.ts';
import { enabledSignInProviders } from '../../core/sign-in-providers.ts';
import { presentCurrentUser, replyWithSession } from '../../core/current-user.ts';
import { clientOf } from '../../platform/sign-in.ts';
import * as auth from './service.ts';
import { finishSchoolSignIn, startSchoolSignIn } from './school-sign-in.ts';

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/** Sign-ins by outcome on /metrics: a rise in refusals (401, 429) is a guessing attack or a broken client. */
const signIns = outcomeCounter(
  'portal_sign_ins_total',
  'Password sign-ins by outcome (done, refused, failed) and status',
);

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/me',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], response: { 200: currentUser } } },
    async (request) => presentCurrentUser(deps, caller(request)),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      preHandler: signInRateLimit(app, deps.config, emailOf),
      onResponse: signIns,
      schema: { tags: ['auth'], body: loginRequest, response: { 200: currentUser } },
    },
    async (request, reply) => {
      const signedIn = await auth.login(deps, request.body.email, request.body.password, clientOf(request));
      return replyWithSession(deps, reply, signedIn);
    },
  );

  app.post(
    '/auth/token',
    {
      config: { access: 'public', rateLimit: rateLimited(10, (request) => `token:${request.ip}`) },
      schema: { tags: ['auth'], body: tokenLoginRequest, response: { 200: currentUser } },
    },
    async (request, reply) => {
      const signedIn = await auth.signInWithToken(deps, request.body.token, clientOf(request));
      return replyWithSession(deps, reply, signedIn);
    },
  );

  app.post('/auth/logout', { config: { access: 'signedIn' }, schema: { tags: ['auth'] } }, async (request, reply) => {
    await auth.logout(deps, caller(request));
    clearSessionCookie(reply, deps.config);
    return reply.status(204).send();
  });

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: rateLimited(5, (request) => `forgot:${request.ip}`) },
      schema: { tags: ['auth'], body: forgotPasswordRequest, response: { 202: z.object({ message: z.string() }) } },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(deps, request.body.email);
      return reply.status(202).send({ message: authMessages.resetSent });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public', rateLimit: rateLimited(10, (request) => `reset:${request.ip}`) },
      schema: { tags: ['auth'], body: resetPasswordRequest },
    },
    async (request, reply) => {
      await auth.resetPassword(deps, request.body.token, request.body.password);
      clearSessionCookie(reply, deps.config);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/clear-impersonation',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      await auth.clearImpersonation(deps, caller(request));
      clearSessionCookie(reply, deps.config);
      return reply.status(204).send();
    },
  );

  // Sign-in with the school's own account (OpenID Connect): the login page's buttons, the way out to the
  // school's provider and the way back (docs/decisions/0191-sign-in-with-the-schools-account.md).
  app.get(
    '/auth/school/providers',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: signInProvidersReply } } },
    async () => ({ providers: await enabledSignInProviders(deps.db) }),
  );

  app.get(
    '/auth/school/:providerId/start',
    {
      config: { access: 'public', rateLimit: rateLimited(20, (request) => `school-sign-in:${request.ip}`) },
      schema: { tags: ['auth'], params: z.object({ providerId: z.uuid('No such sign-in provider.') }) },
    },
    async (request, reply) => reply.redirect(await startSchoolSignIn(deps, request.params.providerId), 303),
  );

  app.get(
    '/auth/school/callback',
    {
      config: { access: 'public', rateLimit: rateLimited(20, (request) => `school-sign-in:${request.ip}`) },
      schema: { tags: ['auth'], querystring: schoolSignInCallbackQuery },
    },
    async (request, reply) => {
      const currentUrl = new URL(request.url, deps.config.publicUrl);
      const result = await finishSchoolSignIn(deps, currentUrl, request.query.state, clientOf(request));
      if (result.outcome !== 'signed-in') return reply.redirect(`/auth/login?school-sign-in=${result.outcome}`, 303);
      setSessionCookie(reply, deps.config, result.signedIn.secret, result.signedIn.expiresAt);
      return reply.redirect('/members/profile', 303);
    },
  );
};
