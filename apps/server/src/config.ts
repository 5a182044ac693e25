import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { paymentProviders } from '@portal/domain/commerce/enums.ts';
import { parseReminderDays } from '@portal/domain/commerce/invoices.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise: a development server (with its open mailbox) is not on the network by accident.
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  // A database that does not answer yields 503 in bounded time instead of requests (and SIGTERM) waiting on it.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  // All a request may wait on the database, connections and statements together: then 503 with Retry-After.
  DATABASE_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).default(20_000),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Members Portal <no-reply@portal.local>'),
  DEV_MAILBOX: flag,
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  TIME_ZONE: z.string().default('America/New_York'),
  /** The hour (0–23, in TIME_ZONE) the staff's daily digest is sent (docs/decisions/0101-staff-notification-defaults.md). */
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 14),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  // One school's teachers often share one public address: the per-address limit is the looser one.
  LOGIN_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  REDIS_URL: z.url().optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('portal:'),
  TRUST_PROXY: flag,
  ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    )
    .optional(),
  PAYMENT_PROVIDER: z.enum(paymentProviders).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  CASHNET_CHECKOUT_URL: z.url().optional(),
  CASHNET_VERIFY_URL: z.url().optional(),
  /** How long a purchase-order checkout holds its seats before its purchase order is uploaded (decision 0160). */
  PURCHASE_ORDER_HOLD_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** How many days a quote is valid (and holds seats, for events whose staff said so): docs/decisions/0210-quotes.md. */
  QUOTE_VALID_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How many days before that hold ends its buyer is reminded; 0 sends no reminder. */
  PURCHASE_ORDER_REMINDER_DAYS: z.coerce.number().int().min(0).max(89).default(2),
  /** Days overdue at which an invoice's reminder is mailed, comma-separated ("7,30"); "none" sends none. */
  INVOICE_REMINDER_DAYS: z
    .string()
    .trim()
    .default('7,30')
    .refine(
      (text) => text === 'none' || parseReminderDays(text) !== null,
      'whole days above 0, comma-separated, or none',
    ),
  DEMO_PAYMENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  FUNCTIONS_API_KEY: z.string().min(24, 'must be at least 24 characters (openssl rand -base64 32)').optional(),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters (openssl rand -base64 32)').optional(),
  /** How long a webhook endpoint's replaced secret still signs after a rotation (docs/decisions/0142-webhook-upkeep.md). */
  WEBHOOK_SECRET_OVERLAP_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** How long each webhook delivery attempt is kept in the log; a daily job deletes older ones. */
  WEBHOOK_ATTEMPT_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** The OpenTelemetry collector's OTLP/HTTP base URL: without it no trace is made (docs/decisions/0141-opentelemetry-traces.md). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('portal'),
  /** The seller every quote, invoice, receipt and credit note names (docs/decisions/0192-seller-identity.md). */
  SELLER_LEGAL_NAME: z.string().trim().min(1).optional(),
  /** The seller's address, its lines separated by " | ": "100 Main Street | Suite 4 | Springfield, IL 62701". */
  SELLER_ADDRESS: z.string().trim().min(1).optional(),
  SELLER_TAX_ID: z.string().trim().min(1).optional(),
  /** How to pay the seller (bank, account, routing, where checks go), its lines separated by " | ". */
  SELLER_REMITTANCE: z.string().trim().min(1).optional(),
});

/**
 * Development's seller: a made-up provider, so documents made on a laptop look like the real ones. Production
 * names its own (productionRefusals): a document with a made-up tax id must never reach a business office.
 */
const developmentSeller = {
  legalName: 'Demo Professional Learning Provider, Inc.',
  address: ['100 Main Street', 'Springfield, IL 62701'],
  taxId: '00-0000000',
  remittance: [
    'Checks payable to Demo Professional Learning Provider, Inc.',
    'ACH: Demo Bank, routing 000000000, account 0000000000',
  ],
};

const lines = (value: string) =>
  value
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

function sellerIdentity(e: z.infer<typeof environment>) {
  if (!e.SELLER_LEGAL_NAME) return developmentSeller;
  return {
    legalName: e.SELLER_LEGAL_NAME,
    address: lines(e.SELLER_ADDRESS ?? ''),
    taxId: e.SELLER_TAX_ID ?? '',
    remittance: lines(e.SELLER_REMITTANCE ?? ''),
  };
}

/** Development and test data are not secret; production must bring its own key. */
const developmentEncryptionKey = Buffer.alloc(32, 'members-portal-development-key!!').toString('base64');
/** Signs the demo provider's events; the demo provider never runs in production, so neither does this secret. */
const developmentDemoPaymentSecret = 'members-portal-demo-payments';
/** The provider functions' key on a development machine; production has the functions off unless it sets its own. */
export const developmentFunctionsApiKey = 'members-portal-development-functions-key';

const invalid = (problems: string[]) =>
  new Error(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);

/**
 * Development parts that would open money or accounts to anyone: in production each one is refused
 * at start-up, all named at once, rather than quietly switched off.
 */
function productionRefusals(e: z.infer<typeof environment>): string[] {
  const refusals: string[] = [];
  if (!e.ENCRYPTION_KEY) refusals.push('ENCRYPTION_KEY: required in production');
  if (e.PAYMENT_PROVIDER === 'demo')
    refusals.push('PAYMENT_PROVIDER: demo is refused in production (it marks payments paid without taking money)');
  if (e.DEV_MAILBOX === true)
    refusals.push('DEV_MAILBOX: refused in production (it shows every mailed link to anyone)');
  if (e.SEED_DEMO === true)
    refusals.push('SEED_DEMO: refused in production (it creates accounts with a published password)');
  for (const name of ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SELLER_TAX_ID', 'SELLER_REMITTANCE'] as const) {
    if (!e[name])
      refusals.push(`${name}: required in production (every quote, invoice, receipt and credit note names the seller)`);
  }
  return refusals;
}

function paymentSettings(e: z.infer<typeof environment>, production: boolean) {
  // Without a card provider, production takes purchase orders only; development gets the demo page.
  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : production ? null : 'demo');
  const missing = (name: string, reason: string) => invalid([`${name}: required ${reason}`]);
  if (provider === 'stripe' && !e.STRIPE_SECRET_KEY) throw missing('STRIPE_SECRET_KEY', 'when PAYMENT_PROVIDER=stripe');
  if (provider === 'stripe' && !e.STRIPE_WEBHOOK_SECRET)
    throw missing('STRIPE_WEBHOOK_SECRET', 'when PAYMENT_PROVIDER=stripe');
  if (provider === 'cashnet' && !e.CASHNET_CHECKOUT_URL)
    throw missing('CASHNET_CHECKOUT_URL', 'when PAYMENT_PROVIDER=cashnet');
  if (provider === 'cashnet' && !e.CASHNET_VERIFY_URL)
    throw missing('CASHNET_VERIFY_URL', 'when PAYMENT_PROVIDER=cashnet');
  return {
    provider,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    cashnetCheckoutUrl: e.CASHNET_CHECKOUT_URL,
    cashnetVerifyUrl: e.CASHNET_VERIFY_URL,
    demoSecret: e.DEMO_PAYMENT_SECRET ?? developmentDemoPaymentSecret,
  };
}

export type Config = ReturnType<typeof loadConfig>;

/** The one place environment variables are read; tests pass overrides instead of editing them. */
export function loadConfig(overrides: Record<string, string | undefined> = {}) {
  const parsed = environment.safeParse({ ...process.env, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const production = e.NODE_ENV === 'production';
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) throw invalid(['S3_BUCKET: required when STORAGE_DRIVER=s3']);
  if (e.PURCHASE_ORDER_REMINDER_DAYS >= e.PURCHASE_ORDER_HOLD_DAYS)
    throw invalid(['PURCHASE_ORDER_REMINDER_DAYS: must be fewer than PURCHASE_ORDER_HOLD_DAYS']);
  const refusals = production ? productionRefusals(e) : [];
  if (refusals.length > 0) throw invalid(refusals);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY ?? false,
    database: e.DATABASE_URL
      ? ({
          kind: 'postgres',
          url: e.DATABASE_URL,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
          requestTimeoutMs: e.DATABASE_REQUEST_TIMEOUT_MS,
        } as const)
      : ({
          kind: 'pglite',
          dataDir: path.resolve(e.DATA_DIR, 'db'),
          // Read by PostgreSQL's pool only (db/client.ts): the embedded database has no connection to wait for.
          requestTimeoutMs: e.DATABASE_REQUEST_TIMEOUT_MS,
        } as const),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !production,
    mail: {
      from: e.MAIL_FROM,
      smtpUrl: e.SMTP_URL,
      devMailbox: e.DEV_MAILBOX ?? (!e.SMTP_URL && !production),
    },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? ({
            driver: 's3',
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          } as const)
        : ({ driver: 'local', dir: path.resolve(e.STORAGE_DIR ?? path.join(e.DATA_DIR, 'files')) } as const),
    timeZone: e.TIME_ZONE,
    digestHour: e.DIGEST_HOUR,
    encryptionKey: Buffer.from(e.ENCRYPTION_KEY ?? developmentEncryptionKey, 'base64'),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    signInRateLimit: {
      perAccount: e.LOGIN_RATE_LIMIT_PER_ACCOUNT,
      perAddress: e.LOGIN_RATE_LIMIT_PER_ADDRESS,
      /** Without Redis the counters live in this process: each instance counts on its own. */
      redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    },
    payments: paymentSettings(e, production),
    /** Unfinished purchase-order checkouts: their hold and the reminder before it ends (core/hold-notices.ts). */
    purchaseOrderHold: {
      days: e.PURCHASE_ORDER_HOLD_DAYS,
      reminderMs: e.PURCHASE_ORDER_REMINDER_DAYS * 24 * 3600_000,
    },
    /** Days overdue at which invoices are reminded of, once each (features/admin-invoices/reminders.ts). */
    invoiceReminderDays: e.INVOICE_REMINDER_DAYS === 'none' ? [] : (parseReminderDays(e.INVOICE_REMINDER_DAYS) ?? []),
    /** The REST functions of events.md §7 (features/provider-functions): null switches them off. */
    functionsApiKey: e.FUNCTIONS_API_KEY ?? (production ? null : developmentFunctionsApiKey),
    /** The Prometheus scraper's bearer token for GET /metrics; without one there is no /metrics. */
    metricsToken: e.METRICS_TOKEN ?? null,
    webhooks: {
      secretOverlapMs: e.WEBHOOK_SECRET_OVERLAP_HOURS * 3600_000,
      attemptRetentionMs: e.WEBHOOK_ATTEMPT_RETENTION_DAYS * 24 * 3600_000,
    },
    /** Where OpenTelemetry traces go (platform/tracing.ts); null: tracing is off and its packages never load. */
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : null,
    /** How long a stop (SIGTERM) may wait for requests and the running job before the process exits anyway. */
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    /** Who sells: printed at the head of every money document (core/receipt-pdf.ts moneySheet). */
    seller: sellerIdentity(e),
    /** Days a quote stays valid from its making. */
    quoteValidDays: e.QUOTE_VALID_DAYS,
    webDist: path.join(repoRoot, 'apps/web/dist'),
  };
}
