import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Content (issue 14): the organization resources a member may search. */
export const organizationResourcesRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'organization-resources',
      lazy: () =>
        import('./pages/organization-resources-page.tsx').then((m) => ({
          Component: m.OrganizationResourcesPage,
          loader: m.organizationResourcesLoader(queryClient),
        })),
    },
  ],
});
