import { type FeatureRouteFactory, preloaded } from '../../lib/routes.ts';

/** Content (issue 14): the 'Resources' page. */
export const resourcesHubRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'resources',
      ...preloaded({ reads: ['/api/resources-hub'] }),
      lazy: () =>
        import('./pages/resources-hub-page.tsx').then((m) => ({
          Component: m.ResourcesHubPage,
          loader: m.resourcesHubLoader(queryClient),
        })),
    },
  ],
});
