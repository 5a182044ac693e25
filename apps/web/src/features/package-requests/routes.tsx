import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** A package request's wizard (issue 13), one step per address. */
export const packageRequestsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'manage-services/package-request/:packageRequestId/:step',
      lazy: () =>
        import('./pages/package-wizard-page.tsx').then((m) => ({
          Component: m.PackageWizardPage,
          loader: m.packageWizardLoader(queryClient),
        })),
    },
  ],
});
