import cookie from '@fastify/cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { requireAccess, requireApiKey, type Access } from './access.ts';
import { afterFirstPaintScriptHash } from './first-paint.ts';
import { forbidden } from './errors.ts';
import { rateLimitStore } from './rate-limit.ts';
import { findSession, sessionCookie } from './sessions.ts';

export const csrfHeader = 'x-requested-with';
export const csrfHeaderValue = 'portal';

/** The API documentation pages come from @fastify/swagger-ui, which cannot declare an access rule. */
export const documentationPrefix = '/api/docs';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** A payment provider's server-to-server callback: no browser and no cookie, verified by its own signature instead of the CSRF header. */
    signedCallback?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a cross-site form or image cannot set a custom header, and a cross-site script cannot
 * either without a CORS preflight we never allow. So every mutating API call must carry one, and
 * an Origin, when the browser sends it, must be ours.
 */
function checkCsrf(request: FastifyRequest, publicUrl: string): void {
  if (safeMethods.has(request.method)) return;
  if (request.headers[csrfHeader] !== csrfHeaderValue)
    throw forbidden('Missing request header. Reload the page and try again.');
  const origin = request.headers.origin;
  if (!origin) return;
  const host = request.headers.host;
  const allowed = origin === new URL(publicUrl).origin || (Boolean(host) && hostOf(origin) === host);
  if (!allowed) throw forbidden('Cross-site request refused.');
}

/** The host of an Origin header; null for `null` (sandboxed frames, file: pages) or anything that is not a URL. */
function hostOf(origin: string): string | null {
  return URL.canParse(origin) ? new URL(origin).host : null;
}

/**
 * helmet's response headers for these options, worked out once at start-up: they are the same for
 * every answer, and @fastify/helmet built helmet's middleware (parsing the CSP directives) again on
 * each request, a sixth of a small read's CPU.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error instanceof Error) throw error;
    finished = error === undefined;
  });
  if (!finished) throw new Error('helmet did not finish at once');
  return headers;
}

export async function registerSecurity(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(cookie);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: it starts the scripts of a prerendered page after its first paint.
        // 'wasm-unsafe-eval' lets the attendance scanner compile its own QR reader (WebAssembly served
        // from /assets); it allows no JavaScript eval.
        scriptSrc: ["'self'", afterFirstPaintScriptHash, "'wasm-unsafe-eval'"],
        // Mantine sets style attributes and injects CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", 'https://player.vimeo.com'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: deps.config.secureCookies ? [] : null,
      },
    },
    hsts: deps.config.secureCookies,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(rateLimit, await rateLimitStore(app, deps.config));

  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.registeredRoutes.push({ method, url: route.url, access: route.config?.access });
  });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith(documentationPrefix)) return;
    // Read once: Fastify builds the routeOptions object anew on each read.
    const { config } = request.routeOptions;
    // Server-to-server calls carry no cookie, so neither a session nor CSRF applies: the key does.
    if (config.access === 'apiKey') return requireApiKey(request, deps.config.functionsApiKey);
    if (!config.signedCallback) checkCsrf(request, deps.config.publicUrl);
    const secret = request.cookies[sessionCookie];
    request.auth = secret ? await findSession(deps.db, deps.clock, secret) : null;
    // Every later line of this request names who made it (and the staff member viewing as them).
    if (request.auth)
      request.log = request.log.child({
        userId: request.auth.user.id,
        ...(request.auth.impersonator ? { impersonatorId: request.auth.impersonator.id } : {}),
      });
    // A matched route without an access rule is refused: forgetting one never opens a route.
    if (request.is404) return;
    requireAccess(config.access ?? undefined, request.auth);
  });
}
