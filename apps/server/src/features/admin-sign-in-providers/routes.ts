import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInProviderInput, signInProviderList, signInProvidersQuery } from '@portal/domain/people/school-sign-in.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { createSignInProvider, editSignInProvider, listSignInProviders } from './service.ts';

const staff = { access: 'staff' } as const;
const tags = ['admin'];
const idParams = z.object({ id: z.uuid('No such sign-in provider.') });
const saved = z.object({ id: z.string() });

/** Staff add the schools' own sign-in providers and the email domains each serves (issue 40). */
export const adminSignInProviderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/sign-in-providers',
    { config: staff, schema: { tags, querystring: signInProvidersQuery, response: { 200: signInProviderList } } },
    async (request) => listSignInProviders(deps, request.query.page, request.query.pageSize),
  );

  app.post(
    '/admin/sign-in-providers',
    { config: staff, schema: { tags, body: signInProviderInput, response: { 201: saved } } },
    async (request, reply) => reply.status(201).send(await createSignInProvider(deps, caller(request), request.body)),
  );

  app.put(
    '/admin/sign-in-providers/:id',
    { config: staff, schema: { tags, params: idParams, body: signInProviderInput, response: { 200: saved } } },
    async (request) => editSignInProvider(deps, caller(request), request.params.id, request.body),
  );
};
