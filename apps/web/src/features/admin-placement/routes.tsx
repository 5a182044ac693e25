import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Placement of an event's accepted applicants into the sections they ranked (issue 27). */
export const adminPlacementRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'events/:eventId/placement',
      lazy: () =>
        import('./pages/placement-page.tsx').then((m) => ({
          Component: m.PlacementPage,
          loader: m.placementLoader(queryClient),
        })),
    },
  ],
});
