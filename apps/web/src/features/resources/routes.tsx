import { type FeatureRouteFactory, preloaded } from '../../lib/routes.ts';

/** Event resources (issue 12): what ticket holders and accepted applicants of an event may read. */
export const resourcesRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'events/:eventId/resources',
      ...preloaded({ reads: ['/api/events/:eventId/resources?page=1&pageSize=20'] }),
      lazy: () =>
        import('./pages/resources-page.tsx').then((m) => ({
          Component: m.ResourcesPage,
          loader: m.resourcesLoader(queryClient),
        })),
    },
  ],
});
