import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** The development mailbox: the mails the outbox would send (the API answers only when it is switched on). */
export const devMailboxRoutes: FeatureRouteFactory = () => ({
  public: [
    {
      path: 'dev/mailbox',
      lazy: () => import('./pages/mailbox-page.tsx').then((m) => ({ Component: m.MailboxPage })),
    },
  ],
});
