import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';
import type { RequestAuth } from './sessions.ts';

export interface AuditEntry {
  actorId: string | null;
  impersonatorId?: string | null;
  action: string;
  subjectType: string;
  subjectId?: string | null;
  data?: Record<string, unknown>;
}

/** Who acted: the signed-in user, and the staff member viewing as them, if any. */
export const actorOf = (auth: RequestAuth) => ({
  actorId: auth.user.id,
  impersonatorId: auth.impersonator?.id ?? null,
});

export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    impersonatorId: entry.impersonatorId ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    data: entry.data ?? {},
  });
}
