import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** What an unknown address shows: inside the members' frame and the staff console, or on its own. */
export const notFoundRoutes: FeatureRouteFactory = () => ({
  public: [
    {
      path: '*',
      lazy: () => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.StandaloneNotFoundPage })),
    },
  ],
  members: [
    {
      path: '*',
      lazy: () => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
    },
  ],
  admin: [
    {
      path: '*',
      lazy: () => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
    },
  ],
});
