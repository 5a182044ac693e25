import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Invoices and receivables (issue 41): staff record what schools pay and see what they owe. */
export const adminInvoicesRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'invoices',
      lazy: () =>
        import('./pages/invoices-page.tsx').then((m) => ({
          Component: m.InvoicesPage,
          loader: m.invoicesLoader(queryClient),
        })),
    },
    {
      path: 'invoices/receivables',
      lazy: () => import('./pages/receivables-page.tsx').then((m) => ({ Component: m.ReceivablesPage })),
    },
  ],
});
