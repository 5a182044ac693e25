import type { QueryClient } from '@tanstack/react-query';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  type RouteObject,
} from 'react-router';
import { homePath } from '@portal/domain/navigation.ts';
import { adminApplicationsRoutes } from '../features/admin-applications/routes.tsx';
import { adminAttendanceRoutes } from '../features/admin-attendance/routes.tsx';
import { adminContentRoutes } from '../features/admin-content/routes.tsx';
import { adminContractsRoutes } from '../features/admin-contracts/routes.tsx';
import { adminDashboardRoutes } from '../features/admin-dashboard/routes.tsx';
import { adminEventPaymentsRoutes } from '../features/admin-event-payments/routes.tsx';
import { adminEventsRoutes } from '../features/admin-events/routes.tsx';
import { adminNotificationsRoutes } from '../features/admin-notifications/routes.tsx';
import { adminMessagesRoutes } from '../features/admin-messages/routes.tsx';
import { adminRemindersRoutes } from '../features/admin-reminders/routes.tsx';
import { adminReportsRoutes } from '../features/admin-reports/routes.tsx';
import { adminOrganizationsRoutes } from '../features/admin-organizations/routes.tsx';
import { adminPackagesRoutes } from '../features/admin-packages/routes.tsx';
import { adminPlacementRoutes } from '../features/admin-placement/routes.tsx';
import { adminPurchaseOrdersRoutes } from '../features/admin-purchase-orders/routes.tsx';
import { adminInvoicesRoutes } from '../features/admin-invoices/routes.tsx';
import { statementsRoutes } from '../features/statements/routes.tsx';
import { adminRegistrationRequestsRoutes } from '../features/admin-registration-requests/routes.tsx';
import { adminResourcesRoutes } from '../features/admin-resources/routes.tsx';
import { adminToolkitRoutes } from '../features/admin-toolkit/routes.tsx';
import { adminTicketHoldersRoutes } from '../features/admin-ticket-holders/routes.tsx';
import { adminAuditLogRoutes } from '../features/admin-audit-log/routes.tsx';
import { adminWebhookRoutes } from '../features/admin-webhooks/routes.tsx';
import { adminSignInProviderRoutes } from '../features/admin-sign-in-providers/routes.tsx';
import { adminRefundsRoutes } from '../features/admin-refunds/routes.tsx';
import { adminDistrictFundsRoutes } from '../features/admin-district-funds/routes.tsx';
import { districtFundsRoutes } from '../features/district-funds/routes.tsx';
import { adminUsersRoutes } from '../features/admin-users/routes.tsx';
import { allocationRoutes } from '../features/allocation/routes.tsx';
import { applicationsRoutes } from '../features/applications/routes.tsx';
import { attendanceRoutes } from '../features/attendance/routes.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { catalogueRoutes } from '../features/catalogue/routes.tsx';
import { waitingListsRoutes } from '../features/waiting-lists/routes.tsx';
import { certificatesRoutes } from '../features/certificates/routes.tsx';
import { evaluationsRoutes } from '../features/evaluations/routes.tsx';
import { adminEvaluationsRoutes } from '../features/admin-evaluations/routes.tsx';
import { checkoutRoutes } from '../features/checkout/routes.tsx';
import { devMailboxRoutes } from '../features/dev-mailbox/routes.tsx';
import { eventPaymentsRoutes } from '../features/event-payments/routes.tsx';
import { invitationsRoutes } from '../features/invitations/routes.tsx';
import { manageServicesRoutes } from '../features/manage-services/routes.tsx';
import { notFoundRoutes } from '../features/not-found/routes.tsx';
import { organizationResourcesRoutes } from '../features/organization-resources/routes.tsx';
import { organizationsRoutes } from '../features/organizations/routes.tsx';
import { packageAssignmentsRoutes } from '../features/package-assignments/routes.tsx';
import { packageRequestsRoutes } from '../features/package-requests/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { purchaseOrdersRoutes } from '../features/purchase-orders/routes.tsx';
import { registrationRequestsRoutes } from '../features/registration-requests/routes.tsx';
import { resourcesHubRoutes } from '../features/resources-hub/routes.tsx';
import { resourcesRoutes } from '../features/resources/routes.tsx';
import { toolkitRoutes } from '../features/toolkit/routes.tsx';
import { videoCollectionsRoutes } from '../features/video-collections/routes.tsx';
import { membersGuard, staffGuard } from '../lib/guards.ts';
import { preloaded, redirectTo, type FeatureRouteFactory, type FeatureRoutes } from '../lib/routes.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every feature's routes (features/<name>/routes.tsx). Not-found comes last: its catch-all pages close
 * each part of the tree.
 */
const features: FeatureRouteFactory[] = [
  authRoutes,
  invitationsRoutes,
  profileRoutes,
  organizationsRoutes,
  statementsRoutes,
  purchaseOrdersRoutes,
  resourcesHubRoutes,
  organizationResourcesRoutes,
  videoCollectionsRoutes,
  catalogueRoutes,
  checkoutRoutes,
  waitingListsRoutes,
  eventPaymentsRoutes,
  allocationRoutes,
  applicationsRoutes,
  resourcesRoutes,
  registrationRequestsRoutes,
  attendanceRoutes,
  toolkitRoutes,
  manageServicesRoutes,
  packageAssignmentsRoutes,
  packageRequestsRoutes,
  adminUsersRoutes,
  adminToolkitRoutes,
  adminOrganizationsRoutes,
  adminPurchaseOrdersRoutes,
  adminInvoicesRoutes,
  adminEventsRoutes,
  adminMessagesRoutes,
  adminRemindersRoutes,
  adminReportsRoutes,
  adminEventPaymentsRoutes,
  adminApplicationsRoutes,
  adminPlacementRoutes,
  adminContentRoutes,
  adminResourcesRoutes,
  adminAttendanceRoutes,
  adminRegistrationRequestsRoutes,
  adminPackagesRoutes,
  adminContractsRoutes,
  adminDashboardRoutes,
  adminNotificationsRoutes,
  adminTicketHoldersRoutes,
  adminAuditLogRoutes,
  adminWebhookRoutes,
  adminSignInProviderRoutes,
  adminRefundsRoutes,
  adminDistrictFundsRoutes,
  districtFundsRoutes,
  certificatesRoutes,
  evaluationsRoutes,
  adminEvaluationsRoutes,
  devMailboxRoutes,
  notFoundRoutes,
];

/**
 * The app's route tree: each feature's pages under their frame and guard. Every screen is a lazily
 * loaded route module, so each feature ships as its own chunk. Guards run as loaders of parent routes,
 * before any protected screen renders; loaders of a page module may prefetch its data through the same
 * query options the page reads.
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const declared = features.map((routesOf) => routesOf(queryClient));
  const routesIn = (part: keyof FeatureRoutes) => declared.flatMap((routes) => routes[part] ?? []);

  return [
    {
      id: 'root',
      HydrateFallback: () => <PageLoader />,
      ErrorBoundary: RouteError,
      children: [
        { index: true, ...redirectTo(homePath) },
        ...routesIn('public'),
        {
          path: 'members',
          children: [
            ...routesIn('membersOpen'),
            {
              loader: membersGuard(queryClient),
              ...preloaded({ reads: ['/api/cart'] }),
              lazy: () => import('./members-layout.tsx').then((m) => ({ Component: m.MembersLayout })),
              children: routesIn('members'),
            },
          ],
        },
        {
          path: 'admin',
          loader: staffGuard(queryClient),
          lazy: () => import('./admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
          children: routesIn('admin'),
        },
      ],
    },
  ];
}

/**
 * What createBrowserRouter makes, but not yet started: the caller starts it (`initialize()`, which
 * matches the address and loads the first route's modules and data) in a task of its own, since
 * building the router and starting it each take a long task's worth of a phone's time.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    history: createBrowserHistory(),
    routes: createAppRoutes(queryClient),
    mapRouteProperties,
    hydrationRouteProperties,
  });
}
