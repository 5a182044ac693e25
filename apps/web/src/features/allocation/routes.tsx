import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Allocation (issue 5): a paid payment's tickets handed to people of the organization. */
export const allocationRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'event/assign-tickets',
      lazy: () =>
        import('./pages/assign-tickets-page.tsx').then((m) => ({
          Component: m.AssignTicketsPage,
          loader: m.assignTicketsLoader(queryClient),
        })),
    },
  ],
});
