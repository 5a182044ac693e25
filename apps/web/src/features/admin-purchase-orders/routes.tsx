import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Commerce (issue 4): purchase orders for staff to decide. */
export const adminPurchaseOrdersRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'purchase-orders',
      lazy: () =>
        import('./pages/purchase-orders-page.tsx').then((m) => ({
          Component: m.PurchaseOrdersPage,
          loader: m.purchaseOrdersLoader(queryClient),
        })),
    },
  ],
});
