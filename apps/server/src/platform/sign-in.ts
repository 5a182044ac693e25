import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { Executor } from '../db/client.ts';
import { createSession, findSession, type RequestAuth } from './sessions.ts';

export interface Client {
  ip: string;
  userAgent?: string;
}

export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export interface SignedIn {
  secret: string;
  expiresAt: Date;
  auth: RequestAuth;
}

/** Opens a session for a user (as staff viewing as them when impersonatorId is given). */
export async function signIn(
  deps: AppDeps,
  userId: string,
  client: Client,
  impersonatorId: string | null = null,
  db: Executor = deps.db,
): Promise<SignedIn> {
  const { secret, expiresAt } = await createSession(db, deps.clock, deps.config.sessionTtlMs, {
    userId,
    impersonatorId,
    ...client,
  });
  const auth = await findSession(db, deps.clock, secret);
  if (!auth) throw new Error('the new session could not be read back');
  return { secret, expiresAt, auth };
}
