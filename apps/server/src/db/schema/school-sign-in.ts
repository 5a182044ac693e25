import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A school's own sign-in (OpenID Connect: Google Workspace, Microsoft Entra ID, Clever, ClassLink…)
 * that staff added. The client secret is kept encrypted with ENCRYPTION_KEY (platform/crypto.ts) and
 * never read back to a screen (docs/decisions/0191-sign-in-with-the-schools-account.md).
 */
export const signInProviders = pgTable('sign_in_providers', {
  id: id(),
  name: text('name').notNull(),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted'),
  enabled: boolean('enabled').notNull().default(true),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The email domains a provider serves: one provider per domain, so a sign-in never has two answers. */
export const signInProviderDomains = pgTable(
  'sign_in_provider_domains',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => signInProviders.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** The school requires its own sign-in: addresses at this domain have no password sign-in. */
    required: boolean('required').notNull().default(false),
  },
  (t) => [
    uniqueIndex('sign_in_provider_domains_domain').on(t.domain),
    index('sign_in_provider_domains_provider').on(t.providerId),
  ],
);

/**
 * One sign-in on its way through the school's provider: the PKCE verifier, the state and the nonce
 * the answer must match. Used once (used_at), and only for a few minutes.
 */
export const schoolSignInAttempts = pgTable(
  'school_sign_in_attempts',
  {
    state: text('state').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => signInProviders.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('school_sign_in_attempts_created').on(t.createdAt)],
);

/** Who a provider's account is here: its subject, bound to one portal account at the first sign-in. */
export const userSignInIdentities = pgTable(
  'user_sign_in_identities',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => signInProviders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.subject] }), index('user_sign_in_identities_user').on(t.userId)],
);
