import { type FeatureRouteFactory, preloaded } from '../../lib/routes.ts';

/** Commerce (issue 4): the catalogue ('PD Services') and one event. */
export const catalogueRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'events',
      ...preloaded({
        reads: ['/api/catalogue/events?page=1&pageSize=10'],
      }),
      lazy: () =>
        import('./pages/catalogue-page.tsx').then((m) => ({
          Component: m.CataloguePage,
          loader: m.catalogueLoader(queryClient),
        })),
    },
    {
      path: 'events/:eventId',
      ...preloaded({
        reads: [
          '/api/catalogue/events/:eventId',
          '/api/catalogue/events/:eventId/group-registration',
          '/api/waiting-lists/events/:eventId',
        ],
      }),
      lazy: () =>
        import('./pages/event-page.tsx').then((m) => ({
          Component: m.EventPage,
          loader: m.eventLoader(queryClient),
        })),
    },
  ],
});
