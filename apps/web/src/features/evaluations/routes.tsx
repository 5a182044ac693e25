import { preloaded, type FeatureRouteFactory } from '../../lib/routes.ts';

/** An attendee's evaluation (issue 40): the form My tickets opens, and the same form by the mail's signed link. */
export const evaluationsRoutes: FeatureRouteFactory = (queryClient) => ({
  membersOpen: [
    {
      path: 'evaluate/:token',
      ...preloaded({ reads: ['/api/evaluations/links/:token'] }),
      lazy: () =>
        import('./pages/evaluation-link-page.tsx').then((m) => ({
          Component: m.EvaluationLinkPage,
          loader: m.evaluationLinkLoader(queryClient),
        })),
    },
  ],
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
