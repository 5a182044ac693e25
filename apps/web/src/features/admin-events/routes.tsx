import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Commerce (issue 4): events and their sections, coupons. */
export const adminEventsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'events',
      lazy: () =>
        import('./pages/events-page.tsx').then((m) => ({
          Component: m.EventsPage,
          loader: m.eventsLoader(queryClient),
        })),
    },
    {
      path: 'events/:eventId',
      lazy: () =>
        import('./pages/event-page.tsx').then((m) => ({
          Component: m.EventPage,
          loader: m.eventLoader(queryClient),
        })),
    },
    {
      path: 'events/:eventId/waiting-list',
      lazy: () => import('./pages/waiting-list-page.tsx').then((m) => ({ Component: m.WaitingListPage })),
    },
    {
      path: 'coupons',
      lazy: () =>
        import('./pages/coupons-page.tsx').then((m) => ({
          Component: m.CouponsPage,
          loader: m.couponsLoader(queryClient),
        })),
    },
  ],
});
