import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** How sales and attendance go (issue 24): the season across events, and one event's report. Charts load only here. */
export const adminReportsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'reports',
      lazy: () =>
        import('./pages/season-report-page.tsx').then((m) => ({
          Component: m.SeasonReportPage,
          loader: m.seasonReportLoader(queryClient),
        })),
    },
    {
      path: 'events/:eventId/report',
      lazy: () =>
        import('./pages/event-report-page.tsx').then((m) => ({
          Component: m.EventReportPage,
          loader: m.eventReportLoader(queryClient),
        })),
    },
  ],
});
