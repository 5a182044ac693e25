import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Group registration (issue 12): an event's settings and requests, every request, one request. */
export const adminRegistrationRequestsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'events/:eventId/group-registration',
      lazy: () =>
        import('./pages/group-registration-page.tsx').then((m) => ({
          Component: m.GroupRegistrationPage,
          loader: m.groupRegistrationLoader(queryClient),
        })),
    },
    {
      path: 'registration-requests',
      lazy: () =>
        import('./pages/registration-requests-page.tsx').then((m) => ({
          Component: m.RegistrationRequestsPage,
          loader: m.registrationRequestsLoader(queryClient),
        })),
    },
    {
      path: 'registration-requests/:requestId',
      lazy: () =>
        import('./pages/registration-request-page.tsx').then((m) => ({
          Component: m.RegistrationRequestPage,
          loader: m.registrationRequestLoader(queryClient),
        })),
    },
  ],
});
