import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, eventSections } from '../../db/schema/commerce.ts';
import { eventResourceSections, eventResources } from '../../db/schema/resources.ts';

/** Takes the event's row lock: creating, moving and deleting its resources happen one at a time. */
export async function lockEvent(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
  return row !== undefined;
}

export async function eventExists(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  return row !== undefined;
}

export async function findResource(db: Executor, resourceId: string) {
  const [row] = await db
    .select({
      id: eventResources.id,
      eventId: eventResources.eventId,
      url: eventResources.url,
      fileKey: eventResources.fileKey,
    })
    .from(eventResources)
    .where(eq(eventResources.id, resourceId));
  return row;
}

/** Whether every id is a section of the event. */
export async function sectionsOfEvent(db: Executor, eventId: string, sectionIds: readonly string[]): Promise<boolean> {
  if (sectionIds.length === 0) return true;
  const rows = await db
    .select({ id: eventSections.id })
    .from(eventSections)
    .where(and(eq(eventSections.eventId, eventId), inArray(eventSections.id, [...sectionIds])));
  return rows.length === new Set(sectionIds).size;
}

export async function nextPosition(db: Executor, eventId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(eventResources.position) })
    .from(eventResources)
    .where(eq(eventResources.eventId, eventId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function setSections(db: Executor, resourceId: string, sectionIds: readonly string[]): Promise<void> {
  await db.delete(eventResourceSections).where(eq(eventResourceSections.resourceId, resourceId));
  if (sectionIds.length > 0)
    await db.insert(eventResourceSections).values(sectionIds.map((sectionId) => ({ resourceId, sectionId })));
}

export async function orderedIds(db: Executor, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ id: eventResources.id })
    .from(eventResources)
    .where(eq(eventResources.eventId, eventId))
    .orderBy(asc(eventResources.position), asc(eventResources.createdAt), asc(eventResources.id));
  return rows.map((row) => row.id);
}

/** Numbers the event's resources 0, 1, 2… in the given order (one statement). */
export async function renumber(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
  await db.execute(sql`update event_resources r set position = v.position, updated_at = now()
    from (values ${values}) as v(id, position)
    where r.id = v.id and r.position <> v.position`);
}

export async function insertResource(db: Executor, values: typeof eventResources.$inferInsert): Promise<void> {
  await db.insert(eventResources).values(values);
}

/** Locks the resource's row, so two saves at once apply one after the other. */
export async function lockResourceFile(db: Executor, resourceId: string) {
  const [row] = await db
    .select({ fileKey: eventResources.fileKey })
    .from(eventResources)
    .where(eq(eventResources.id, resourceId))
    .for('update');
  return row;
}

type ResourceValues = Pick<
  typeof eventResources.$inferInsert,
  'title' | 'description' | 'url' | 'fileKey' | 'fileName' | 'fileSize' | 'fileType'
>;

/** Title and description always; the link and file columns only when the link or file changes. */
export async function updateResourceRow(
  db: Executor,
  resourceId: string,
  values: Pick<ResourceValues, 'title' | 'description'> &
    Partial<Pick<ResourceValues, 'url' | 'fileKey' | 'fileName' | 'fileSize' | 'fileType'>>,
): Promise<void> {
  await db.update(eventResources).set(values).where(eq(eventResources.id, resourceId));
}

/** The deleted resource's file key, or undefined when there was no such resource. */
export async function deleteResourceRow(db: Executor, resourceId: string) {
  const [row] = await db
    .delete(eventResources)
    .where(eq(eventResources.id, resourceId))
    .returning({ fileKey: eventResources.fileKey });
  return row;
}
