import { preloaded, type FeatureRouteFactory } from '../../lib/routes.ts';

/** Staff build an event's evaluation and read its results (issue 40). */
export const adminEvaluationsRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'events/:eventId/evaluation',
      ...preloaded({ reads: ['/api/admin/evaluations/:eventId'] }),
      lazy: () =>
        import('./pages/evaluation-builder-page.tsx').then((m) => ({
          Component: m.EvaluationBuilderPage,
          loader: m.evaluationBuilderLoader(queryClient),
        })),
    },
    {
      path: 'events/:eventId/evaluation/results',
      ...preloaded({ reads: ['/api/admin/evaluations/:eventId/results'] }),
      lazy: () =>
        import('./pages/evaluation-results-page.tsx').then((m) => ({
          Component: m.EvaluationResultsPage,
          loader: m.evaluationResultsLoader(queryClient),
        })),
    },
  ],
});
