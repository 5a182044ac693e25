/**
 * Production as it starts with only what it requires (an encryption key) and nothing of the
 * developer's environment: no card provider, no SMTP, no dev mailbox, no demo seed.
 */
export const productionEnvironment: Partial<Record<string, string>> = {
  NODE_ENV: 'production',
  ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
  PAYMENT_PROVIDER: undefined,
  STRIPE_SECRET_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  DEV_MAILBOX: undefined,
  SEED_DEMO: undefined,
  SMTP_URL: undefined,
};
