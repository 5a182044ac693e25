import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { oneTimeTokens } from '../db/schema/users.ts';
import { hashSecret, newSecret } from './tokens.ts';

type Purpose = 'SIGN_IN' | 'PASSWORD_RESET';

export const oneTimeTokenTtlMs: Record<Purpose, number> = { SIGN_IN: 60 * 60_000, PASSWORD_RESET: 60 * 60_000 };

/** Returns the secret for the link; only its hash is stored. */
export async function issueOneTimeToken(
  db: Executor,
  purpose: Purpose,
  userId: string,
  now: Date,
  createdById: string | null = null,
): Promise<string> {
  const { secret, hash } = newSecret();
  await db.insert(oneTimeTokens).values({
    purpose,
    tokenHash: hash,
    userId,
    createdById,
    expiresAt: new Date(now.getTime() + oneTimeTokenTtlMs[purpose]),
  });
  return secret;
}

export interface ConsumedToken {
  userId: string;
  /** The staff member who issued the link, when staff did. */
  createdById: string | null;
}

/** Marks a token used and returns its user, in one statement, so two uses cannot both win. */
export async function consumeOneTimeToken(
  db: Executor,
  purpose: Purpose,
  secret: string,
  now: Date,
): Promise<ConsumedToken | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashSecret(secret)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, createdById: oneTimeTokens.createdById });
  return row;
}

/**
 * Ends every outstanding link of a user (reset and sign-in alike), as used now: after the password
 * or the email changes, only the new credentials open the account.
 */
export async function endUserTokens(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}
