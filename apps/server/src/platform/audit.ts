import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { executeStatic, staticStatement } from '../db/prepared.ts';
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

const input = (name: string) => sql.placeholder(name);

/** Built once (db/prepared.ts): most writes audit themselves, the purchases' among them. */
const auditStatement = staticStatement(
  'audit',
  sql`insert into ${auditLog} (actor_id, impersonator_id, action, subject_type, subject_id, data)
    values (${input('actorId')}::uuid, ${input('impersonatorId')}::uuid, ${input('action')}, ${input('subjectType')},
      ${input('subjectId')}, ${input('data')}::jsonb)`,
);

export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await executeStatic(db, auditStatement, {
    actorId: entry.actorId,
    impersonatorId: entry.impersonatorId ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    data: JSON.stringify(entry.data ?? {}),
  });
}
