import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** The staff console's opening page (issue 24): waiting work by kind, and the mail that failed to send. */
export const adminDashboardRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      index: true,
      lazy: () =>
        import('./pages/dashboard-page.tsx').then((m) => ({
          Component: m.DashboardPage,
          loader: m.dashboardLoader(queryClient),
        })),
    },
    {
      path: 'failed-mail',
      lazy: () =>
        import('./pages/failed-mail-page.tsx').then((m) => ({
          Component: m.FailedMailPage,
          loader: m.failedMailLoader(queryClient),
        })),
    },
  ],
});
