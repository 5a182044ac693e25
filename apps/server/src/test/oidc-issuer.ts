import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A school's OpenID provider on this machine (oidc-provider), standing in for Google Workspace,
 * Entra ID or Clever in the server tests and the journeys. Its sign-in page asks only for an email:
 * any address signs in, verified unless it starts with "unverified".
 */

export interface IssuerClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface LocalIssuer {
  url: string;
  close(): Promise<void>;
}

type Stored = Record<string, unknown> & { uid?: string; grantId?: string; userCode?: string; consumed?: number };

/** The provider's artifacts (sessions, codes, grants) in memory: this provider lives as long as one test run. */
function memoryAdapter(store: Map<string, Stored>) {
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Stored) {
      store.set(this.key(id), payload);
    }
    async find(id: string) {
      return store.get(this.key(id));
    }
    async findByUid(uid: string) {
      return [...store.entries()].find(([key, value]) => key.startsWith(`${this.model}:`) && value.uid === uid)?.[1];
    }
    async findByUserCode(userCode: string) {
      return [...store.values()].find((value) => value.userCode === userCode);
    }
    async consume(id: string) {
      const stored = store.get(this.key(id));
      if (stored) stored.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, value] of store) if (value.grantId === grantId) store.delete(key);
    }
  };
}

const subjectOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1>${body}</main></body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the provider on a free loopback port (or `port`); the clients it knows are given here. */
export async function startLocalIssuer(clients: IssuerClient[], port = 0): Promise<LocalIssuer> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: 'local' };
  // Listening first: the provider's issuer URL names the port the system gave.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = new Provider(url, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    adapter: memoryAdapter(new Map()),
    jwks: { keys: [jwk] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    cookies: { keys: ['local-issuer-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          const [local = ''] = id.split('@');
          return {
            sub: subjectOf(id),
            email: id,
            email_verified: !local.startsWith('unverified'),
            given_name: 'School',
            family_name: 'Account',
          };
        },
      };
    },
  });
  issuer.use(async (ctx, next) => {
    const match = /^\/interaction\/([^/]+)$/.exec(ctx.path);
    if (!match) {
      await next();
      return;
    }
    if (ctx.method === 'GET') {
      await issuer.interactionDetails(ctx.req, ctx.res);
      ctx.type = 'html';
      ctx.body = page(
        'School sign-in',
        `<form method="post" action="/interaction/${escapeHtml(match[1] ?? '')}">
<p><label for="email">School email</label><br><input id="email" name="email" type="email" required autocomplete="email"></p>
<p><button type="submit">Continue</button></p></form>`,
      );
      return;
    }
    const details = await issuer.interactionDetails(ctx.req, ctx.res);
    const email = ((await readForm(ctx.req)).get('email') ?? '').trim().toLowerCase();
    const clientId = String(details.params.client_id);
    const grant = new issuer.Grant({ accountId: email, clientId });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await issuer.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId: email }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  });
  const handle = issuer.callback();
  server.on('request', (request, response) => void handle(request, response));
  return {
    url,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Set-Cookie headers folded into one Cookie header, as a browser would send them back to the same host. */
function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/**
 * Walks the provider's pages as a browser would, signing in as `email`, and answers the address it
 * finally sends the browser back to (the portal's callback with its code and state).
 */
export async function signInAtIssuer(authorizationUrl: string, email: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let next = new URL(authorizationUrl);
  const issuerOrigin = next.origin;
  for (let step = 0; step < 10; step += 1) {
    if (next.origin !== issuerOrigin) return next;
    const isForm = /^\/interaction\/[^/]+$/.test(next.pathname);
    const response = await fetch(next, {
      method: isForm ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookie(),
        ...(isForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: isForm ? new URLSearchParams({ email }).toString() : undefined,
    });
    keepCookies(jar, response);
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the issuer answered ${response.status} at ${next.pathname}: ${await response.text()}`);
    next = new URL(location, next);
  }
  throw new Error('the issuer sent the browser round more than ten times');
}
