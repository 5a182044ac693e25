import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { withDatabaseBudget, type PoolStats } from './db/client.ts';
import { adminDashboardRoutes } from './features/admin-dashboard/routes.ts';
import { adminEventPaymentRoutes } from './features/admin-event-payments/routes.ts';
import { adminRefundRoutes } from './features/admin-refunds/routes.ts';
import { adminDistrictFundRoutes } from './features/admin-district-funds/routes.ts';
import { districtFundRoutes } from './features/district-funds/routes.ts';
import { adminNotificationRoutes } from './features/admin-notifications/routes.ts';
import { adminOrganizationRoutes } from './features/admin-organizations/routes.ts';
import { adminPurchaseOrderRoutes } from './features/admin-purchase-orders/routes.ts';
import { adminUserRoutes } from './features/admin-users/routes.ts';
import { affiliationRoutes } from './features/affiliations/routes.ts';
import { allocationRoutes } from './features/allocation/routes.ts';
import { applicationRoutes } from './features/applications/routes.ts';
import { attendanceRoutes } from './features/attendance/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { cartRoutes } from './features/cart/routes.ts';
import { catalogueRoutes } from './features/catalogue/routes.ts';
import { certificateRoutes } from './features/certificates/routes.ts';
import { checkoutRoutes } from './features/checkout/routes.ts';
import { devJourneyDataRoutes } from './features/dev-journey-data/routes.ts';
import { devMailboxRoutes } from './features/dev-mailbox/routes.ts';
import { eventPaymentRoutes } from './features/event-payments/routes.ts';
import { favouriteRoutes } from './features/favourites/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { invitationRoutes } from './features/invitations/routes.ts';
import { lookupRoutes } from './features/lookups/routes.ts';
import { manageServicesRoutes } from './features/manage-services/routes.ts';
import { organizationRoutes } from './features/organizations/routes.ts';
import { packageAssignmentRoutes } from './features/package-assignments/routes.ts';
import { packageRequestRoutes } from './features/package-requests/routes.ts';
import { demoPaymentRoutes, paymentRoutes } from './features/payments/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { providerFunctionRoutes } from './features/provider-functions/routes.ts';
import { purchaseOrderRoutes } from './features/purchase-orders/routes.ts';
import { institutePurchaseOrderRoutes } from './features/institute-purchase-orders/routes.ts';
import { packagePurchaseOrderRoutes } from './features/package-purchase-orders/routes.ts';
import { registrationRequestRoutes } from './features/registration-requests/routes.ts';
import { resourceRoutes } from './features/resources/routes.ts';
import { adminApplicationRoutes } from './features/admin-applications/routes.ts';
import { adminAttendanceRoutes } from './features/admin-attendance/routes.ts';
import { adminPlacementRoutes } from './features/admin-placement/routes.ts';
import { adminEventRoutes } from './features/admin-events/routes.ts';
import { adminMessageRoutes } from './features/admin-messages/routes.ts';
import { adminReminderRoutes } from './features/admin-reminders/routes.ts';
import { adminInvoiceRoutes } from './features/admin-invoices/routes.ts';
import { statementRoutes } from './features/statements/routes.ts';
import { adminReportRoutes } from './features/admin-reports/routes.ts';
import { adminRegistrationRequestRoutes } from './features/admin-registration-requests/routes.ts';
import { adminContractRoutes } from './features/admin-contracts/routes.ts';
import { adminPackageRoutes } from './features/admin-packages/routes.ts';
import { adminResourceRoutes } from './features/admin-resources/routes.ts';
import { organizationResourceRoutes } from './features/organization-resources/routes.ts';
import { resourcesHubRoutes } from './features/resources-hub/routes.ts';
import { quoteRoutes } from './features/quotes/routes.ts';
import { adminContentRoutes } from './features/admin-content/routes.ts';
import { videoCollectionRoutes } from './features/video-collections/routes.ts';
import { waitingListsRoutes } from './features/waiting-lists/routes.ts';
import { adminToolkitRoutes } from './features/admin-toolkit/routes.ts';
import { adminTicketHolderRoutes } from './features/admin-ticket-holders/routes.ts';
import { adminAuditLogRoutes } from './features/admin-audit-log/routes.ts';
import { adminWebhookRoutes } from './features/admin-webhooks/routes.ts';
import { adminSignInProviderRoutes } from './features/admin-sign-in-providers/routes.ts';
import { ticketTransferRoutes } from './features/ticket-transfers/routes.ts';
import { seatRequestRoutes } from './features/seat-requests/routes.ts';
import { toolkitRoutes } from './features/toolkit/routes.ts';
import { evaluationRoutes } from './features/evaluations/routes.ts';
import { adminEvaluationRoutes } from './features/admin-evaluations/routes.ts';
import { registerCompression } from './platform/compression.ts';
import { registerMetrics } from './platform/metrics.ts';
import { clientErrorHandler, errorHandler, frameworkErrorHandler, notFoundHandler } from './platform/errors.ts';
import { documentationPrefix, registerSecurity } from './platform/security.ts';
import { registerSpa } from './platform/spa.ts';
import { refuseNulInInput } from './platform/stored-text.ts';
import { requestIdHeader, requestIdOf } from './platform/request-id.ts';
import type { Tracing } from './platform/tracing.ts';

/**
 * Every multipart form (the purchase-order upload, event resource files) is read into memory, so every busboy limit
 * is capped, not only the file: a flood of fields, parts or part headers, or one huge text field, is a
 * 413 before the handler writes anything.
 */
export const multipartLimits = {
  fileSize: 10 * 1024 * 1024,
  files: 1,
  fields: 20,
  fieldSize: 10 * 1024,
  parts: 21,
  headerPairs: 20,
};

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Every schema is zod's. Given as the compilers' factories, Fastify never loads its default ones (ajv and
 * fast-json-stringify, the largest part of building the app in a warm start's profile), which setValidatorCompiler
 * would only replace (docs/decisions/0227-warm-start-and-idle-memory.md). Fastify's declaration types a factory's
 * compiler as ajv's; at run time it calls it with the route's schema definition ({ schema, method, url, httpPart }),
 * as zod's compilers expect.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  serveWeb?: boolean;
  /** The database pool's counts, published on /metrics. */
  pool?: PoolStats;
  /** OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set (platform/tracing.ts). */
  tracing?: Pick<Tracing, 'plugin'> | null;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors raised before a route exists (router, HTTP parser) answer problem+json as well.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // The proxy's request id when it sends a sane one, else a new one: the same id in the proxy's log,
    // every line of ours and the answer (x-request-id), which the app shows with an error.
    requestIdHeader: false,
    genReqId: requestIdOf,
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();
  // First, so the request's span is open around every hook and handler after it.
  if (options.tracing) await app.register(options.tracing.plugin);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });
  const budgetMs = deps.config.database.requestTimeoutMs;
  app.addHook('onRequest', (_request, _reply, done) => withDatabaseBudget(budgetMs, done));
  app.setErrorHandler(errorHandler);
  registerMetrics(app, { db: deps.db, token: deps.config.metricsToken, pool: options.pool });

  await registerCompression(app);
  await registerSecurity(app, deps);
  refuseNulInInput(app);
  await app.register(multipart, { limits: multipartLimits });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Members Portal API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
          functionsKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-api-key',
            description: 'With the header request-source: pubweb',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: documentationPrefix, staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  // Each feature's routes, one line each.
  await app.register(healthRoutes, { prefix: '/api', ...deps });
  await app.register(authRoutes, { prefix: '/api', ...deps });
  await app.register(lookupRoutes, { prefix: '/api', ...deps });
  await app.register(adminUserRoutes, { prefix: '/api', ...deps });
  await app.register(profileRoutes, { prefix: '/api', ...deps });
  await app.register(organizationRoutes, { prefix: '/api', ...deps });
  await app.register(adminOrganizationRoutes, { prefix: '/api', ...deps });
  await app.register(adminDistrictFundRoutes, { prefix: '/api', ...deps });
  await app.register(districtFundRoutes, { prefix: '/api', ...deps });
  await app.register(invitationRoutes, { prefix: '/api', ...deps });
  await app.register(affiliationRoutes, { prefix: '/api', ...deps });
  await app.register(adminEventRoutes, { prefix: '/api', ...deps });
  await app.register(adminMessageRoutes, { prefix: '/api', ...deps });
  await app.register(adminReminderRoutes, { prefix: '/api', ...deps });
  await app.register(adminInvoiceRoutes, { prefix: '/api', ...deps });
  await app.register(statementRoutes, { prefix: '/api', ...deps });
  await app.register(adminReportRoutes, { prefix: '/api', ...deps });
  await app.register(adminEvaluationRoutes, { prefix: '/api', ...deps });
  await app.register(evaluationRoutes, { prefix: '/api', ...deps });
  await app.register(purchaseOrderRoutes, { prefix: '/api', ...deps });
  await app.register(adminPurchaseOrderRoutes, { prefix: '/api', ...deps });
  await app.register(institutePurchaseOrderRoutes, { prefix: '/api', ...deps });
  await app.register(packagePurchaseOrderRoutes, { prefix: '/api', ...deps });
  await app.register(quoteRoutes, { prefix: '/api', ...deps });
  await app.register(catalogueRoutes, { prefix: '/api', ...deps });
  await app.register(cartRoutes, { prefix: '/api', ...deps });
  await app.register(checkoutRoutes, { prefix: '/api', ...deps });
  await app.register(waitingListsRoutes, { prefix: '/api', ...deps });
  await app.register(paymentRoutes, { prefix: '/api', ...deps });
  await app.register(eventPaymentRoutes, { prefix: '/api', ...deps });
  await app.register(allocationRoutes, { prefix: '/api', ...deps });
  await app.register(ticketTransferRoutes, { prefix: '/api', ...deps });
  await app.register(seatRequestRoutes, { prefix: '/api', ...deps });
  await app.register(adminEventPaymentRoutes, { prefix: '/api', ...deps });
  await app.register(adminRefundRoutes, { prefix: '/api', ...deps });
  await app.register(applicationRoutes, { prefix: '/api', ...deps });
  await app.register(adminApplicationRoutes, { prefix: '/api', ...deps });
  await app.register(adminPlacementRoutes, { prefix: '/api', ...deps });
  await app.register(registrationRequestRoutes, { prefix: '/api', ...deps });
  await app.register(adminRegistrationRequestRoutes, { prefix: '/api', ...deps });
  await app.register(attendanceRoutes, { prefix: '/api', ...deps });
  await app.register(certificateRoutes, { prefix: '/api', ...deps });
  await app.register(adminAttendanceRoutes, { prefix: '/api', ...deps });
  // The provider's REST functions (events.md §7) exist only with an API key; production sets none by default.
  if (deps.config.functionsApiKey) await app.register(providerFunctionRoutes, { prefix: '/api/functions', ...deps });
  await app.register(resourceRoutes, { prefix: '/api', ...deps });
  await app.register(adminResourceRoutes, { prefix: '/api', ...deps });
  await app.register(manageServicesRoutes, { prefix: '/api', ...deps });
  await app.register(packageRequestRoutes, { prefix: '/api', ...deps });
  await app.register(packageAssignmentRoutes, { prefix: '/api', ...deps });
  await app.register(adminPackageRoutes, { prefix: '/api', ...deps });
  await app.register(adminContractRoutes, { prefix: '/api', ...deps });
  await app.register(organizationResourceRoutes, { prefix: '/api', ...deps });
  await app.register(videoCollectionRoutes, { prefix: '/api', ...deps });
  await app.register(resourcesHubRoutes, { prefix: '/api', ...deps });
  await app.register(adminContentRoutes, { prefix: '/api', ...deps });
  await app.register(toolkitRoutes, { prefix: '/api', ...deps });
  await app.register(favouriteRoutes, { prefix: '/api', ...deps });
  await app.register(adminToolkitRoutes, { prefix: '/api', ...deps });
  await app.register(adminDashboardRoutes, { prefix: '/api', ...deps });
  await app.register(adminNotificationRoutes, { prefix: '/api', ...deps });
  await app.register(adminTicketHolderRoutes, { prefix: '/api', ...deps });
  await app.register(adminAuditLogRoutes, { prefix: '/api', ...deps });
  await app.register(adminWebhookRoutes, { prefix: '/api', ...deps });
  await app.register(adminSignInProviderRoutes, { prefix: '/api', ...deps });
  // Development parts exist only when switched on; production refuses every switch (config.ts).
  if (deps.config.mail.devMailbox) await app.register(devMailboxRoutes, { prefix: '/api', ...deps });
  // Copies of demo people exist only where the demo does.
  if (deps.config.seedDemo) await app.register(devJourneyDataRoutes, { prefix: '/api', ...deps });
  if (deps.config.payments.provider === 'demo') await app.register(demoPaymentRoutes, { prefix: '/api', ...deps });

  const absentPages = [
    ...(deps.config.mail.devMailbox ? [] : ['/dev/mailbox']),
    ...(deps.config.payments.provider === 'demo' ? [] : ['/members/event-cart/checkout/demo-pay']),
  ];
  if (options.serveWeb) await registerSpa(app, deps.config.webDist, absentPages);
  else app.setNotFoundHandler(notFoundHandler);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
