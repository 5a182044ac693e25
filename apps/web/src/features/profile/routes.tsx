import { type FeatureRouteFactory, preloaded } from '../../lib/routes.ts';

/** The member's profile: the home page of a signed-in member. */
export const profileRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'profile',
      ...preloaded({
        reads: ['/api/profile', '/api/lookups', '/api/affiliations', '/api/certificates'],
      }),
      lazy: () =>
        import('./pages/profile-page.tsx').then((m) => ({
          Component: m.ProfilePage,
          loader: m.profileLoader(queryClient),
        })),
    },
  ],
});
