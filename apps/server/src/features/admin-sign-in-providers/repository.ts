import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { signInProviderDomains, signInProviders, userSignInIdentities } from '../../db/schema/school-sign-in.ts';

export type ProviderFields = Pick<
  typeof signInProviders.$inferInsert,
  'name' | 'issuerUrl' | 'clientId' | 'enabled' | 'clientSecretEncrypted' | 'createdById'
>;

/** A page of providers by name, with how many people have signed in through each. */
export async function providerPage(db: Executor, page: number, pageSize: number) {
  const rows = await db
    .select({
      id: signInProviders.id,
      name: signInProviders.name,
      issuerUrl: signInProviders.issuerUrl,
      clientId: signInProviders.clientId,
      enabled: signInProviders.enabled,
      hasSecret: sql<boolean>`${signInProviders.clientSecretEncrypted} is not null`,
      updatedAt: sql<string>`${signInProviders.updatedAt}::text`,
      signIns: sql<number>`(select count(*)::int from ${userSignInIdentities} where ${userSignInIdentities.providerId} = ${signInProviders.id})`,
    })
    .from(signInProviders)
    .orderBy(asc(signInProviders.name), asc(signInProviders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ total: count() }).from(signInProviders);
  return { rows, total: total?.total ?? 0 };
}

/** The domains of the listed providers, one query for the page. */
export async function domainsOfProviders(db: Executor, providerIds: string[]) {
  if (providerIds.length === 0) return [];
  return db
    .select({
      providerId: signInProviderDomains.providerId,
      domain: signInProviderDomains.domain,
      required: signInProviderDomains.required,
    })
    .from(signInProviderDomains)
    .where(inArray(signInProviderDomains.providerId, providerIds))
    .orderBy(asc(signInProviderDomains.domain));
}

export async function insertProvider(db: Executor, fields: ProviderFields) {
  const [row] = await db.insert(signInProviders).values(fields).returning({ id: signInProviders.id });
  if (!row) throw new Error('the sign-in provider was not written');
  return row.id;
}

/** Changes a provider; false when there is none with that id. */
export async function updateProvider(db: Executor, id: string, fields: Partial<ProviderFields>): Promise<boolean> {
  const updated = await db
    .update(signInProviders)
    .set(fields)
    .where(eq(signInProviders.id, id))
    .returning({ id: signInProviders.id });
  return updated.length === 1;
}

/** The domains another provider serves already, of those asked for. */
export async function domainsServedElsewhere(db: Executor, providerId: string | null, domains: string[]) {
  const rows = await db
    .select({ domain: signInProviderDomains.domain, providerId: signInProviderDomains.providerId })
    .from(signInProviderDomains)
    .where(inArray(signInProviderDomains.domain, domains));
  return rows.filter((row) => row.providerId !== providerId).map((row) => row.domain);
}

export async function replaceDomains(
  db: Executor,
  providerId: string,
  domains: readonly { domain: string; required: boolean }[],
): Promise<void> {
  await db.delete(signInProviderDomains).where(eq(signInProviderDomains.providerId, providerId));
  await db.insert(signInProviderDomains).values(domains.map((domain) => ({ providerId, ...domain })));
}
