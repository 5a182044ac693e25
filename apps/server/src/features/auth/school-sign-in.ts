import * as oidc from 'openid-client';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { servesEmail, type SchoolSignInOutcome } from '@portal/domain/people/school-sign-in.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { schoolSignInAttempts, userSignInIdentities } from '../../db/schema/school-sign-in.ts';
import { users } from '../../db/schema/users.ts';
import { acceptSentInvitations } from '../../core/invitations.ts';
import {
  decryptClientSecret,
  domainsOfProvider,
  findSignInProvider,
  type SignInProvider,
} from '../../core/sign-in-providers.ts';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { signIn, type Client, type SignedIn } from '../../platform/sign-in.ts';

/**
 * Sign-in with a school's own account: OpenID Connect's authorization code flow with PKCE, state and
 * nonce, through openid-client, which checks the ID token (signature, issuer, audience, expiry, nonce)
 * (docs/decisions/0191-sign-in-with-the-schools-account.md).
 */

/** How long a sign-in may take at the school's provider before its state is refused. */
const attemptTtlMs = 10 * 60_000;
/** How long a provider's discovered metadata is reused before it is fetched again. */
const discoveryTtlMs = 10 * 60_000;

export const callbackPath = '/api/auth/school/callback';

const discovered = new Map<string, { at: number; configuration: oidc.Configuration }>();

/** Plain http only for a provider on this machine and never in production: the local stand-in the tests start. */
function insecureAllowed(deps: AppDeps, issuerUrl: string): boolean {
  if (deps.config.env === 'production') return false;
  const { protocol, hostname } = new URL(issuerUrl);
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

async function configurationOf(deps: AppDeps, provider: SignInProvider): Promise<oidc.Configuration> {
  const key = `${provider.id}|${provider.issuerUrl}|${provider.clientId}|${provider.clientSecretEncrypted ?? ''}`;
  const cached = discovered.get(key);
  const now = Date.now();
  if (cached && now - cached.at < discoveryTtlMs) return cached.configuration;
  const secret = decryptClientSecret(deps.config.encryptionKey, provider.clientSecretEncrypted);
  const configuration = await oidc.discovery(
    new URL(provider.issuerUrl),
    provider.clientId,
    secret ?? undefined,
    secret ? undefined : oidc.None(),
    insecureAllowed(deps, provider.issuerUrl) ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  discovered.set(key, { at: now, configuration });
  return configuration;
}

const redirectUri = (deps: AppDeps) => `${deps.config.publicUrl}${callbackPath}`;

/** Where the browser goes to sign in at the school: a new attempt, its verifier, state and nonce kept once. */
export async function startSchoolSignIn(deps: AppDeps, providerId: string): Promise<string> {
  const provider = await findSignInProvider(deps.db, providerId);
  if (!provider?.enabled) throw notFound('No such sign-in provider.');
  const configuration = await configurationOf(deps, provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(schoolSignInAttempts)
      .where(lt(schoolSignInAttempts.createdAt, new Date(now.getTime() - 24 * 60 * 60_000)));
    await tx.insert(schoolSignInAttempts).values({ state, providerId, codeVerifier, nonce, createdAt: now });
  });
  return oidc
    .buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri(deps),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

/** Takes the attempt of `state` once, while it is fresh: a replayed or stale state finds nothing. */
async function takeAttempt(db: Executor, state: string, now: Date) {
  const [attempt] = await db
    .update(schoolSignInAttempts)
    .set({ usedAt: now })
    .where(
      and(
        eq(schoolSignInAttempts.state, state),
        isNull(schoolSignInAttempts.usedAt),
        gt(schoolSignInAttempts.createdAt, new Date(now.getTime() - attemptTtlMs)),
      ),
    )
    .returning();
  return attempt;
}

export type SchoolSignInResult =
  { outcome: 'signed-in'; signedIn: SignedIn } | { outcome: Exclude<SchoolSignInOutcome, 'signed-in'> };

interface VerifiedAccount {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

function namesOf(claims: oidc.IDToken, email: string): { firstName: string; lastName: string } {
  const given = typeof claims.given_name === 'string' ? claims.given_name.trim() : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name.trim() : '';
  const [local = 'Member'] = email.split('@');
  return { firstName: given || local, lastName: family || '-' };
}

/**
 * The person of a verified account: the one bound to its subject before, else the account with the
 * same email (one an invitation made included), else a new member. A first sign-in binds the subject.
 */
async function accountOf(tx: Executor, providerId: string, account: VerifiedAccount, now: Date): Promise<string> {
  const [bound] = await tx
    .update(userSignInIdentities)
    .set({ lastSignedInAt: now })
    .where(and(eq(userSignInIdentities.providerId, providerId), eq(userSignInIdentities.subject, account.subject)))
    .returning({ userId: userSignInIdentities.userId });
  if (bound) return bound.userId;
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, account.email));
  let userId = existing?.id;
  if (!userId) {
    const [created] = await tx
      .insert(users)
      .values({ email: account.email, firstName: account.firstName, lastName: account.lastName })
      .returning({ id: users.id });
    if (!created) throw new Error('the account was not created');
    userId = created.id;
    await audit(tx, { actorId: userId, action: 'auth.school-account-created', subjectType: 'user', subjectId: userId });
  }
  await tx
    .insert(userSignInIdentities)
    .values({ providerId, subject: account.subject, userId, createdAt: now, lastSignedInAt: now });
  return userId;
}

/**
 * The school's provider sent the browser back. Every refusal is an outcome the login page explains:
 * an unknown, used or stale state; a code the provider refuses (a replay included) or an ID token the
 * library rejects; an address that is not verified or not at a domain the provider serves.
 */
export async function finishSchoolSignIn(
  deps: AppDeps,
  currentUrl: URL,
  state: string | undefined,
  client: Client,
): Promise<SchoolSignInResult> {
  if (!state) return { outcome: 'expired' };
  const now = deps.clock();
  const attempt = await takeAttempt(deps.db, state, now);
  if (!attempt) return { outcome: 'expired' };
  const provider = await findSignInProvider(deps.db, attempt.providerId);
  if (!provider?.enabled) return { outcome: 'disabled' };
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(await configurationOf(deps, provider), currentUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch {
    return { outcome: 'failed' };
  }
  if (!claims) return { outcome: 'failed' };
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims.email_verified !== true) return { outcome: 'unverified' };
  if (!servesEmail(await domainsOfProvider(deps.db, provider.id), email)) return { outcome: 'other-domain' };
  const account = { subject: claims.sub, email, ...namesOf(claims, email) };
  const signedIn = await deps.db.transaction(async (tx) => {
    const userId = await accountOf(tx, provider.id, account, now);
    await acceptSentInvitations(tx, userId, now);
    await audit(tx, {
      actorId: userId,
      action: 'auth.school-sign-in',
      subjectType: 'user',
      subjectId: userId,
      data: { provider: provider.name },
    });
    return signIn(deps, userId, client, null, tx);
  });
  return { outcome: 'signed-in', signedIn };
}
