import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { executeStatic, staticStatement } from '../db/prepared.ts';
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

export async function createSession(
  db: Executor,
  clock: Clock,
  ttlMs: number,
  input: NewSession,
): Promise<{ secret: string; expiresAt: Date }> {
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

interface SessionRow {
  sessionId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: RequestAuth['user']['role'];
  toolKitAccess: boolean;
  schoolLeaderAccess: boolean;
  impersonatorId: string | null;
  impersonatorFirstName: string | null;
  impersonatorLastName: string | null;
}

/**
 * Every request asks this, so its SQL is built once, when the module loads, and its row is taken
 * as PostgreSQL answers it rather than mapped by drizzle (building the SQL cost more CPU than
 * PostgreSQL answering it; mapping the row, a few percent of a small read's).
 */
const sessionLookup = staticStatement(
  'session_lookup',
  sql`select s.id as "sessionId", u.id as "userId", u.email, u.first_name as "firstName", u.last_name as "lastName", u.role,
      u.tool_kit_access as "toolKitAccess", u.school_leader_access as "schoolLeaderAccess", i.id as "impersonatorId",
      i.first_name as "impersonatorFirstName", i.last_name as "impersonatorLastName"
    from ${sessions} s
    join ${users} u on u.id = s.user_id
    left join ${users} i on i.id = s.impersonator_id
    where s.token_hash = ${sql.placeholder('tokenHash')} and s.revoked_at is null and s.expires_at > ${sql.placeholder('now')}`,
);

/** One query: the live session behind a cookie, its user and the staff member viewing as them. */
export async function findSession(db: Executor, clock: Clock, secret: string): Promise<RequestAuth | null> {
  const [row] = await executeStatic<SessionRow>(db, sessionLookup, { tokenHash: hashSecret(secret), now: clock() });
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    user: {
      id: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      toolKitAccess: row.toolKitAccess,
      schoolLeaderAccess: row.schoolLeaderAccess,
    },
    impersonator:
      row.impersonatorId && row.impersonatorFirstName !== null && row.impersonatorLastName !== null
        ? { id: row.impersonatorId, firstName: row.impersonatorFirstName, lastName: row.impersonatorLastName }
        : null,
  };
}

export async function revokeSession(db: Executor, clock: Clock, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (password reset, email change). */
export async function revokeUserSessions(db: Executor, clock: Clock, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock() })
    .where(
      and(sql`(${sessions.userId} = ${userId} or ${sessions.impersonatorId} = ${userId})`, isNull(sessions.revokedAt)),
    );
}
