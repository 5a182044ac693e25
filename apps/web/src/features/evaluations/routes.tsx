import { preloaded, type FeatureRouteFactory } from '../../lib/routes.ts';

/** An attendee's evaluation (issue 40): the form the mail links to and My tickets opens. */
export const evaluationsRoutes: FeatureRouteFactory = (queryClient) => ({
  members: [
    {
      path: 'evaluations/:eventId/:occasion',
      ...preloaded({ reads: ['/api/evaluations/:eventId/:occasion'] }),
      lazy: () =>
        import('./pages/evaluation-page.tsx').then((m) => ({
          Component: m.EvaluationPage,
          loader: m.evaluationLoader(queryClient),
        })),
    },
  ],
});
