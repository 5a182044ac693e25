import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';
import type { RequestAuth } from './sessions.ts';

/**
 * Who may call a route. Every /api route declares one in `config.access`; a route without one is
 * refused (and fails the route-access test). Object-level rules (member of organization X, owner of
 * application Y) are checked again in the service against the ids in the URL.
 */
export type Access = 'public' | 'signedIn' | 'staff';

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
