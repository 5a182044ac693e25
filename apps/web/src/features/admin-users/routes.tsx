import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** The staff console's users: search, view as, a sign-in link. */
export const adminUsersRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'users',
      lazy: () =>
        import('./pages/users-page.tsx').then((m) => ({
          Component: m.UsersPage,
          loader: m.usersLoader(queryClient),
        })),
    },
  ],
});
