import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Content (issue 14): organization resources, school years, video collections. */
export const adminContentRoutes: FeatureRouteFactory = () => ({
  admin: [
    {
      path: 'organization-resources',
      lazy: () =>
        import('./pages/organization-resources-admin-page.tsx').then((m) => ({
          Component: m.OrganizationResourcesAdminPage,
        })),
    },
    {
      path: 'school-years',
      lazy: () => import('./pages/school-years-page.tsx').then((m) => ({ Component: m.SchoolYearsPage })),
    },
    {
      path: 'video-collections',
      lazy: () =>
        import('./pages/video-collections-admin-page.tsx').then((m) => ({ Component: m.VideoCollectionsAdminPage })),
    },
    {
      path: 'video-collections/:collectionId',
      lazy: () =>
        import('./pages/video-collection-admin-page.tsx').then((m) => ({ Component: m.VideoCollectionAdminPage })),
    },
  ],
});
