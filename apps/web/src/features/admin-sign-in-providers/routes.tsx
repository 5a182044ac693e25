import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Issue 40: the schools' own sign-in providers (OpenID Connect) and the email domains each serves. */
export const adminSignInProviderRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'sign-in-providers',
      lazy: () =>
        import('./pages/sign-in-providers-page.tsx').then((m) => ({
          Component: m.SignInProvidersPage,
          loader: m.signInProvidersLoader(queryClient),
        })),
    },
  ],
});
