import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Each staff member's notification settings (issue 24). */
export const adminNotificationsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'settings/notifications',
      lazy: () =>
        import('./pages/notification-settings-page.tsx').then((m) => ({
          Component: m.NotificationSettingsPage,
          loader: m.notificationSettingsLoader(queryClient),
        })),
    },
  ],
});
