import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourcesHub, type ResourcesHub } from '@portal/domain/content/organization-resources.ts';
import type { AppDeps } from '../../app-deps.ts';
import { memberOrganizations } from '../../core/organization-resources.ts';
import { listVideoCollections } from '../../core/video-collections.ts';
import { caller } from '../../platform/access.ts';
import { attendedEventsWithResources } from './repository.ts';

/** GET /api/resources-hub: everything the side menu's 'Resources' page gathers, for the caller. */
export const resourcesHubRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/resources-hub',
    { config: { access: 'signedIn' }, schema: { tags: ['resources'], response: { 200: resourcesHub } } },
    async (request): Promise<ResourcesHub> => {
      const userId = caller(request).user.id;
      const [organizations, videoCollections, events] = await Promise.all([
        memberOrganizations(deps.db, userId),
        listVideoCollections(deps.db),
        attendedEventsWithResources(deps.db, userId),
      ]);
      return { organizations, videoCollections, events };
    },
  );
};
