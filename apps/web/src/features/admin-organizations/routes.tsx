import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** The staff console's organizations and districts. */
export const adminOrganizationsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'organizations',
      lazy: () =>
        import('./pages/organizations-page.tsx').then((m) => ({
          Component: m.OrganizationsPage,
          loader: m.organizationsLoader(queryClient),
        })),
    },
    {
      path: 'organizations/:organizationId',
      lazy: () =>
        import('./pages/organization-page.tsx').then((m) => ({
          Component: m.OrganizationPage,
          loader: m.organizationLoader(queryClient),
        })),
    },
    {
      path: 'districts',
      lazy: () =>
        import('./pages/districts-page.tsx').then((m) => ({
          Component: m.DistrictsPage,
          loader: m.districtsLoader(queryClient),
        })),
    },
    {
      path: 'districts/:districtId',
      lazy: () =>
        import('./pages/district-page.tsx').then((m) => ({
          Component: m.DistrictPage,
          loader: m.districtLoader(queryClient),
        })),
    },
  ],
});
