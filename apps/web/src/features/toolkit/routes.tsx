import { toolkitGuard } from '../../lib/guards.ts';
import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** The toolkit (issue 14): the guard sends a member without toolkit access to the profile before the page loads. */
export const toolkitRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'treasure-chest',
      loader: toolkitGuard(queryClient),
      lazy: () => import('./pages/treasure-chest-page.tsx').then((m) => ({ Component: m.TreasureChestPage })),
    },
    {
      path: 'my-saved-resources',
      loader: toolkitGuard(queryClient),
      lazy: () => import('./pages/my-saved-resources-page.tsx').then((m) => ({ Component: m.MySavedResourcesPage })),
    },
  ],
});
