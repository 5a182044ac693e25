import { type FeatureRouteFactory, preloaded } from '../../lib/routes.ts';

/** Purchase orders (issue 13): the landing, an institute's and a package's purchase order. */
export const purchaseOrdersRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'purchase-orders',
      children: [
        {
          index: true,
          ...preloaded({ reads: ['/api/purchase-orders?page=1&pageSize=10'] }),
          lazy: () =>
            import('./pages/purchase-orders-page.tsx').then((m) => ({
              Component: m.PurchaseOrdersPage,
              loader: m.purchaseOrdersLoader(queryClient),
            })),
        },
        {
          path: 'institute',
          ...preloaded({ reads: ['/api/institute-purchase-orders/institutes?pageSize=100', '/api/profile'] }),
          lazy: () =>
            import('./pages/institute-purchase-order-page.tsx').then((m) => ({
              Component: m.InstitutePurchaseOrderPage,
              loader: m.institutePurchaseOrderLoader(queryClient),
            })),
        },
        {
          path: 'package',
          ...preloaded({ reads: ['/api/profile'] }),
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
