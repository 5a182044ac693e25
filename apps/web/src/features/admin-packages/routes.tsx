import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Managed-services packages (issue 13): the catalogue of packages and the requests to decide. */
export const adminPackagesRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'packages',
      lazy: () =>
        import('./pages/packages-page.tsx').then((m) => ({
          Component: m.StaffPackagesPage,
          loader: m.staffPackagesLoader(queryClient),
        })),
    },
    {
      path: 'packages/:packageId',
      lazy: () =>
        import('./pages/package-page.tsx').then((m) => ({
          Component: m.StaffPackagePage,
          loader: m.staffPackageLoader(queryClient),
        })),
    },
    {
      path: 'package-requests/:packageRequestId',
      lazy: () =>
        import('./pages/package-request-page.tsx').then((m) => ({
          Component: m.StaffPackageRequestPage,
          loader: m.staffPackageRequestLoader(queryClient),
        })),
    },
  ],
});
