import { eq, sql } from 'drizzle-orm';
import { authMessages } from '@portal/domain/auth.ts';
import type { AppDeps } from '../../app-deps.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, HttpProblem } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { consumeOneTimeToken, issueOneTimeToken } from '../../platform/one-time-tokens.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { revokeSession, revokeUserSessions, type RequestAuth } from '../../platform/sessions.ts';
import { signIn, type Client, type SignedIn } from '../../platform/sign-in.ts';

async function findUserByEmail(deps: AppDeps, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

export async function login(deps: AppDeps, email: string, password: string, client: Client): Promise<SignedIn> {
  const user = await findUserByEmail(deps, email);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw new HttpProblem(401, 'Unauthorized', authMessages.badCredentials);
  return signIn(deps, user.id, client);
}

export async function logout(deps: AppDeps, auth: RequestAuth): Promise<void> {
  await revokeSession(deps.db, deps.clock, auth.sessionId);
}

export async function signInWithToken(deps: AppDeps, token: string, client: Client): Promise<SignedIn> {
  return deps.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, 'SIGN_IN', token, deps.clock());
    if (!userId) throw new HttpProblem(401, 'Unauthorized', authMessages.tokenInvalid);
    await audit(tx, { actorId: userId, action: 'auth.token-sign-in', subjectType: 'user', subjectId: userId });
    return signIn(deps, userId, client, null, tx);
  });
}

/** Always answers the same, so the form does not tell who has an account. */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps, email);
  if (!user) return;
  await deps.db.transaction(async (tx) => {
    const secret = await issueOneTimeToken(tx, 'PASSWORD_RESET', user.id, deps.clock());
    const link = `${deps.config.publicUrl}/auth/reset-password?token=${secret}`;
    await queueMail(tx, {
      to: user.email,
      subject: 'Reset your password',
      text: [
        `Hello ${user.firstName},`,
        '',
        'Someone asked to reset the password of your Members Portal account. To choose a new password, open this link within one hour:',
        '',
        link,
        '',
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ].join('\n'),
    });
  });
}

export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, 'PASSWORD_RESET', token, deps.clock());
    if (!userId) throw badRequest(authMessages.resetTokenInvalid);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeUserSessions(tx, deps.clock, userId);
    await audit(tx, { actorId: userId, action: 'auth.password-reset', subjectType: 'user', subjectId: userId });
  });
}

/** Ends the impersonation session itself: the staff member signs in again as themselves. */
export async function clearImpersonation(deps: AppDeps, auth: RequestAuth): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, deps.clock, auth.sessionId);
    if (auth.impersonator) {
      await audit(tx, {
        actorId: auth.impersonator.id,
        impersonatorId: auth.impersonator.id,
        action: 'impersonation.end',
        subjectType: 'user',
        subjectId: auth.user.id,
      });
    }
  });
}
