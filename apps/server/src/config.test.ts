import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to the embedded database, the dev mailbox and insecure cookies on http', () => {
    const config = loadConfig({ DATABASE_URL: undefined, SMTP_URL: undefined, NODE_ENV: 'development', PUBLIC_URL: undefined, PORT: '3000' });
    expect(config.database.kind).toBe('pglite');
    expect(config.mail.devMailbox).toBe(true);
    expect(config.secureCookies).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('switches to PostgreSQL, SMTP and secure cookies when configured', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db.example/portal',
      SMTP_URL: 'smtp://mail.example',
      PUBLIC_URL: 'https://portal.example/',
      NODE_ENV: 'production',
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      DEMO_PAYMENT_SECRET: 'a-production-demo-secret',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://db.example/portal' });
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
    const base = { PAYMENT_PROVIDER: undefined, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, DEMO_PAYMENT_SECRET: undefined };
    expect(loadConfig(base).payments).toMatchObject({ provider: 'demo', demoSecret: expect.any(String) });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).payments.provider).toBe('stripe');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'cashnet', CASHNET_VERIFY_URL: 'https://pay.example/verify' })).toThrow(/CASHNET_CHECKOUT_URL/);
    const production = { ...base, NODE_ENV: 'production', ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
    expect(() => loadConfig(production)).toThrow(/DEMO_PAYMENT_SECRET/);
    expect(() => loadConfig({ ...production, DEMO_PAYMENT_SECRET: 'short' })).toThrow(/DEMO_PAYMENT_SECRET/);
  });
});
