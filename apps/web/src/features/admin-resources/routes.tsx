import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Event resources (issue 12): links and files staff attach to an event or its sections. */
export const adminResourcesRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'events/:eventId/resources',
      lazy: () =>
        import('./pages/resources-page.tsx').then((m) => ({
          Component: m.AdminResourcesPage,
          loader: m.adminResourcesLoader(queryClient),
        })),
    },
  ],
});
