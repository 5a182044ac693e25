import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Staff console (issue 24): an event's ticket holders, to read and export. */
export const adminTicketHoldersRoutes: FeatureRouteFactory = (queryClient) => ({
  admin: [
    {
      path: 'events/:eventId/ticket-holders',
      lazy: () =>
        import('./pages/ticket-holders-page.tsx').then((m) => ({
          Component: m.TicketHoldersPage,
          loader: m.ticketHoldersLoader(queryClient),
        })),
    },
  ],
});
