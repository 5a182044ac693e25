import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Package ticket assignment: the same three tabs on both pages of an accepted package request. */
export const packageAssignmentsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'manage-services/package-request/:packageRequestId/assign-tickets',
      lazy: () =>
        import('./pages/package-assignments-page.tsx').then((m) => ({
          Component: m.AllocateTicketsPage,
          loader: m.packageAssignmentsLoader(queryClient),
        })),
    },
    {
      path: 'manage-services/package-request/:packageRequestId/assign-staff',
      lazy: () =>
        import('./pages/package-assignments-page.tsx').then((m) => ({
          Component: m.AssignStaffPage,
          loader: m.packageAssignmentsLoader(queryClient),
        })),
    },
  ],
});
