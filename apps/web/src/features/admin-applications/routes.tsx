import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Event applications (issue 6): the review queue, one application, an event's application settings. */
export const adminApplicationsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'applications',
      lazy: () =>
        import('./pages/applications-page.tsx').then((m) => ({
          Component: m.ApplicationsPage,
          loader: m.applicationsLoader(queryClient),
        })),
    },
    {
      path: 'applications/:applicationId',
      lazy: () =>
        import('./pages/application-page.tsx').then((m) => ({
          Component: m.ApplicationPage,
          loader: m.applicationLoader(queryClient),
        })),
    },
    {
      path: 'events/:eventId/applications',
      lazy: () =>
        import('./pages/application-settings-page.tsx').then((m) => ({
          Component: m.ApplicationSettingsPage,
          loader: m.applicationSettingsLoader(queryClient),
        })),
    },
  ],
});
