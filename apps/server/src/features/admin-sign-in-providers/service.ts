import type { SignInProviderInput, SignInProviderList } from '@portal/domain/people/school-sign-in.ts';
import { schoolSignInMessages } from '@portal/domain/people/school-sign-in.ts';
import type { AppDeps } from '../../app-deps.ts';
import { encryptClientSecret } from '../../core/sign-in-providers.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  domainsOfProviders,
  domainsServedElsewhere,
  insertProvider,
  providerPage,
  replaceDomains,
  updateProvider,
} from './repository.ts';

export async function listSignInProviders(deps: AppDeps, page: number, pageSize: number): Promise<SignInProviderList> {
  const { rows, total } = await providerPage(deps.db, page, pageSize);
  const domains = await domainsOfProviders(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      ...row,
      domains: domains
        .filter((domain) => domain.providerId === row.id)
        .map(({ domain, required }) => ({ domain, required })),
    })),
    total,
    page,
    pageSize,
  };
}

/** In production the portal talks to a school's provider over https only. */
function requireSecureIssuer(deps: AppDeps, issuerUrl: string): void {
  if (deps.config.env === 'production' && !issuerUrl.startsWith('https://'))
    throw badRequest(schoolSignInMessages.issuerInsecure, { issuerUrl: schoolSignInMessages.issuerInsecure });
}

function domainTaken(domain: string) {
  return conflict(schoolSignInMessages.domainTaken(domain), { domains: schoolSignInMessages.domainTaken(domain) });
}

/**
 * Writes the provider and its domains in one transaction. A domain another provider serves is refused
 * before the write and, when two staff race for it, by the unique index.
 */
async function saveProvider(
  deps: AppDeps,
  auth: RequestAuth,
  id: string | null,
  input: SignInProviderInput,
): Promise<{ id: string }> {
  requireSecureIssuer(deps, input.issuerUrl);
  const secret = input.clientSecret?.trim()
    ? encryptClientSecret(deps.config.encryptionKey, input.clientSecret.trim())
    : undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      const domains = input.domains.map((item) => item.domain);
      const [taken] = await domainsServedElsewhere(tx, id, domains);
      if (taken) throw domainTaken(taken);
      const fields = {
        name: input.name,
        issuerUrl: input.issuerUrl,
        clientId: input.clientId,
        enabled: input.enabled,
        ...(secret === undefined ? {} : { clientSecretEncrypted: secret }),
      };
      let providerId = id;
      if (providerId === null) providerId = await insertProvider(tx, { ...fields, createdById: auth.user.id });
      else if (!(await updateProvider(tx, providerId, fields))) throw notFound(schoolSignInMessages.providerNotFound);
      await replaceDomains(tx, providerId, input.domains);
      await audit(tx, {
        ...actorOf(auth),
        action: id === null ? 'sign-in-provider.create' : 'sign-in-provider.update',
        subjectType: 'sign-in-provider',
        subjectId: providerId,
        data: { name: input.name, domains, enabled: input.enabled, secretChanged: secret !== undefined },
      });
      return { id: providerId };
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'sign_in_provider_domains_domain')
      throw domainTaken(input.domains.map((item) => item.domain).join(', '));
    throw error;
  }
}

export const createSignInProvider = (deps: AppDeps, auth: RequestAuth, input: SignInProviderInput) =>
  saveProvider(deps, auth, null, input);

export const editSignInProvider = (deps: AppDeps, auth: RequestAuth, id: string, input: SignInProviderInput) =>
  saveProvider(deps, auth, id, input);
