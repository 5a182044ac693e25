import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden, unauthorized } from './errors.ts';
import type { RequestAuth } from './sessions.ts';

/**
 * Who may call a route. Every /api route declares one in `config.access`; a route without one is
 * refused (and fails the route-access test). Object-level rules (member of organization X, owner of
 * application Y) are checked again in the service against the ids in the URL. 'apiKey' routes serve
 * the provider's other systems: no session is read, the key and the request-source header are.
 */
export type Access = 'public' | 'signedIn' | 'staff' | 'apiKey';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function requireAccess(access: Access | undefined, auth: RequestAuth | null): void {
  if (access === 'public') return;
  if (!auth) throw unauthorized();
  if (access === 'signedIn') return;
  // Staff powers belong to the staff member's own session, never to a session viewing as someone.
  if (access === 'staff' && auth.user.role === 'STAFF' && !auth.impersonator) return;
  throw forbidden();
}

/** The signed-in caller of a route whose access rule guarantees one. */
export function caller(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const apiKeyHeader = 'x-api-key';
export const requestSourceHeader = 'request-source';
export const requestSource = 'pubweb';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A server-to-server call: the configured key (compared in constant time) and request-source: pubweb. */
export function requireApiKey(request: FastifyRequest, key: string | null): void {
  const sent = request.headers[apiKeyHeader];
  if (!key || typeof sent !== 'string' || !timingSafeEqual(digest(sent), digest(key)))
    throw unauthorized('A valid API key is required.');
  if (request.headers[requestSourceHeader] !== requestSource)
    throw badRequest(`The ${requestSourceHeader} header must be ${requestSource}.`);
}
