import { type FeatureRouteFactory, redirectTo } from '../../lib/routes.ts';

/** Registration requests (issue 12): group registration; the list's other address redirects. */
export const registrationRequestsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'events/registration/requests',
      lazy: () =>
        import('./pages/requests-page.tsx').then((m) => ({
          Component: m.RequestsPage,
          loader: m.requestsLoader(queryClient),
        })),
    },
    {
      path: 'events/registration/requests/:requestId',
      lazy: () =>
        import('./pages/request-page.tsx').then((m) => ({
          Component: m.RequestPage,
          loader: m.requestLoader(queryClient),
        })),
    },
    { path: 'registration/requests', ...redirectTo('/members/events/registration/requests') },
  ],
});
