import { randomUUID } from 'node:crypto';
import type { ToolkitAudience, ToolkitUserFlags } from '@portal/domain/content/toolkit.ts';
import type { Executor } from '../db/client.ts';
import { toolkitCategories, toolkitDocuments, toolkitGroupings } from '../db/schema/toolkit.ts';
import { createSession, sessionCookie } from '../platform/sessions.ts';
import type { FileStorage } from '../platform/storage.ts';
import { createUser } from './factories.ts';
import type { Caller, TestContext } from './harness.ts';
import { resourcePdf } from './resource-factories.ts';

/** A signed-in member holding these toolkit flags (the rest false). */
export async function toolkitMember(t: TestContext, flags: Partial<ToolkitUserFlags> = { toolKitAccess: true }) {
  const user = await createUser(t.deps.db, flags);
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId: user.id });
  const caller: Caller = { cookie: `${sessionCookie}=${secret}` };
  return { user, caller };
}

export async function createCategory(db: Executor, name: string, audience: ToolkitAudience[] = [], position = 0) {
  const [row] = await db.insert(toolkitCategories).values({ name, audience, position }).returning();
  if (!row) throw new Error('category not created');
  return row;
}

export async function createGrouping(
  db: Executor,
  title: string,
  fields: { parentId?: string | null; audience?: ToolkitAudience[]; position?: number } = {},
) {
  const [row] = await db
    .insert(toolkitGroupings)
    .values({
      title,
      parentId: fields.parentId ?? null,
      audience: fields.audience ?? [],
      position: fields.position ?? 0,
    })
    .returning();
  if (!row) throw new Error('grouping not created');
  return row;
}

/** A document written straight into the table, its PDF into storage, as a staff upload leaves it. */
export async function createDocument(
  db: Executor,
  storage: FileStorage,
  fields: { title: string; categoryId?: string; groupingId?: string; position?: number; bytes?: Buffer },
) {
  const id = randomUUID();
  const fileKey = `toolkit-documents/${id}/${randomUUID()}.pdf`;
  const bytes = fields.bytes ?? resourcePdf;
  await storage.put(fileKey, bytes, 'application/pdf');
  const [row] = await db
    .insert(toolkitDocuments)
    .values({
      id,
      title: fields.title,
      categoryId: fields.categoryId ?? null,
      groupingId: fields.groupingId ?? null,
      fileKey,
      fileName: `${fields.title}.pdf`,
      fileSize: bytes.length,
      position: fields.position ?? 0,
    })
    .returning();
  if (!row) throw new Error('document not created');
  return row;
}
