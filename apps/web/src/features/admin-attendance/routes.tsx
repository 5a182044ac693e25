import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Attendance (issue 12): an event's takers, certificate hours and who attended. */
export const adminAttendanceRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'events/:eventId/attendance',
      lazy: () =>
        import('./pages/event-attendance-page.tsx').then((m) => ({
          Component: m.EventAttendancePage,
          loader: m.eventAttendanceLoader(queryClient),
        })),
    },
  ],
});
