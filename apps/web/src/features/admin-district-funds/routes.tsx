import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Issue 41: every district's fund for staff, with deposits and the ledger. */
export const adminDistrictFundsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'district-funds',
      lazy: () =>
        import('./pages/district-funds-page.tsx').then((m) => ({
          Component: m.AdminDistrictFundsPage,
          loader: m.adminDistrictFundsLoader(queryClient),
        })),
    },
    {
      path: 'district-funds/:districtId',
      lazy: () =>
        import('./pages/district-fund-page.tsx').then((m) => ({
          Component: m.AdminDistrictFundPage,
          loader: m.adminDistrictFundLoader(queryClient),
        })),
    },
  ],
});
