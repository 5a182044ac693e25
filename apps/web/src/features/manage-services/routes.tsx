import { type FeatureRouteFactory, redirectTo, preloaded } from '../../lib/routes.ts';

/** Managed-services packages (issue 13): OWNER and ADMIN of an organization, checked by the API. */
export const manageServicesRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'manage-services',
      children: [
        { index: true, ...redirectTo('/members/manage-services/select-organization') },
        {
          path: 'select-organization',
          ...preloaded({ reads: ['/api/organizations/managed'] }),
          lazy: () =>
            import('./pages/select-organization-page.tsx').then((m) => ({
              Component: m.ManageServicesSelectOrganizationPage,
              loader: m.manageServicesOrganizationsLoader(queryClient),
            })),
        },
        {
          path: 'select-service/:organizationId',
          ...preloaded({ reads: ['/api/organizations/:organizationId/services'] }),
          lazy: () =>
            import('./pages/select-service-page.tsx').then((m) => ({
              Component: m.SelectServicePage,
              loader: m.selectServiceLoader(queryClient),
            })),
        },
      ],
    },
  ],
});
