import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Purchase orders (issue 13): the landing, an institute's and a package's purchase order. */
export const purchaseOrdersRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'purchase-orders',
      children: [
        {
          index: true,
          lazy: () => import('./pages/purchase-orders-page.tsx').then((m) => ({ Component: m.PurchaseOrdersPage })),
        },
        {
          path: 'institute',
          lazy: () =>
            import('./pages/institute-purchase-order-page.tsx').then((m) => ({
              Component: m.InstitutePurchaseOrderPage,
              loader: m.institutePurchaseOrderLoader(queryClient),
            })),
        },
        {
          path: 'package',
          lazy: () =>
            import('./pages/package-purchase-order-page.tsx').then((m) => ({
              Component: m.PackagePurchaseOrderPage,
              loader: m.packagePurchaseOrderLoader(queryClient),
            })),
        },
      ],
    },
  ],
});
