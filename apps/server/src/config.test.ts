import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { productionEnvironment } from './test/production-environment.ts';

describe('configuration', () => {
  it('defaults to the embedded database, the dev mailbox and insecure cookies on http', () => {
    const config = loadConfig({
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      NODE_ENV: 'development',
      PUBLIC_URL: undefined,
      PORT: '3000',
    });
    expect(config.database.kind).toBe('pglite');
    expect(config.mail.devMailbox).toBe(true);
    expect(config.secureCookies).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('switches to PostgreSQL, SMTP and secure cookies when configured', () => {
    const config = loadConfig({
      ...productionEnvironment,
      DATABASE_URL: 'postgres://db.example/portal',
      SMTP_URL: 'smtp://mail.example',
      PUBLIC_URL: 'https://portal.example/',
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://db.example/portal',
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 15_000,
      requestTimeoutMs: 15_000,
    });
    expect(config.mail.devMailbox).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.secureCookies).toBe(true);
    expect(config.publicUrl).toBe('https://portal.example');
  });

  it('names each invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: undefined })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: undefined })).toThrow(/ENCRYPTION_KEY/);
  });

  it('chooses the payment provider: demo by default, Stripe when its key is set, and checks what each needs', () => {
    const base = {
      PAYMENT_PROVIDER: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      DEMO_PAYMENT_SECRET: undefined,
    };
    expect(loadConfig(base).payments).toMatchObject({ provider: 'demo', demoSecret: expect.any(String) });
    expect(
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).payments.provider,
    ).toBe('stripe');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      loadConfig({ ...base, PAYMENT_PROVIDER: 'cashnet', CASHNET_VERIFY_URL: 'https://pay.example/verify' }),
    ).toThrow(/CASHNET_CHECKOUT_URL/);
    expect(() => loadConfig({ ...base, DEMO_PAYMENT_SECRET: 'short' })).toThrow(/DEMO_PAYMENT_SECRET/);
  });

  it("reads the seller's address and remittance lines, and names a made-up seller only outside production", () => {
    expect(loadConfig(productionEnvironment).seller).toEqual({
      legalName: 'Provider Learning, Inc.',
      address: ['1 Test Way', 'Albany, NY 12207'],
      taxId: '12-3456789',
      remittance: ['Checks to Provider Learning, Inc.', 'ACH routing 011000015, account 123456789'],
    });
    expect(loadConfig({ NODE_ENV: 'development', SELLER_LEGAL_NAME: undefined }).seller.legalName).toBe(
      'Demo Professional Learning Provider, Inc.',
    );
  });

  it('takes no card provider, no mailbox and no demo seed in production unless configured', () => {
    const config = loadConfig(productionEnvironment);
    expect(config.payments.provider).toBeNull();
    expect(config.mail.devMailbox).toBe(false);
    expect(config.seedDemo).toBe(false);
  });

  it.each([
    ['PAYMENT_PROVIDER', 'demo', /PAYMENT_PROVIDER: demo is refused in production/],
    ['DEV_MAILBOX', 'true', /DEV_MAILBOX: refused in production/],
    ['SEED_DEMO', 'true', /SEED_DEMO: refused in production/],
    ['ENCRYPTION_KEY', undefined, /ENCRYPTION_KEY: required in production/],
    ['SELLER_LEGAL_NAME', undefined, /SELLER_LEGAL_NAME: required in production/],
    ['SELLER_ADDRESS', undefined, /SELLER_ADDRESS: required in production/],
    ['SELLER_TAX_ID', undefined, /SELLER_TAX_ID: required in production/],
    ['SELLER_REMITTANCE', undefined, /SELLER_REMITTANCE: required in production/],
  ])('refuses %s=%s in production with a configuration error', (name, value, message) => {
    expect(() => loadConfig({ ...productionEnvironment, [name]: value })).toThrow(message);
    expect(() => loadConfig({ ...productionEnvironment, [name]: value })).toThrow(/^Invalid configuration:\n {2}/);
  });

  it('names every refused development part at once', () => {
    expect(() =>
      loadConfig({ ...productionEnvironment, PAYMENT_PROVIDER: 'demo', DEV_MAILBOX: 'true', SEED_DEMO: 'true' }),
    ).toThrow(/PAYMENT_PROVIDER[^]*DEV_MAILBOX[^]*SEED_DEMO/);
  });

  it('keeps the development parts outside production, and the switches off there too', () => {
    const development = { ...productionEnvironment, NODE_ENV: 'development' };
    expect(
      loadConfig({ ...development, PAYMENT_PROVIDER: 'demo', DEV_MAILBOX: 'true', SEED_DEMO: 'true' }),
    ).toMatchObject({
      payments: { provider: 'demo' },
      mail: { devMailbox: true },
      seedDemo: true,
    });
    expect(loadConfig({ ...productionEnvironment, DEV_MAILBOX: 'false', SEED_DEMO: 'false' })).toMatchObject({
      mail: { devMailbox: false },
      seedDemo: false,
    });
  });

  it('listens on the loopback interface unless HOST is set', () => {
    expect(loadConfig({ HOST: undefined }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('limits sign-in per account and per address, in memory unless REDIS_URL is set', () => {
    const unset = {
      LOGIN_RATE_LIMIT_PER_ACCOUNT: undefined,
      LOGIN_RATE_LIMIT_PER_ADDRESS: undefined,
      REDIS_URL: undefined,
      REDIS_KEY_PREFIX: undefined,
    };
    expect(loadConfig(unset).signInRateLimit).toEqual({ perAccount: 10, perAddress: 50, redis: null });
    expect(
      loadConfig({
        ...unset,
        LOGIN_RATE_LIMIT_PER_ACCOUNT: '3',
        LOGIN_RATE_LIMIT_PER_ADDRESS: '7',
        REDIS_URL: 'redis://cache.example:6379',
      }).signInRateLimit,
    ).toEqual({ perAccount: 3, perAddress: 7, redis: { url: 'redis://cache.example:6379', keyPrefix: 'portal:' } });
    expect(() => loadConfig({ ...unset, LOGIN_RATE_LIMIT_PER_ACCOUNT: '0' })).toThrow(/LOGIN_RATE_LIMIT_PER_ACCOUNT/);
  });

  it('traces only with OTEL_EXPORTER_OTLP_ENDPOINT, as service "portal" unless OTEL_SERVICE_NAME says otherwise', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined }).tracing).toBeNull();
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: undefined }).tracing,
    ).toEqual({ endpoint: 'http://collector:4318', serviceName: 'portal' });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow('OTEL_EXPORTER_OTLP_ENDPOINT');
  });

  it('keeps a rotated webhook secret signing 24 hours and the attempt log 30 days unless told otherwise', () => {
    const defaults = loadConfig({ WEBHOOK_SECRET_OVERLAP_HOURS: undefined, WEBHOOK_ATTEMPT_RETENTION_DAYS: undefined });
    expect(defaults.webhooks).toEqual({ secretOverlapMs: 24 * 3600_000, attemptRetentionMs: 30 * 24 * 3600_000 });
    const set = loadConfig({ WEBHOOK_SECRET_OVERLAP_HOURS: '0', WEBHOOK_ATTEMPT_RETENTION_DAYS: '7' });
    expect(set.webhooks).toEqual({ secretOverlapMs: 0, attemptRetentionMs: 7 * 24 * 3600_000 });
    expect(() => loadConfig({ WEBHOOK_ATTEMPT_RETENTION_DAYS: '0' })).toThrow('WEBHOOK_ATTEMPT_RETENTION_DAYS');
  });

  it('holds an unfinished purchase-order checkout 7 days and reminds 2 days before, unless told otherwise', () => {
    const defaults = loadConfig({ PURCHASE_ORDER_HOLD_DAYS: undefined, PURCHASE_ORDER_REMINDER_DAYS: undefined });
    expect(defaults.purchaseOrderHold).toEqual({ days: 7, reminderMs: 2 * 24 * 3600_000 });
    const set = loadConfig({ PURCHASE_ORDER_HOLD_DAYS: '14', PURCHASE_ORDER_REMINDER_DAYS: '0' });
    expect(set.purchaseOrderHold).toEqual({ days: 14, reminderMs: 0 });
    expect(() => loadConfig({ PURCHASE_ORDER_HOLD_DAYS: '0' })).toThrow('PURCHASE_ORDER_HOLD_DAYS');
    expect(() => loadConfig({ PURCHASE_ORDER_HOLD_DAYS: '3', PURCHASE_ORDER_REMINDER_DAYS: '3' })).toThrow(
      'PURCHASE_ORDER_REMINDER_DAYS: must be fewer than PURCHASE_ORDER_HOLD_DAYS',
    );
  });
});
