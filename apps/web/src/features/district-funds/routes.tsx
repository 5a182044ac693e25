import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Issue 41: a district administrator's fund, its schools' allowances, approvals and spending. */
export const districtFundsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'district-funds',
      lazy: () =>
        import('./pages/district-funds-page.tsx').then((m) => ({
          Component: m.DistrictFundsPage,
          loader: m.districtFundsLoader(queryClient),
        })),
    },
    {
      path: 'district-funds/:districtId',
      lazy: () =>
        import('./pages/district-fund-page.tsx').then((m) => ({
          Component: m.DistrictFundPage,
          loader: m.districtFundLoader(queryClient),
        })),
    },
  ],
});
