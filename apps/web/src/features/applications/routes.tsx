import { type FeatureRouteFactory, preloaded } from '../../lib/routes.ts';

/** Event applications (issue 6): the applicant's list and five-step wizard. */
export const applicationsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'events/applications/:applicationId/manage/:step',
      ...preloaded({ firstScreen: 'loader' }),
      lazy: () =>
        import('./pages/application-wizard-page.tsx').then((m) => ({
          Component: m.ApplicationWizardPage,
          loader: m.applicationWizardLoader(queryClient),
        })),
    },
    {
      path: 'events/applications',
      ...preloaded({
        reads: [
          '/api/event-applications?page=1&pageSize=10',
          '/api/legacy-event-applications?page=1&pageSize=10',
          '/api/payments/options',
        ],
      }),
      lazy: () =>
        import('./pages/applications-page.tsx').then((m) => ({
          Component: m.ApplicationsPage,
          loader: m.applicationsLoader(queryClient),
        })),
    },
  ],
});
