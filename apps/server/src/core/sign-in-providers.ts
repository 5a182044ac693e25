import { and, asc, eq } from 'drizzle-orm';
import { emailDomain } from '@portal/domain/people/school-sign-in.ts';
import type { Executor } from '../db/client.ts';
import { signInProviderDomains, signInProviders } from '../db/schema/school-sign-in.ts';
import { decryptField, deriveKey, encryptField } from '../platform/crypto.ts';

/**
 * The schools' own sign-in providers as the login (auth) and the staff console (admin-sign-in-providers)
 * read them: the one owner of their lookups and of how the client secret is kept.
 */

const secretPurpose = 'sign-in-provider-secret';

export function encryptClientSecret(encryptionKey: Buffer, secret: string): string | null {
  return encryptField(deriveKey(encryptionKey, secretPurpose), secret);
}

export function decryptClientSecret(encryptionKey: Buffer, stored: string | null): string | null {
  return decryptField(deriveKey(encryptionKey, secretPurpose), stored);
}

/** The enabled providers, by name, as the login page offers them. */
export async function enabledSignInProviders(db: Executor) {
  return db
    .select({ id: signInProviders.id, name: signInProviders.name })
    .from(signInProviders)
    .where(eq(signInProviders.enabled, true))
    .orderBy(asc(signInProviders.name));
}

/** A provider with what a sign-in through it needs; undefined when there is none with that id. */
export async function findSignInProvider(db: Executor, providerId: string) {
  const [provider] = await db
    .select({
      id: signInProviders.id,
      name: signInProviders.name,
      issuerUrl: signInProviders.issuerUrl,
      clientId: signInProviders.clientId,
      clientSecretEncrypted: signInProviders.clientSecretEncrypted,
      enabled: signInProviders.enabled,
    })
    .from(signInProviders)
    .where(eq(signInProviders.id, providerId));
  return provider;
}
export type SignInProvider = NonNullable<Awaited<ReturnType<typeof findSignInProvider>>>;

/** The domains a provider serves. */
export async function domainsOfProvider(db: Executor, providerId: string) {
  return db
    .select({ domain: signInProviderDomains.domain, required: signInProviderDomains.required })
    .from(signInProviderDomains)
    .where(eq(signInProviderDomains.providerId, providerId))
    .orderBy(asc(signInProviderDomains.domain));
}

/**
 * The enabled provider that requires its own sign-in for the address's domain, if one does: a
 * password sign-in of that address is refused and pointed to it.
 */
export async function providerRequiredFor(db: Executor, email: string) {
  const domain = emailDomain(email);
  if (!domain) return undefined;
  const [provider] = await db
    .select({ id: signInProviders.id, name: signInProviders.name })
    .from(signInProviderDomains)
    .innerJoin(signInProviders, eq(signInProviders.id, signInProviderDomains.providerId))
    .where(
      and(
        eq(signInProviderDomains.domain, domain),
        eq(signInProviderDomains.required, true),
        eq(signInProviders.enabled, true),
      ),
    );
  return provider;
}
