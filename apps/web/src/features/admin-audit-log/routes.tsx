import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Staff console (issue 24): the audit log, who did what. */
export const adminAuditLogRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'audit-log',
      lazy: () =>
        import('./pages/audit-log-page.tsx').then((m) => ({
          Component: m.AuditLogPage,
          loader: m.auditLogLoader(queryClient),
        })),
    },
  ],
});
