import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Issue 26: the endpoints the portal posts signed webhooks to, and their deliveries. */
export const adminWebhookRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'webhooks',
      lazy: () =>
        import('./pages/webhooks-page.tsx').then((m) => ({
          Component: m.WebhooksPage,
          loader: m.webhooksLoader(queryClient),
        })),
    },
  ],
});
