import { type FeatureRouteFactory, redirectTo, preloaded } from '../../lib/routes.ts';

/** Commerce (issue 4): the cart, read and paid on its checkout page. */
export const cartRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'event-cart',
      children: [
        { index: true, ...redirectTo('/members/event-cart/checkout') },
        {
          path: 'checkout',
          ...preloaded({ reads: ['/api/payments/options'] }),
          lazy: () =>
            import('./pages/checkout-page.tsx').then((m) => ({
              Component: m.CheckoutPage,
              loader: m.checkoutLoader(queryClient),
            })),
        },
      ],
    },
  ],
});
