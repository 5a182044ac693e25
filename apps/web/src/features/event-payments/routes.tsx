import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Commerce (issue 4): 'Manage Events', an organization's event payments. */
export const eventPaymentsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'manage-events',
      lazy: () =>
        import('./pages/manage-events-page.tsx').then((m) => ({
          Component: m.ManageEventsPage,
          loader: m.manageEventsLoader(queryClient),
        })),
    },
  ],
});
