import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** An organization's statement of account and its invoices (issue 41), for its owner and admins. */
export const statementsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'organization/:organizationId/statement',
      lazy: () =>
        import('./pages/statement-page.tsx').then((m) => ({
          Component: m.StatementPage,
          loader: m.statementLoader(queryClient),
        })),
    },
  ],
});
