import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Content (issue 14): one video collection. */
export const videoCollectionsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'video-collection/:collectionName',
      lazy: () =>
        import('./pages/video-collection-page.tsx').then((m) => ({
          Component: m.VideoCollectionPage,
          loader: m.videoCollectionLoader(queryClient),
        })),
    },
  ],
});
