import { type FeatureRouteFactory, preloaded } from '../../lib/routes.ts';

/** Content (issue 14): the organization resources a member may search. */
export const organizationResourcesRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'organization-resources',
      ...preloaded({ reads: ['/api/organization-resources/filters'] }),
      lazy: () =>
        import('./pages/organization-resources-page.tsx').then((m) => ({
          Component: m.OrganizationResourcesPage,
          loader: m.organizationResourcesLoader(queryClient),
        })),
    },
  ],
});
