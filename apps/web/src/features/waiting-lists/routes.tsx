import { type FeatureRouteFactory, preloaded } from '../../lib/routes.ts';

/** Waiting lists (issue 38): the page an offer's mail links to. Joining and leaving are on the event page. */
export const waitingListsRoutes: FeatureRouteFactory = () => ({
  members: [
    {
      path: 'waiting-lists/offers/:entryId',
      ...preloaded({ reads: ['/api/waiting-lists/entries/:entryId'] }),
      lazy: () => import('./pages/offer-page.tsx').then((m) => ({ Component: m.OfferPage })),
    },
  ],
});
