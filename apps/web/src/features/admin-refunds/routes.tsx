import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Issue 38: every refund, its credit note, and settling the ones owed; buyers' cancellation requests, decided. */
export const adminRefundsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'refunds',
      lazy: () =>
        import('./pages/refunds-page.tsx').then((m) => ({
          Component: m.RefundsPage,
          loader: m.refundsLoader(queryClient),
        })),
    },
    {
      path: 'cancellation-requests',
      lazy: () =>
        import('./pages/cancellation-requests-page.tsx').then((m) => ({
          Component: m.CancellationRequestsPage,
          loader: m.cancellationRequestsLoader(queryClient),
        })),
    },
  ],
});
