import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { sessions, users } from '../db/schema/users.ts';
import type { Clock } from './clock.ts';
import { hashSecret, newSecret } from './tokens.ts';

export const sessionCookie = 'portal_session';

export interface RequestAuth {
  sessionId: string;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    role: 'MEMBER' | 'STAFF';
    toolKitAccess: boolean;
    schoolLeaderAccess: boolean;
  };
  impersonator: { id: string; firstName: string; lastName: string } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export interface NewSession {
  userId: string;
  impersonatorId?: string | null;
  ip?: string;
  userAgent?: string;
}

export async function createSession(db: Executor, clock: Clock, ttlMs: number, input: NewSession): Promise<{ secret: string; expiresAt: Date }> {
  const { secret, hash } = newSecret();
  const expiresAt = new Date(clock().getTime() + ttlMs);
  await db.insert(sessions).values({
    tokenHash: hash,
    userId: input.userId,
    impersonatorId: input.impersonatorId ?? null,
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { secret, expiresAt };
}

const impersonators = alias(users, 'impersonators');

function sessionLookup(db: Executor) {
  return db
    .select({
      sessionId: sessions.id,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        toolKitAccess: users.toolKitAccess,
        schoolLeaderAccess: users.schoolLeaderAccess,
      },
      impersonatorId: impersonators.id,
      impersonatorFirstName: impersonators.firstName,
      impersonatorLastName: impersonators.lastName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('find_session');
}

/**
 * Every request asks this, so its SQL is built once per database handle rather than by drizzle on
 * each call (building it cost more CPU than PostgreSQL answering it).
 */
const sessionLookups = new WeakMap<Executor, ReturnType<typeof sessionLookup>>();

/** One query: the live session behind a cookie, its user and the staff member viewing as them. */
export async function findSession(db: Executor, clock: Clock, secret: string): Promise<RequestAuth | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = sessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash: hashSecret(secret), now: clock() });
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    user: row.user,
    impersonator:
      row.impersonatorId && row.impersonatorFirstName !== null && row.impersonatorLastName !== null
        ? { id: row.impersonatorId, firstName: row.impersonatorFirstName, lastName: row.impersonatorLastName }
        : null,
  };
}

export async function revokeSession(db: Executor, clock: Clock, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: clock() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (password reset, email change). */
export async function revokeUserSessions(db: Executor, clock: Clock, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock() })
    .where(and(sql`(${sessions.userId} = ${userId} or ${sessions.impersonatorId} = ${userId})`, isNull(sessions.revokedAt)));
}
