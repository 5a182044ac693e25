import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** The staff console's toolkit: a user's toolkit and the library. */
export const adminToolkitRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'users/:userId/toolkit',
      lazy: () =>
        import('./pages/toolkit-user-page.tsx').then((m) => ({
          Component: m.ToolkitUserPage,
          loader: m.toolkitUserLoader(queryClient),
        })),
    },
    {
      path: 'toolkit',
      lazy: () =>
        import('./pages/toolkit-library-page.tsx').then((m) => ({
          Component: m.ToolkitLibraryPage,
          loader: m.toolkitLibraryLoader(queryClient),
        })),
    },
  ],
});
