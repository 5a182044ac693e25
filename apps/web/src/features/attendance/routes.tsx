import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Attendance (issue 12): a taker's sections of an event, and one section's list for today. */
export const attendanceRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'events/:eventId/attendance',
      lazy: () =>
        import('./pages/attendance-sections-page.tsx').then((m) => ({
          Component: m.AttendanceSectionsPage,
          loader: m.attendanceSectionsLoader(queryClient),
        })),
    },
    {
      path: 'events/:eventId/attendance/:sectionId',
      lazy: () =>
        import('./pages/attendance-section-page.tsx').then((m) => ({
          Component: m.AttendanceSectionPage,
          loader: m.attendanceSectionLoader(queryClient),
        })),
    },
  ],
});
