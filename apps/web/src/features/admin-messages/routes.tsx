import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Messages from staff to the people of one event (issue 24). */
export const adminMessagesRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'events/:eventId/messages',
      lazy: () =>
        import('./pages/messages-page.tsx').then((m) => ({
          Component: m.MessagesPage,
          loader: m.messagesLoader(queryClient),
        })),
    },
  ],
});
