/**
 * Production as it starts with only what it requires (an encryption key, the seller's identity) and nothing of the
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
  SELLER_LEGAL_NAME: 'Provider Learning, Inc.',
  SELLER_ADDRESS: '1 Test Way | Albany, NY 12207',
  SELLER_TAX_ID: '12-3456789',
  SELLER_REMITTANCE: 'Checks to Provider Learning, Inc. | ACH routing 011000015, account 123456789',
};
