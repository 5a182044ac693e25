import { eq, sql } from 'drizzle-orm';
import { formatMomentWithZone } from '@portal/domain/dates.ts';
import { authMessages } from '@portal/domain/people/auth.ts';
import { schoolSignInMessages } from '@portal/domain/people/school-sign-in.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, forbidden, HttpProblem } from '../../platform/errors.ts';
import { providerRequiredFor } from '../../core/sign-in-providers.ts';
import { queueMail } from '../../platform/mail.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import {
  consumeOneTimeToken,
  endUserTokens,
  issueOneTimeToken,
  oneTimeTokenTtlMs,
} from '../../platform/one-time-tokens.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { revokeSession, revokeUserSessions, type RequestAuth } from '../../platform/sessions.ts';
import { signIn, type Client, type SignedIn } from '../../platform/sign-in.ts';

async function findSigningInUser(db: Executor, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

export async function login(deps: AppDeps, email: string, password: string, client: Client): Promise<SignedIn> {
  // The rule is the address's domain, not the account: refusing it tells no one whether the account exists.
  const required = await providerRequiredFor(deps.db, email);
  if (required) throw forbidden(schoolSignInMessages.requiredForDomain(required.name));
  const user = await findSigningInUser(deps.db, email);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw new HttpProblem(401, 'Unauthorized', authMessages.badCredentials);
  return signIn(deps, user.id, client);
}

export async function logout(deps: AppDeps, auth: RequestAuth): Promise<void> {
  await revokeSession(deps.db, deps.clock, auth.sessionId);
}

/**
 * A sign-in link. One that staff issued (POST /api/admin/users/{id}/sign-in-link) opens an
 * impersonation by its issuer, exactly as "View as" would: the banner shows, sensitive fields stay
 * masked, staff powers are off and the audit names the staff member. Only a link no one issued
 * opens an ordinary session. An issuer who is no longer staff makes the link invalid.
 */
export async function signInWithToken(deps: AppDeps, token: string, client: Client): Promise<SignedIn> {
  return deps.db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, 'SIGN_IN', token, deps.clock());
    if (!consumed) throw new HttpProblem(401, 'Unauthorized', authMessages.tokenInvalid);
    const { userId, createdById } = consumed;
    if (createdById === null) {
      await audit(tx, { actorId: userId, action: 'auth.token-sign-in', subjectType: 'user', subjectId: userId });
      return signIn(deps, userId, client, null, tx);
    }
    const [issuer] = await tx.select({ role: users.role }).from(users).where(eq(users.id, createdById));
    // Thrown inside the transaction: the token is not spent by a refused use.
    if (issuer?.role !== 'STAFF') throw new HttpProblem(401, 'Unauthorized', authMessages.tokenInvalid);
    await audit(tx, {
      actorId: createdById,
      impersonatorId: createdById,
      action: 'impersonation.start',
      subjectType: 'user',
      subjectId: userId,
      data: { via: 'sign-in-link' },
    });
    return signIn(deps, userId, client, createdById, tx);
  });
}

export const passwordResetJob = 'auth.password-reset';

/**
 * Always answers the same, in the same time: the request does no per-user work at all, it only
 * queues a job; the worker looks the address up and mails a link when an account has it.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  await enqueueJob(deps.db, passwordResetJob, { email: email.trim().toLowerCase() });
}

/** The job behind a forgot-password request: a reset link for the account with that email, if any. */
export function sendPasswordReset(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): JobHandler {
  return async (payload) => {
    const user = typeof payload.email === 'string' ? await findSigningInUser(deps.db, payload.email) : undefined;
    if (!user) return;
    await deps.db.transaction(async (tx) => {
      const now = deps.clock();
      const secret = await issueOneTimeToken(tx, 'PASSWORD_RESET', user.id, now);
      const until = formatMomentWithZone(
        new Date(now.getTime() + oneTimeTokenTtlMs.PASSWORD_RESET),
        deps.config.timeZone,
      );
      const link = `${deps.config.publicUrl}/auth/reset-password?token=${secret}`;
      await queueMail(tx, {
        to: user.email,
        subject: 'Reset your password',
        text: [
          `Hello ${user.firstName},`,
          '',
          `Someone asked to reset the password of your Members Portal account. To choose a new password, open this link within one hour (by ${until}):`,
          '',
          link,
          '',
          'If you did not ask for this, ignore this message: your password stays as it is.',
        ].join('\n'),
      });
    });
  };
}

/** A reset ends every other outstanding link of the user and every session, the one reading this included. */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, 'PASSWORD_RESET', token, deps.clock());
    if (!consumed) throw badRequest(authMessages.resetTokenInvalid);
    const { userId } = consumed;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endUserTokens(tx, userId, deps.clock());
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
