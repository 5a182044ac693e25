import type { QueryClient } from '@tanstack/react-query';
import {
  redirect,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_defaultMapRouteProperties as defaultMapRouteProperties,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  type RouteObject,
} from 'react-router';
import { homePath } from '@portal/domain/navigation.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { membersGuard, membersIndexRedirect, signedOutOnly, staffGuard, toolkitGuard } from './guards.ts';
import { RouteError } from './route-error.tsx';

/**
 * Every screen is a lazily loaded route module, so each feature ships as its own chunk. Guards run
 * as loaders of parent routes, before any protected screen renders; loaders of a page module may
 * prefetch its data through the same query options the page reads.
 */
/** A route that only sends the visitor on (its loader redirects before anything renders). */
function redirectTo(path: string) {
  return { loader: () => redirect(path), Component: () => null };
}

export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const notFound = () => import('../features/not-found/pages/not-found-page.tsx');

  return [
    {
      id: 'root',
      HydrateFallback: () => <PageLoader />,
      ErrorBoundary: RouteError,
      children: [
        { index: true, ...redirectTo(homePath) },
        {
          path: 'auth',
          children: [
            { index: true, ...redirectTo('/auth/login') },
            {
              path: 'login',
              loader: signedOutOnly(queryClient),
              lazy: () => import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
            },
            {
              path: 'forgot-password',
              lazy: () =>
                import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({
                  Component: m.ForgotPasswordPage,
                })),
            },
            {
              path: 'reset-password',
              lazy: () =>
                import('../features/auth/pages/reset-password-page.tsx').then((m) => ({
                  Component: m.ResetPasswordPage,
                  loader: m.resetPasswordLoader(queryClient),
                })),
            },
          ],
        },
        {
          path: 'members',
          children: [
            {
              index: true,
              loader: membersIndexRedirect,
              lazy: () =>
                import('../features/auth/pages/token-landing-page.tsx').then((m) => ({
                  Component: m.TokenLandingPage,
                })),
            },
            // Invitation links open from a mail, signed in or not: the page itself offers the ways to accept.
            {
              path: 'accept-organization-invitation/:code?',
              lazy: () =>
                import('../features/invitations/pages/accept-invitation-page.tsx').then((m) => ({
                  Component: m.AcceptOrganizationInvitationPage,
                  loader: m.invitationLoader(queryClient),
                })),
            },
            {
              path: 'accept-district-invitation/:code?',
              lazy: () =>
                import('../features/invitations/pages/accept-invitation-page.tsx').then((m) => ({
                  Component: m.AcceptDistrictInvitationPage,
                  loader: m.invitationLoader(queryClient),
                })),
            },
            {
              loader: membersGuard(queryClient),
              lazy: () => import('./members-layout.tsx').then((m) => ({ Component: m.MembersLayout })),
              children: [
                {
                  path: 'profile',
                  lazy: () =>
                    import('../features/profile/pages/profile-page.tsx').then((m) => ({
                      Component: m.ProfilePage,
                      loader: m.profileLoader(queryClient),
                    })),
                },
                {
                  path: 'organization',
                  children: [
                    { index: true, ...redirectTo('/members/organization/select') },
                    {
                      path: 'select',
                      lazy: () =>
                        import('../features/organizations/pages/select-organization-page.tsx').then((m) => ({
                          Component: m.SelectOrganizationPage,
                          loader: m.selectOrganizationLoader(queryClient),
                        })),
                    },
                    {
                      path: ':organizationId',
                      lazy: () =>
                        import('../features/organizations/pages/manage-organization-page.tsx').then((m) => ({
                          Component: m.ManageOrganizationPage,
                          loader: m.manageOrganizationLoader(queryClient),
                        })),
                    },
                    {
                      path: ':organizationId/school-roster',
                      lazy: () =>
                        import('../features/organizations/pages/school-roster-page.tsx').then((m) => ({
                          Component: m.SchoolRosterPage,
                          loader: m.schoolRosterLoader(queryClient),
                        })),
                    },
                  ],
                },
                // Purchase orders (issue 13): the landing, an institute's and a package's purchase order.
                {
                  path: 'purchase-orders',
                  children: [
                    {
                      index: true,
                      lazy: () => import('../features/purchase-orders/pages/purchase-orders-page.tsx').then((m) => ({ Component: m.PurchaseOrdersPage })),
                    },
                    {
                      path: 'institute',
                      lazy: () =>
                        import('../features/purchase-orders/pages/institute-purchase-order-page.tsx').then((m) => ({
                          Component: m.InstitutePurchaseOrderPage,
                          loader: m.institutePurchaseOrderLoader(queryClient),
                        })),
                    },
                    {
                      path: 'package',
                      lazy: () =>
                        import('../features/purchase-orders/pages/package-purchase-order-page.tsx').then((m) => ({
                          Component: m.PackagePurchaseOrderPage,
                          loader: m.packagePurchaseOrderLoader(queryClient),
                        })),
                    },
                  ],
                },
                // Content (issue 14): the 'Resources' page, organization resources, video collections.
                {
                  path: 'resources',
                  lazy: () =>
                    import('../features/resources-hub/pages/resources-hub-page.tsx').then((m) => ({
                      Component: m.ResourcesHubPage,
                      loader: m.resourcesHubLoader(queryClient),
                    })),
                },
                {
                  path: 'organization-resources',
                  lazy: () =>
                    import('../features/organization-resources/pages/organization-resources-page.tsx').then((m) => ({
                      Component: m.OrganizationResourcesPage,
                      loader: m.organizationResourcesLoader(queryClient),
                    })),
                },
                {
                  path: 'video-collection/:collectionName',
                  lazy: () =>
                    import('../features/video-collections/pages/video-collection-page.tsx').then((m) => ({
                      Component: m.VideoCollectionPage,
                      loader: m.videoCollectionLoader(queryClient),
                    })),
                },
                // Commerce (issue 4): the catalogue ('PD Services'), the cart and its checkout pages, 'Manage Events'.
                {
                  path: 'events',
                  lazy: () =>
                    import('../features/catalogue/pages/catalogue-page.tsx').then((m) => ({
                      Component: m.CataloguePage,
                      loader: m.catalogueLoader(queryClient),
                    })),
                },
                {
                  path: 'events/:eventId',
                  lazy: () =>
                    import('../features/catalogue/pages/event-page.tsx').then((m) => ({
                      Component: m.EventPage,
                      loader: m.eventLoader(queryClient),
                    })),
                },
                {
                  path: 'event-cart',
                  children: [
                    { index: true, ...redirectTo('/members/event-cart/checkout') },
                    {
                      path: 'checkout',
                      lazy: () =>
                        import('../features/cart/pages/checkout-page.tsx').then((m) => ({
                          Component: m.CheckoutPage,
                          loader: m.checkoutLoader(queryClient),
                        })),
                    },
                    {
                      path: 'checkout/purchase-order',
                      lazy: () =>
                        import('../features/checkout/pages/purchase-order-page.tsx').then((m) => ({
                          Component: m.PurchaseOrderPage,
                          loader: m.purchaseOrderLoader(queryClient),
                        })),
                    },
                    {
                      path: 'checkout/success',
                      lazy: () =>
                        import('../features/checkout/pages/success-page.tsx').then((m) => ({
                          Component: m.SuccessPage,
                          loader: m.successLoader(),
                        })),
                    },
                    {
                      path: 'checkout/demo-pay',
                      lazy: () =>
                        import('../features/checkout/pages/demo-pay-page.tsx').then((m) => ({
                          Component: m.DemoPayPage,
                          loader: m.demoPayLoader(queryClient),
                        })),
                    },
                  ],
                },
                {
                  path: 'manage-events',
                  lazy: () =>
                    import('../features/event-payments/pages/manage-events-page.tsx').then((m) => ({
                      Component: m.ManageEventsPage,
                      loader: m.manageEventsLoader(queryClient),
                    })),
                },
                // Allocation (issue 5): a paid payment's tickets handed to people of the organization.
                {
                  path: 'event/assign-tickets',
                  lazy: () =>
                    import('../features/allocation/pages/assign-tickets-page.tsx').then((m) => ({
                      Component: m.AssignTicketsPage,
                      loader: m.assignTicketsLoader(queryClient),
                    })),
                },
                // Event applications (issue 6): the applicant's five-step wizard.
                {
                  path: 'events/applications/:applicationId/manage/:step',
                  lazy: () =>
                    import('../features/applications/pages/application-wizard-page.tsx').then((m) => ({
                      Component: m.ApplicationWizardPage,
                      loader: m.applicationWizardLoader(queryClient),
                    })),
                },
                // Event applications (issue 6): the applicant's list, and the payment pages of an accepted application.
                {
                  path: 'events/applications',
                  lazy: () =>
                    import('../features/applications/pages/applications-page.tsx').then((m) => ({
                      Component: m.ApplicationsPage,
                      loader: m.applicationsLoader(queryClient),
                    })),
                },
                {
                  path: 'events/applications/checkout/success',
                  lazy: () =>
                    import('../features/checkout/pages/success-page.tsx').then((m) => ({
                      Component: m.ApplicationSuccessPage,
                      loader: m.applicationSuccessLoader(),
                    })),
                },
                {
                  path: 'events/applications/checkout/purchase-order',
                  lazy: () =>
                    import('../features/checkout/pages/purchase-order-page.tsx').then((m) => ({
                      Component: m.ApplicationPurchaseOrderPage,
                      loader: m.applicationPurchaseOrderLoader(queryClient),
                    })),
                },
                // Event resources (issue 12): what ticket holders and accepted applicants of an event may read.
                {
                  path: 'events/:eventId/resources',
                  lazy: () =>
                    import('../features/resources/pages/resources-page.tsx').then((m) => ({
                      Component: m.ResourcesPage,
                      loader: m.resourcesLoader(queryClient),
                    })),
                },
                // Registration requests (issue 12): group registration, its payment pages; the list's other address redirects.
                {
                  path: 'events/registration/requests',
                  lazy: () =>
                    import('../features/registration-requests/pages/requests-page.tsx').then((m) => ({
                      Component: m.RequestsPage,
                      loader: m.requestsLoader(queryClient),
                    })),
                },
                {
                  path: 'events/registration/requests/:requestId',
                  lazy: () =>
                    import('../features/registration-requests/pages/request-page.tsx').then((m) => ({
                      Component: m.RequestPage,
                      loader: m.requestLoader(queryClient),
                    })),
                },
                { path: 'registration/requests', ...redirectTo('/members/events/registration/requests') },
                {
                  path: 'events/registration/checkout/success',
                  lazy: () =>
                    import('../features/checkout/pages/success-page.tsx').then((m) => ({
                      Component: m.RegistrationSuccessPage,
                      loader: m.registrationSuccessLoader(),
                    })),
                },
                {
                  path: 'events/registration/checkout/purchase-order',
                  lazy: () =>
                    import('../features/checkout/pages/purchase-order-page.tsx').then((m) => ({
                      Component: m.RegistrationPurchaseOrderPage,
                      loader: m.registrationPurchaseOrderLoader(queryClient),
                    })),
                },
                // Attendance (issue 12): a taker's sections of an event, and one section's list for today.
                {
                  path: 'events/:eventId/attendance',
                  lazy: () =>
                    import('../features/attendance/pages/attendance-sections-page.tsx').then((m) => ({
                      Component: m.AttendanceSectionsPage,
                      loader: m.attendanceSectionsLoader(queryClient),
                    })),
                },
                {
                  path: 'events/:eventId/attendance/:sectionId',
                  lazy: () =>
                    import('../features/attendance/pages/attendance-section-page.tsx').then((m) => ({
                      Component: m.AttendanceSectionPage,
                      loader: m.attendanceSectionLoader(queryClient),
                    })),
                },
                // The toolkit (issue 14): the guard sends a member without toolkit access to the profile before the page loads.
                {
                  path: 'treasure-chest',
                  loader: toolkitGuard(queryClient),
                  lazy: () => import('../features/toolkit/pages/treasure-chest-page.tsx').then((m) => ({ Component: m.TreasureChestPage })),
                },
                {
                  path: 'my-saved-resources',
                  loader: toolkitGuard(queryClient),
                  lazy: () => import('../features/toolkit/pages/my-saved-resources-page.tsx').then((m) => ({ Component: m.MySavedResourcesPage })),
                },
                // Managed-services packages (issue 13): OWNER and ADMIN of an organization, checked by the API.
                {
                  path: 'manage-services',
                  children: [
                    { index: true, ...redirectTo('/members/manage-services/select-organization') },
                    {
                      path: 'select-organization',
                      lazy: () =>
                        import('../features/manage-services/pages/select-organization-page.tsx').then((m) => ({
                          Component: m.ManageServicesSelectOrganizationPage,
                          loader: m.manageServicesOrganizationsLoader(queryClient),
                        })),
                    },
                    {
                      path: 'select-service/:organizationId',
                      lazy: () =>
                        import('../features/manage-services/pages/select-service-page.tsx').then((m) => ({
                          Component: m.SelectServicePage,
                          loader: m.selectServiceLoader(queryClient),
                        })),
                    },
                    // Package ticket assignment: the same three tabs on both pages of an accepted request.
                    {
                      path: 'package-request/:packageRequestId/assign-tickets',
                      lazy: () =>
                        import('../features/package-assignments/pages/package-assignments-page.tsx').then((m) => ({
                          Component: m.AllocateTicketsPage,
                          loader: m.packageAssignmentsLoader(queryClient),
                        })),
                    },
                    {
                      path: 'package-request/:packageRequestId/assign-staff',
                      lazy: () =>
                        import('../features/package-assignments/pages/package-assignments-page.tsx').then((m) => ({
                          Component: m.AssignStaffPage,
                          loader: m.packageAssignmentsLoader(queryClient),
                        })),
                    },
                    {
                      path: 'package-request/:packageRequestId/:step',
                      lazy: () =>
                        import('../features/package-requests/pages/package-wizard-page.tsx').then((m) => ({
                          Component: m.PackageWizardPage,
                          loader: m.packageWizardLoader(queryClient),
                        })),
                    },
                  ],
                },
                { path: '*', lazy: () => notFound().then((m) => ({ Component: m.NotFoundPage })) },
              ],
            },
          ],
        },
        {
          path: 'admin',
          loader: staffGuard(queryClient),
          lazy: () => import('./admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
          children: [
            { index: true, ...redirectTo('/admin/users') },
            {
              path: 'users',
              lazy: () =>
                import('../features/admin-users/pages/users-page.tsx').then((m) => ({
                  Component: m.UsersPage,
                  loader: m.usersLoader(queryClient),
                })),
            },
            {
              path: 'users/:userId/toolkit',
              lazy: () =>
                import('../features/admin-toolkit/pages/toolkit-user-page.tsx').then((m) => ({
                  Component: m.ToolkitUserPage,
                  loader: m.toolkitUserLoader(queryClient),
                })),
            },
            {
              path: 'toolkit',
              lazy: () =>
                import('../features/admin-toolkit/pages/toolkit-library-page.tsx').then((m) => ({
                  Component: m.ToolkitLibraryPage,
                  loader: m.toolkitLibraryLoader(queryClient),
                })),
            },
            {
              path: 'organizations',
              lazy: () =>
                import('../features/admin-organizations/pages/organizations-page.tsx').then((m) => ({
                  Component: m.OrganizationsPage,
                  loader: m.organizationsLoader(queryClient),
                })),
            },
            {
              path: 'organizations/:organizationId',
              lazy: () =>
                import('../features/admin-organizations/pages/organization-page.tsx').then((m) => ({
                  Component: m.OrganizationPage,
                  loader: m.organizationLoader(queryClient),
                })),
            },
            {
              path: 'districts',
              lazy: () =>
                import('../features/admin-organizations/pages/districts-page.tsx').then((m) => ({
                  Component: m.DistrictsPage,
                  loader: m.districtsLoader(queryClient),
                })),
            },
            {
              path: 'districts/:districtId',
              lazy: () =>
                import('../features/admin-organizations/pages/district-page.tsx').then((m) => ({
                  Component: m.DistrictPage,
                  loader: m.districtLoader(queryClient),
                })),
            },
            // Commerce (issue 4): purchase orders to decide, events and their sections, coupons.
            {
              path: 'purchase-orders',
              lazy: () =>
                import('../features/admin-purchase-orders/pages/purchase-orders-page.tsx').then((m) => ({
                  Component: m.PurchaseOrdersPage,
                  loader: m.purchaseOrdersLoader(queryClient),
                })),
            },
            {
              path: 'events',
              lazy: () =>
                import('../features/admin-events/pages/events-page.tsx').then((m) => ({
                  Component: m.EventsPage,
                  loader: m.eventsLoader(queryClient),
                })),
            },
            {
              path: 'events/:eventId',
              lazy: () =>
                import('../features/admin-events/pages/event-page.tsx').then((m) => ({
                  Component: m.EventPage,
                  loader: m.eventLoader(queryClient),
                })),
            },
            // Event payments (issue 5): find one, read its allocation, cancel it.
            {
              path: 'event-payments',
              lazy: () =>
                import('../features/admin-event-payments/pages/event-payments-page.tsx').then((m) => ({
                  Component: m.EventPaymentsPage,
                  loader: m.eventPaymentsLoader(queryClient),
                })),
            },
            {
              path: 'event-payments/:eventPaymentId',
              lazy: () =>
                import('../features/admin-event-payments/pages/event-payment-page.tsx').then((m) => ({
                  Component: m.EventPaymentPage,
                  loader: m.eventPaymentLoader(queryClient),
                })),
            },
            {
              path: 'coupons',
              lazy: () =>
                import('../features/admin-events/pages/coupons-page.tsx').then((m) => ({
                  Component: m.CouponsPage,
                  loader: m.couponsLoader(queryClient),
                })),
            },
            // Event applications (issue 6): the review queue, one application, an event's application settings.
            {
              path: 'applications',
              lazy: () =>
                import('../features/admin-applications/pages/applications-page.tsx').then((m) => ({
                  Component: m.ApplicationsPage,
                  loader: m.applicationsLoader(queryClient),
                })),
            },
            {
              path: 'applications/:applicationId',
              lazy: () =>
                import('../features/admin-applications/pages/application-page.tsx').then((m) => ({
                  Component: m.ApplicationPage,
                  loader: m.applicationLoader(queryClient),
                })),
            },
            // Event resources (issue 12): links and files staff attach to an event or its sections.
            {
              path: 'organization-resources',
              lazy: () =>
                import('../features/admin-content/pages/organization-resources-admin-page.tsx').then((m) => ({
                  Component: m.OrganizationResourcesAdminPage,
                })),
            },
            {
              path: 'school-years',
              lazy: () => import('../features/admin-content/pages/school-years-page.tsx').then((m) => ({ Component: m.SchoolYearsPage })),
            },
            {
              path: 'video-collections',
              lazy: () =>
                import('../features/admin-content/pages/video-collections-admin-page.tsx').then((m) => ({
                  Component: m.VideoCollectionsAdminPage,
                })),
            },
            {
              path: 'video-collections/:collectionId',
              lazy: () =>
                import('../features/admin-content/pages/video-collection-admin-page.tsx').then((m) => ({
                  Component: m.VideoCollectionAdminPage,
                })),
            },
            {
              path: 'events/:eventId/resources',
              lazy: () =>
                import('../features/admin-resources/pages/resources-page.tsx').then((m) => ({
                  Component: m.AdminResourcesPage,
                  loader: m.adminResourcesLoader(queryClient),
                })),
            },
            {
              path: 'events/:eventId/applications',
              lazy: () =>
                import('../features/admin-applications/pages/application-settings-page.tsx').then((m) => ({
                  Component: m.ApplicationSettingsPage,
                  loader: m.applicationSettingsLoader(queryClient),
                })),
            },
            // Attendance (issue 12): an event's takers, certificate hours and who attended.
            {
              path: 'events/:eventId/attendance',
              lazy: () =>
                import('../features/admin-attendance/pages/event-attendance-page.tsx').then((m) => ({
                  Component: m.EventAttendancePage,
                  loader: m.eventAttendanceLoader(queryClient),
                })),
            },
            // Group registration (issue 12): an event's settings and requests, every request, one request.
            {
              path: 'events/:eventId/group-registration',
              lazy: () =>
                import('../features/admin-registration-requests/pages/group-registration-page.tsx').then((m) => ({
                  Component: m.GroupRegistrationPage,
                  loader: m.groupRegistrationLoader(queryClient),
                })),
            },
            {
              path: 'packages',
              lazy: () =>
                import('../features/admin-packages/pages/packages-page.tsx').then((m) => ({
                  Component: m.StaffPackagesPage,
                  loader: m.staffPackagesLoader(queryClient),
                })),
            },
            {
              path: 'packages/:packageId',
              lazy: () =>
                import('../features/admin-packages/pages/package-page.tsx').then((m) => ({
                  Component: m.StaffPackagePage,
                  loader: m.staffPackageLoader(queryClient),
                })),
            },
            {
              path: 'organizations/:organizationId/contracts',
              lazy: () =>
                import('../features/admin-contracts/pages/contracts-page.tsx').then((m) => ({
                  Component: m.ContractsPage,
                  loader: m.contractsLoader(queryClient),
                })),
            },
            {
              path: 'package-requests/:packageRequestId',
              lazy: () =>
                import('../features/admin-packages/pages/package-request-page.tsx').then((m) => ({
                  Component: m.StaffPackageRequestPage,
                  loader: m.staffPackageRequestLoader(queryClient),
                })),
            },
            {
              path: 'registration-requests',
              lazy: () =>
                import('../features/admin-registration-requests/pages/registration-requests-page.tsx').then((m) => ({
                  Component: m.RegistrationRequestsPage,
                  loader: m.registrationRequestsLoader(queryClient),
                })),
            },
            {
              path: 'registration-requests/:requestId',
              lazy: () =>
                import('../features/admin-registration-requests/pages/registration-request-page.tsx').then((m) => ({
                  Component: m.RegistrationRequestPage,
                  loader: m.registrationRequestLoader(queryClient),
                })),
            },
            { path: '*', lazy: () => notFound().then((m) => ({ Component: m.NotFoundPage })) },
          ],
        },
        // A certificate of attendance checked by its code, by anyone (issue 12).
        {
          path: 'verify/:code',
          lazy: () =>
            import('../features/certificates/pages/verify-page.tsx').then((m) => ({
              Component: m.VerifyPage,
              loader: m.verifyLoader(queryClient),
            })),
        },
        {
          path: 'dev/mailbox',
          lazy: () =>
            import('../features/dev-mailbox/pages/mailbox-page.tsx').then((m) => ({ Component: m.MailboxPage })),
        },
        { path: '*', lazy: () => notFound().then((m) => ({ Component: m.StandaloneNotFoundPage })) },
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
    mapRouteProperties: defaultMapRouteProperties,
    hydrationRouteProperties,
  });
}
