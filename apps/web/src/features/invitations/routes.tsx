import type { FeatureRouteFactory } from '../../lib/routes.ts';

/** Invitation links open from a mail, signed in or not: the page itself offers the ways to accept. */
export const invitationsRoutes: FeatureRouteFactory = (queryClient) => ({
  membersOpen: [
    {
      path: 'accept-organization-invitation/:code?',
      lazy: () =>
        import('./pages/accept-invitation-page.tsx').then((m) => ({
          Component: m.AcceptOrganizationInvitationPage,
          loader: m.invitationLoader(queryClient),
        })),
    },
    {
      path: 'accept-district-invitation/:code?',
      lazy: () =>
        import('./pages/accept-invitation-page.tsx').then((m) => ({
          Component: m.AcceptDistrictInvitationPage,
          loader: m.invitationLoader(queryClient),
        })),
    },
  ],
});
