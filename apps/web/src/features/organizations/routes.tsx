import { type FeatureRouteFactory, redirectTo, preloaded } from '../../lib/routes.ts';

/** Choosing an organization, managing it, and a school's roster. */
export const organizationsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'organization',
      children: [
        { index: true, ...redirectTo('/members/organization/select') },
        {
          path: 'select',
          ...preloaded({ reads: ['/api/organizations/managed'] }),
          lazy: () =>
            import('./pages/select-organization-page.tsx').then((m) => ({
              Component: m.SelectOrganizationPage,
              loader: m.selectOrganizationLoader(queryClient),
            })),
        },
        {
          path: ':organizationId',
          ...preloaded({ reads: ['/api/lookups', '/api/organizations/:organizationId'] }),
          lazy: () =>
            import('./pages/manage-organization-page.tsx').then((m) => ({
              Component: m.ManageOrganizationPage,
              loader: m.manageOrganizationLoader(queryClient),
            })),
        },
        {
          path: ':organizationId/school-roster',
          ...preloaded({ reads: ['/api/lookups', '/api/organizations/:organizationId/roster?page=1&pageSize=50'] }),
          lazy: () =>
            import('./pages/school-roster-page.tsx').then((m) => ({
              Component: m.SchoolRosterPage,
              loader: m.schoolRosterLoader(queryClient),
            })),
        },
      ],
    },
  ],
});
