import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolSignInMessages } from '@portal/domain/people/school-sign-in.ts';
import { invitations, organizationMemberships } from '../../db/schema/organizations.ts';
import { signInProviders, userSignInIdentities } from '../../db/schema/school-sign-in.ts';
import { users } from '../../db/schema/users.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { createOrganization, createUser, testPassword } from '../../test/factories.ts';
import { call, sessionCookieOf, useTestApp, type Caller } from '../../test/harness.ts';
import { signInAtIssuer, startLocalIssuer, type LocalIssuer } from '../../test/oidc-issuer.ts';
import { productionEnvironment } from '../../test/production-environment.ts';
import { callbackPath } from './school-sign-in.ts';

const t = useTestApp();
const client = { clientId: 'portal', clientSecret: 'portal-secret-for-tests' };
let issuer: LocalIssuer;
let staff: Caller;

beforeAll(async () => {
  issuer = await startLocalIssuer([{ ...client, redirectUri: `${t.deps.config.publicUrl}${callbackPath}` }]);
  staff = (await signedInUser(t, 'STAFF')).caller;
});
afterAll(() => issuer.close());

/** A domain of this test's own, so the unique domain index never meets another test's. */
const freshDomain = () => `school-${randomUUID().slice(0, 8)}.test`;

async function addProvider(domains: { domain: string; required: boolean }[], fields: Record<string, unknown> = {}) {
  const response = await call(t.app, 'POST', '/api/admin/sign-in-providers', {
    caller: staff,
    body: {
      name: 'Riverside Google',
      issuerUrl: issuer.url,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      enabled: true,
      domains,
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The portal's start, the provider's pages as `email`, and the portal's callback: its answer. */
async function signInThrough(providerId: string, email: string) {
  const start = await call(t.app, 'GET', `/api/auth/school/${providerId}/start`);
  expect(start.statusCode).toBe(303);
  const back = await signInAtIssuer(String(start.headers.location), email);
  expect(back.pathname).toBe(callbackPath);
  const answer = await call(t.app, 'GET', `${back.pathname}${back.search}`);
  return { answer, back };
}

async function me(cookie: string) {
  const response = await call(t.app, 'GET', '/api/me', { caller: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<{ id: string; email: string; firstName: string }>();
}

describe('signing in with the school account', () => {
  it('creates the account of a first-time teacher, binds it, and signs her in again as the same person', async () => {
    const domain = freshDomain();
    const providerId = await addProvider([{ domain, required: false }]);
    const email = `tara@${domain}`;

    const first = await signInThrough(providerId, email);
    expect(first.answer.statusCode).toBe(303);
    expect(first.answer.headers.location).toBe('/members/profile');
    const signedIn = await me(sessionCookieOf(first.answer));
    expect(signedIn).toMatchObject({ email, firstName: 'School' });
    const [account] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(account?.passwordHash).toBeNull();

    const again = await signInThrough(providerId, email);
    expect((await me(sessionCookieOf(again.answer))).id).toBe(signedIn.id);
    const identities = await t.deps.db
      .select()
      .from(userSignInIdentities)
      .where(eq(userSignInIdentities.userId, signedIn.id));
    expect(identities).toHaveLength(1);
  });

  it('joins the account that has the same email and accepts the invitation waiting for it', async () => {
    const domain = freshDomain();
    const providerId = await addProvider([{ domain, required: false }]);
    const invitee = await createUser(t.deps.db, { email: `ivy@${domain}`, passwordHash: null });
    const school = await createOrganization(t.deps.db);
    await t.deps.db
      .insert(invitations)
      .values({ kind: 'ORGANIZATION', organizationId: school.id, userId: invitee.id, role: 'MEMBER' });

    const { answer } = await signInThrough(providerId, `IVY@${domain}`);
    expect((await me(sessionCookieOf(answer))).id).toBe(invitee.id);
    const [invitation] = await t.deps.db.select().from(invitations).where(eq(invitations.userId, invitee.id));
    expect(invitation?.status).toBe('ACCEPTED');
    const memberships = await t.deps.db
      .select({ role: organizationMemberships.role })
      .from(organizationMemberships)
      .where(eq(organizationMemberships.userId, invitee.id));
    expect(memberships).toEqual([{ role: 'MEMBER' }]);
  });

  it('refuses an unknown state, a replayed answer and a replayed code, and signs no one in', async () => {
    const domain = freshDomain();
    const providerId = await addProvider([{ domain, required: false }]);
    const made = await call(t.app, 'GET', `${callbackPath}?code=made-up&state=made-up`);
    expect(made.statusCode).toBe(303);
    expect(made.headers.location).toBe('/auth/login?school-sign-in=expired');
    expect(made.headers['set-cookie']).toBeUndefined();

    const { answer, back } = await signInThrough(providerId, `rita@${domain}`);
    expect(answer.headers.location).toBe('/members/profile');
    const replayed = await call(t.app, 'GET', `${back.pathname}${back.search}`);
    expect(replayed.headers.location).toBe('/auth/login?school-sign-in=expired');

    // The used code with the state of a new attempt: the provider refuses the code, the portal says so.
    const start = await call(t.app, 'GET', `/api/auth/school/${providerId}/start`);
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const code = back.searchParams.get('code') ?? '';
    const reused = await call(t.app, 'GET', `${callbackPath}?code=${code}&state=${state}&iss=${issuer.url}`);
    expect(reused.headers.location).toBe('/auth/login?school-sign-in=failed');
    expect(reused.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an address that is not verified, or at a domain the provider does not serve', async () => {
    const domain = freshDomain();
    const providerId = await addProvider([{ domain, required: false }]);
    const unverified = await signInThrough(providerId, `unverified.ula@${domain}`);
    expect(unverified.answer.headers.location).toBe('/auth/login?school-sign-in=unverified');
    const elsewhere = await signInThrough(providerId, `olga@${freshDomain()}`);
    expect(elsewhere.answer.headers.location).toBe('/auth/login?school-sign-in=other-domain');
    const created = await t.deps.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} in (${`unverified.ula@${domain}`}, ${`olga@${domain}`})`);
    expect(created).toEqual([]);
  });

  it('refuses a disabled provider at the start and on the way back', async () => {
    const domain = freshDomain();
    const providerId = await addProvider([{ domain, required: false }]);
    const start = await call(t.app, 'GET', `/api/auth/school/${providerId}/start`);
    const back = await signInAtIssuer(String(start.headers.location), `dora@${domain}`);
    await t.deps.db.update(signInProviders).set({ enabled: false }).where(eq(signInProviders.id, providerId));
    const answer = await call(t.app, 'GET', `${back.pathname}${back.search}`);
    expect(answer.headers.location).toBe('/auth/login?school-sign-in=disabled');
    const again = await call(t.app, 'GET', `/api/auth/school/${providerId}/start`);
    expect(again.statusCode).toBe(404);
    const listed = await call(t.app, 'GET', '/api/auth/school/providers');
    expect(listed.json<{ providers: { id: string }[] }>().providers.map((item) => item.id)).not.toContain(providerId);
    expect((await call(t.app, 'GET', '/api/auth/school/not-an-id/start')).statusCode).toBe(400);
  });
});

describe('password sign-in where the school requires its own', () => {
  it('is refused at a required domain, pointing to the provider, and kept everywhere else', async () => {
    const required = freshDomain();
    const optional = freshDomain();
    await addProvider(
      [
        { domain: required, required: true },
        { domain: optional, required: false },
      ],
      { name: 'Lakeside Entra ID' },
    );
    for (const email of [`paul@${required}`, `nobody@${required}`]) {
      if (email.startsWith('paul')) await createUser(t.deps.db, { email });
      const refused = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: testPassword } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ detail: string }>().detail).toBe(
        schoolSignInMessages.requiredForDomain('Lakeside Entra ID'),
      );
    }
    const kept = await createUser(t.deps.db, { email: `pia@${optional}` });
    const allowed = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: kept.email, password: testPassword },
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('staff manage the sign-in providers', () => {
  it('keeps the client secret encrypted and never shows it; lists providers with their domains', async () => {
    const domain = freshDomain();
    const providerId = await addProvider([{ domain, required: true }], { name: 'Aardvark ClassLink' });
    const [stored] = await t.deps.db.select().from(signInProviders).where(eq(signInProviders.id, providerId));
    expect(stored?.clientSecretEncrypted).toMatch(/^v1\./);
    expect(stored?.clientSecretEncrypted).not.toContain(client.clientSecret);
    const list = await call(t.app, 'GET', '/api/admin/sign-in-providers?pageSize=100', { caller: staff });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(client.clientSecret);
    const row = list
      .json<{ items: { id: string; hasSecret: boolean; domains: unknown[] }[] }>()
      .items.find((item) => item.id === providerId);
    expect(row).toMatchObject({ hasSecret: true, domains: [{ domain, required: true }] });
  });

  it('edits a provider, keeping the secret when none is typed', async () => {
    const domain = freshDomain();
    const providerId = await addProvider([{ domain, required: false }]);
    const [before] = await t.deps.db.select().from(signInProviders).where(eq(signInProviders.id, providerId));
    const edited = await call(t.app, 'PUT', `/api/admin/sign-in-providers/${providerId}`, {
      caller: staff,
      body: {
        name: 'Riverside Workspace',
        issuerUrl: issuer.url,
        clientId: client.clientId,
        enabled: false,
        domains: [{ domain, required: true }],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [after] = await t.deps.db.select().from(signInProviders).where(eq(signInProviders.id, providerId));
    expect(after).toMatchObject({ name: 'Riverside Workspace', enabled: false });
    expect(after?.clientSecretEncrypted).toBe(before?.clientSecretEncrypted);
  });

  it('refuses a domain another provider serves (409), an unknown provider (404), bad input (400) and a member (403)', async () => {
    const domain = freshDomain();
    await addProvider([{ domain, required: false }]);
    const body = {
      name: 'Second',
      issuerUrl: issuer.url,
      clientId: 'other',
      enabled: true,
      domains: [{ domain, required: false }],
    };
    const taken = await call(t.app, 'POST', '/api/admin/sign-in-providers', { caller: staff, body });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ detail: string }>().detail).toBe(schoolSignInMessages.domainTaken(domain));
    const unknown = await call(t.app, 'PUT', `/api/admin/sign-in-providers/${randomUUID()}`, {
      caller: staff,
      body: { ...body, domains: [{ domain: freshDomain(), required: false }] },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await call(t.app, 'POST', '/api/admin/sign-in-providers', {
      caller: staff,
      body: { ...body, domains: [] },
    });
    expect(bad.statusCode).toBe(400);
    const member = (await signedInUser(t)).caller;
    for (const [method, url] of [
      ['GET', '/api/admin/sign-in-providers'],
      ['POST', '/api/admin/sign-in-providers'],
    ] as const) {
      const refused = await call(t.app, method, url, { caller: member, body: method === 'GET' ? undefined : body });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('in production', () => {
  const production = useTestApp(productionEnvironment);

  it('refuses an issuer that is not https', async () => {
    const productionStaff = (await signedInUser(production, 'STAFF')).caller;
    const refused = await call(production.app, 'POST', '/api/admin/sign-in-providers', {
      caller: productionStaff,
      body: {
        name: 'Plain',
        issuerUrl: 'http://issuer.example.test',
        clientId: 'portal',
        enabled: true,
        domains: [{ domain: freshDomain(), required: false }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toBe(schoolSignInMessages.issuerInsecure);
  });
});
