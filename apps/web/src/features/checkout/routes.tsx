import { type FeatureRouteFactory, redirectTo, preloaded } from '../../lib/routes.ts';

/**
 * Commerce (issue 4): the cart, read and paid on its checkout page, and the payment pages that follow a
 * checkout: of the cart, of an accepted application, of a registration request.
 */
export const checkoutRoutes: FeatureRouteFactory = (queryClient) => ({
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
    {
      path: 'event-cart/checkout/purchase-order',
      lazy: () =>
        import('./pages/purchase-order-page.tsx').then((m) => ({
          Component: m.PurchaseOrderPage,
          loader: m.purchaseOrderLoader(queryClient),
        })),
    },
    {
      path: 'event-cart/checkout/success',
      lazy: () =>
        import('./pages/success-page.tsx').then((m) => ({
          Component: m.SuccessPage,
          loader: m.successLoader(),
        })),
    },
    {
      path: 'event-cart/checkout/demo-pay',
      lazy: () =>
        import('./pages/demo-pay-page.tsx').then((m) => ({
          Component: m.DemoPayPage,
          loader: m.demoPayLoader(queryClient),
        })),
    },
    {
      path: 'events/applications/checkout/success',
      lazy: () =>
        import('./pages/success-page.tsx').then((m) => ({
          Component: m.ApplicationSuccessPage,
          loader: m.applicationSuccessLoader(),
        })),
    },
    {
      path: 'events/applications/checkout/purchase-order',
      lazy: () =>
        import('./pages/purchase-order-page.tsx').then((m) => ({
          Component: m.ApplicationPurchaseOrderPage,
          loader: m.applicationPurchaseOrderLoader(queryClient),
        })),
    },
    {
      path: 'events/registration/checkout/success',
      lazy: () =>
        import('./pages/success-page.tsx').then((m) => ({
          Component: m.RegistrationSuccessPage,
          loader: m.registrationSuccessLoader(),
        })),
    },
    {
      path: 'events/registration/checkout/purchase-order',
      lazy: () =>
        import('./pages/purchase-order-page.tsx').then((m) => ({
          Component: m.RegistrationPurchaseOrderPage,
          loader: m.registrationPurchaseOrderLoader(queryClient),
        })),
    },
  ],
});
