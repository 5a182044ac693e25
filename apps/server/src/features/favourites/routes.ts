import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  favouriteState,
  favouriteTarget,
  savedResourceList,
  savedResourceQuery,
} from '@portal/domain/content/favourites.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { listFavourites, saveFavourite, unsaveFavourite } from './service.ts';

const signedIn = { access: 'signedIn' } as const;
const tags = ['favourites'];

/**
 * The favourites service (organizations.md §7: GET by user, POST and DELETE with the document, JSON).
 * The user is always the caller: a member reads and changes only their own favourites.
 */
export const favouriteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/favourites',
    { config: signedIn, schema: { tags, querystring: savedResourceQuery, response: { 200: savedResourceList } } },
    async (request) => listFavourites(deps, caller(request), request.query.page, request.query.pageSize),
  );

  app.post(
    '/favourites',
    { config: signedIn, schema: { tags, body: favouriteTarget, response: { 200: favouriteState } } },
    async (request) => saveFavourite(deps, caller(request), request.body),
  );

  app.delete(
    '/favourites',
    { config: signedIn, schema: { tags, body: favouriteTarget, response: { 200: favouriteState } } },
    async (request) => unsaveFavourite(deps, caller(request), request.body),
  );
};
