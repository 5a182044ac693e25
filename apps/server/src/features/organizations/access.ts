import { and, eq, isNull } from 'drizzle-orm';
import { organizationMessages } from '@portal/domain/organizations.ts';
import type { Executor } from '../../db/client.ts';
import { organizationMemberships } from '../../db/schema/organizations.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

export type ManagerRole = 'OWNER' | 'ADMIN';

export const organizationNotFound = () => notFound('No such organization.');

/**
 * The caller's role in an organization they manage (an active OWNER or ADMIN membership). Anyone
 * else is told the organization does not exist, so ids cannot be probed.
 */
export async function managerRole(db: Executor, organizationId: string, userId: string): Promise<ManagerRole> {
  const [row] = await db
    .select({ role: organizationMemberships.role })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.userId, userId),
        isNull(organizationMemberships.archivedAt),
      ),
    );
  if (row?.role === 'OWNER' || row?.role === 'ADMIN') return row.role;
  throw organizationNotFound();
}

/** For what only the OWNER may do: an ADMIN is refused (403), anyone else does not see the organization (404). */
export async function requireOwner(db: Executor, organizationId: string, userId: string): Promise<void> {
  if ((await managerRole(db, organizationId, userId)) !== 'OWNER') throw forbidden(organizationMessages.ownerOnly);
}

/** The unique index a failed statement ran into, whichever driver reported it (drizzle wraps the driver's error). */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
