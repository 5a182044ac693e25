import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** An organization's managed-services contracts. */
export const adminContractsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'organizations/:organizationId/contracts',
      lazy: () =>
        import('./pages/contracts-page.tsx').then((m) => ({
          Component: m.ContractsPage,
          loader: m.contractsLoader(queryClient),
        })),
    },
  ],
});
