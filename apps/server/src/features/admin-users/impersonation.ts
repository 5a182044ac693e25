import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../platform/audit.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { issueOneTimeToken } from '../../platform/one-time-tokens.ts';
import { revokeSession, type RequestAuth } from '../../platform/sessions.ts';
import { signIn, type Client, type SignedIn } from '../../platform/sign-in.ts';

async function findMember(deps: AppDeps, staff: RequestAuth, userId: string) {
  // Staff are never viewed as, oneself included: said first so the refusal names the real reason.
  if (userId === staff.user.id) throw forbidden('You cannot view as yourself.');
  const [user] = await deps.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('No such user.');
  if (user.role === 'STAFF') throw forbidden('Staff accounts cannot be viewed as.');
  return user;
}

export async function startImpersonation(
  deps: AppDeps,
  staff: RequestAuth,
  userId: string,
  client: Client,
): Promise<SignedIn> {
  const target = await findMember(deps, staff, userId);
  return deps.db.transaction(async (tx) => {
    // The staff member's own session ends: the browser now holds only the impersonation session.
    await revokeSession(tx, deps.clock, staff.sessionId);
    await audit(tx, {
      actorId: staff.user.id,
      action: 'impersonation.start',
      subjectType: 'user',
      subjectId: target.id,
    });
    return signIn(deps, target.id, client, staff.user.id, tx);
  });
}

/** A link that signs the user in once: /members?token=… */
export async function issueSignInLink(deps: AppDeps, staff: RequestAuth, userId: string): Promise<string> {
  const target = await findMember(deps, staff, userId);
  return deps.db.transaction(async (tx) => {
    const secret = await issueOneTimeToken(tx, 'SIGN_IN', target.id, deps.clock(), staff.user.id);
    await audit(tx, {
      actorId: staff.user.id,
      action: 'auth.sign-in-link-issued',
      subjectType: 'user',
      subjectId: target.id,
    });
    return `${deps.config.publicUrl}/members?token=${secret}`;
  });
}
