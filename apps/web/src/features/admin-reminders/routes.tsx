import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** An event's reminders (issue 40): which are sent and how long before, and those sent so far. */
export const adminRemindersRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'events/:eventId/reminders',
      lazy: () =>
        import('./pages/reminders-page.tsx').then((m) => ({
          Component: m.RemindersPage,
          loader: m.remindersLoader(queryClient),
        })),
    },
  ],
});
