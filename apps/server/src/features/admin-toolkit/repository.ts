import { and, asc, count, eq, ilike, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type {
  StaffToolkitCategory,
  StaffToolkitDocument,
  StaffToolkitGrouping,
  ToolkitAudience,
  ToolkitUserFlags,
} from '@portal/domain/content/toolkit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { toolkitCategories, toolkitDocuments, toolkitGroupings } from '../../db/schema/toolkit.ts';
import { users } from '../../db/schema/users.ts';

/** Every write to the Treasure Chest's structure takes this lock: orders and nesting change one at a time. */
export async function lockToolkit(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('toolkit-structure', 0))`);
}

const documentCount = (column: typeof toolkitDocuments.categoryId | typeof toolkitDocuments.groupingId, owner: SQL) =>
  sql<number>`(select count(*)::int from toolkit_documents d where d.${sql.identifier(column.name)} = ${owner})`;

export async function readOutline(
  db: Database,
): Promise<{ categories: StaffToolkitCategory[]; groupings: StaffToolkitGrouping[] }> {
  const [categories, groupings] = await Promise.all([
    db
      .select({
        id: toolkitCategories.id,
        name: toolkitCategories.name,
        audience: toolkitCategories.audience,
        order: toolkitCategories.position,
        documentCount: documentCount(toolkitDocuments.categoryId, sql`"toolkit_categories"."id"`),
      })
      .from(toolkitCategories)
      .orderBy(asc(toolkitCategories.position), asc(toolkitCategories.name), asc(toolkitCategories.id)),
    db
      .select({
        id: toolkitGroupings.id,
        parentId: toolkitGroupings.parentId,
        title: toolkitGroupings.title,
        audience: toolkitGroupings.audience,
        order: toolkitGroupings.position,
        documentCount: documentCount(toolkitDocuments.groupingId, sql`"toolkit_groupings"."id"`),
      })
      .from(toolkitGroupings)
      .orderBy(asc(toolkitGroupings.position), asc(toolkitGroupings.title), asc(toolkitGroupings.id)),
  ]);
  return {
    categories: categories.map((c) => ({ ...c, audience: c.audience as ToolkitAudience[] })),
    groupings: groupings.map((g) => ({ ...g, audience: g.audience as ToolkitAudience[] })),
  };
}

export async function groupingParents(db: Executor): Promise<{ id: string; parentId: string | null }[]> {
  return db.select({ id: toolkitGroupings.id, parentId: toolkitGroupings.parentId }).from(toolkitGroupings);
}

export const categoryExists = async (db: Executor, id: string) =>
  (await db.select({ id: toolkitCategories.id }).from(toolkitCategories).where(eq(toolkitCategories.id, id))).length >
  0;

export const groupingExists = async (db: Executor, id: string) =>
  (await db.select({ id: toolkitGroupings.id }).from(toolkitGroupings).where(eq(toolkitGroupings.id, id))).length > 0;

/** The next position among a category list, a grouping's children (or the top) or a container's documents. */
export async function nextCategoryPosition(db: Executor): Promise<number> {
  const [row] = await db.select({ last: max(toolkitCategories.position) }).from(toolkitCategories);
  return (row?.last ?? -1) + 1;
}

const parentIs = (parentId: string | null) =>
  parentId === null ? isNull(toolkitGroupings.parentId) : eq(toolkitGroupings.parentId, parentId);

export async function nextGroupingPosition(db: Executor, parentId: string | null): Promise<number> {
  const [row] = await db
    .select({ last: max(toolkitGroupings.position) })
    .from(toolkitGroupings)
    .where(parentIs(parentId));
  return (row?.last ?? -1) + 1;
}

export interface Place {
  categoryId: string | null;
  groupingId: string | null;
}

const inPlace = (place: Place) =>
  place.categoryId !== null
    ? eq(toolkitDocuments.categoryId, place.categoryId)
    : eq(toolkitDocuments.groupingId, place.groupingId ?? '');

export async function nextDocumentPosition(db: Executor, place: Place): Promise<number> {
  const [row] = await db
    .select({ last: max(toolkitDocuments.position) })
    .from(toolkitDocuments)
    .where(inPlace(place));
  return (row?.last ?? -1) + 1;
}

export async function categoryIdsInOrder(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: toolkitCategories.id })
    .from(toolkitCategories)
    .orderBy(asc(toolkitCategories.position), asc(toolkitCategories.name), asc(toolkitCategories.id));
  return rows.map((r) => r.id);
}

export async function siblingGroupingIds(db: Executor, parentId: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: toolkitGroupings.id })
    .from(toolkitGroupings)
    .where(parentIs(parentId))
    .orderBy(asc(toolkitGroupings.position), asc(toolkitGroupings.title), asc(toolkitGroupings.id));
  return rows.map((r) => r.id);
}

export async function documentIdsInPlace(db: Executor, place: Place): Promise<string[]> {
  const rows = await db
    .select({ id: toolkitDocuments.id })
    .from(toolkitDocuments)
    .where(inPlace(place))
    .orderBy(asc(toolkitDocuments.position), asc(toolkitDocuments.title), asc(toolkitDocuments.id));
  return rows.map((r) => r.id);
}

/** Numbers rows 0, 1, 2… in the given order (one statement). */
export async function renumber(
  db: Executor,
  table: 'toolkit_categories' | 'toolkit_groupings' | 'toolkit_documents',
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${sql.identifier(table)} t set position = v.position from (values ${values}) as v(id, position) where t.id = v.id`,
  );
}

const documentColumns = {
  id: toolkitDocuments.id,
  title: toolkitDocuments.title,
  description: toolkitDocuments.description,
  fileName: toolkitDocuments.fileName,
  fileSize: toolkitDocuments.fileSize,
  categoryId: toolkitDocuments.categoryId,
  groupingId: toolkitDocuments.groupingId,
  order: toolkitDocuments.position,
};

export async function findDocument(db: Executor, id: string) {
  const [row] = await db
    .select({ ...documentColumns, fileKey: toolkitDocuments.fileKey })
    .from(toolkitDocuments)
    .where(eq(toolkitDocuments.id, id));
  return row;
}

function containing(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of documents, optionally in one container and matching a search of title or file name. */
export async function readDocumentPage(
  db: Database,
  query: {
    search?: string | undefined;
    categoryId?: string | undefined;
    groupingId?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ items: StaffToolkitDocument[]; total: number }> {
  const pattern = query.search ? containing(query.search) : null;
  const where = and(
    query.categoryId ? eq(toolkitDocuments.categoryId, query.categoryId) : undefined,
    query.groupingId ? eq(toolkitDocuments.groupingId, query.groupingId) : undefined,
    pattern ? or(ilike(toolkitDocuments.title, pattern), ilike(toolkitDocuments.fileName, pattern)) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select(documentColumns)
      .from(toolkitDocuments)
      .where(where)
      // Within one place, the order members see (and staff arrange); across places, by title.
      .orderBy(
        ...(query.categoryId || query.groupingId ? [asc(toolkitDocuments.position)] : []),
        asc(toolkitDocuments.title),
        asc(toolkitDocuments.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(toolkitDocuments).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

export async function readPlaceDocuments(db: Executor, place: Place): Promise<StaffToolkitDocument[]> {
  return db
    .select(documentColumns)
    .from(toolkitDocuments)
    .where(inPlace(place))
    .orderBy(asc(toolkitDocuments.position), asc(toolkitDocuments.title), asc(toolkitDocuments.id));
}

/** Whether a category holds a document, or a grouping a document or a grouping: such a one is not deleted. */
export async function holdsAnything(db: Executor, kind: 'category' | 'grouping', id: string): Promise<boolean> {
  const [document] = await db
    .select({ id: toolkitDocuments.id })
    .from(toolkitDocuments)
    .where(kind === 'category' ? eq(toolkitDocuments.categoryId, id) : eq(toolkitDocuments.groupingId, id))
    .limit(1);
  if (document) return true;
  if (kind === 'category') return false;
  const [child] = await db
    .select({ id: toolkitGroupings.id })
    .from(toolkitGroupings)
    .where(eq(toolkitGroupings.parentId, id))
    .limit(1);
  return child !== undefined;
}

type CategoryValues = Pick<typeof toolkitCategories.$inferInsert, 'name' | 'audience' | 'position'>;

export async function insertCategory(db: Executor, values: CategoryValues) {
  const [row] = await db.insert(toolkitCategories).values(values).returning({ id: toolkitCategories.id });
  return row;
}

/** The ids returned are empty when there is no such category. */
export async function updateCategoryRow(db: Executor, id: string, values: Omit<CategoryValues, 'position'>) {
  return db
    .update(toolkitCategories)
    .set(values)
    .where(eq(toolkitCategories.id, id))
    .returning({ id: toolkitCategories.id });
}

export async function deleteCategoryRow(db: Executor, id: string): Promise<void> {
  await db.delete(toolkitCategories).where(eq(toolkitCategories.id, id));
}

type GroupingValues = Pick<typeof toolkitGroupings.$inferInsert, 'title' | 'parentId' | 'audience' | 'position'>;

export async function insertToolkitGrouping(db: Executor, values: GroupingValues) {
  const [row] = await db.insert(toolkitGroupings).values(values).returning({ id: toolkitGroupings.id });
  return row;
}

/** The grouping's parent, or undefined when there is no such grouping. */
export async function findGroupingParent(db: Executor, id: string) {
  const [row] = await db
    .select({ parentId: toolkitGroupings.parentId })
    .from(toolkitGroupings)
    .where(eq(toolkitGroupings.id, id));
  return row;
}

/** A new position is given only when the grouping moves to another parent. */
export async function updateGroupingRow(
  db: Executor,
  id: string,
  values: Omit<GroupingValues, 'position'> & Partial<Pick<GroupingValues, 'position'>>,
): Promise<void> {
  await db.update(toolkitGroupings).set(values).where(eq(toolkitGroupings.id, id));
}

export async function deleteGroupingRow(db: Executor, id: string): Promise<void> {
  await db.delete(toolkitGroupings).where(eq(toolkitGroupings.id, id));
}

export async function insertDocument(db: Executor, values: typeof toolkitDocuments.$inferInsert): Promise<void> {
  await db.insert(toolkitDocuments).values(values);
}

type DocumentValues = Pick<
  typeof toolkitDocuments.$inferInsert,
  'title' | 'description' | 'categoryId' | 'groupingId' | 'position' | 'fileKey' | 'fileName' | 'fileSize'
>;

/** Texts and place always; a position when the document moves, the file's columns when it is replaced. */
export async function updateDocumentRow(
  db: Executor,
  id: string,
  values: Pick<DocumentValues, 'title' | 'description' | 'categoryId' | 'groupingId'> &
    Partial<Pick<DocumentValues, 'position' | 'fileKey' | 'fileName' | 'fileSize'>>,
): Promise<void> {
  await db.update(toolkitDocuments).set(values).where(eq(toolkitDocuments.id, id));
}

export async function deleteDocumentRow(db: Executor, id: string): Promise<void> {
  await db.delete(toolkitDocuments).where(eq(toolkitDocuments.id, id));
}

const flagColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  toolKitAccess: users.toolKitAccess,
  schoolLeaderAccess: users.schoolLeaderAccess,
  testPrep: users.testPrep,
  grade3Pilot: users.grade3Pilot,
  grade4Pilot: users.grade4Pilot,
  grade5Pilot: users.grade5Pilot,
};

export async function findUserFlags(db: Database, userId: string) {
  const [row] = await db.select(flagColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** Locked, so the audit's old values are the ones the update replaces. */
export async function lockUserFlags(db: Executor, userId: string) {
  const [row] = await db.select(flagColumns).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function updateUserFlags(db: Executor, userId: string, flags: ToolkitUserFlags) {
  const [row] = await db.update(users).set(flags).where(eq(users.id, userId)).returning(flagColumns);
  return row;
}
