import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** A certificate of attendance checked by its code, by anyone (issue 12). */
export const certificatesRoutes: FeatureRouteFactory = (queryClient) => ({
  public: [
    {
      path: 'verify/:code',
      lazy: () =>
        import('./pages/verify-page.tsx').then((m) => ({
          Component: m.VerifyPage,
          loader: m.verifyLoader(queryClient),
        })),
    },
  ],
});
