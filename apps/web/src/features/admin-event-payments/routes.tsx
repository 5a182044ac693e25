import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Event payments (issue 5): find one, read its allocation, cancel it. */
export const adminEventPaymentsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'event-payments',
      lazy: () =>
        import('./pages/event-payments-page.tsx').then((m) => ({
          Component: m.EventPaymentsPage,
          loader: m.eventPaymentsLoader(queryClient),
        })),
    },
    {
      path: 'event-payments/:eventPaymentId',
      lazy: () =>
        import('./pages/event-payment-page.tsx').then((m) => ({
          Component: m.EventPaymentPage,
          loader: m.eventPaymentLoader(queryClient),
        })),
    },
  ],
});
