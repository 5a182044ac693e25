import { type FeatureRouteFactory, preloaded } from '../../lib/routes.ts';
import { loadManageEventsRest } from './manage-events-rest-module.ts';

/** Commerce (issue 4): 'Manage Events', an organization's event payments. */
export const eventPaymentsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'manage-events',
      ...preloaded({
        reads: [
          '/api/my-tickets',
          '/api/certificates',
          '/api/evaluations',
          '/api/event-payments?page=1&pageSize=20',
          '/api/attendance/events',
          '/api/organizations/managed',
        ],
        modules: [loadManageEventsRest],
      }),
      lazy: () =>
        import('./pages/manage-events-page.tsx').then((m) => ({
          Component: m.ManageEventsPage,
          loader: m.manageEventsLoader(queryClient),
        })),
    },
  ],
});
