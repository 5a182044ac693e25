import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { SavedResource } from '@portal/domain/content/favourites.ts';
import {
  audienceAllows,
  toolkitDownloadName,
  toolkitMessages,
  toolkitPaths,
  visibleGroupingIds,
  type ToolkitAudience,
  type ToolkitFlags,
} from '@portal/domain/content/toolkit.ts';
import type { Executor } from '../db/client.ts';
import { toolkitCategories, toolkitDocuments, toolkitGroupings } from '../db/schema/toolkit.ts';
import { users } from '../db/schema/users.ts';
import { notFound } from '../platform/errors.ts';
import type { FileStorage } from '../platform/storage.ts';

/**
 * Who may open which Treasure Chest content: the one place the member's list, the download route
 * and the favourites read the flag rule (toolkit.audienceAllows, visibleGroupingIds) from.
 */

const noFlags: ToolkitFlags = {
  toolKitAccess: false,
  schoolLeaderAccess: false,
  testPrep: false,
  grade3Pilot: false,
  grade4Pilot: false,
  grade5Pilot: false,
};

/** A user's toolkit flags, read fresh: staff may have changed them since the session began. */
export async function readToolkitFlags(db: Executor, userId: string): Promise<ToolkitFlags> {
  const [row] = await db
    .select({
      toolKitAccess: users.toolKitAccess,
      schoolLeaderAccess: users.schoolLeaderAccess,
      testPrep: users.testPrep,
      grade3Pilot: users.grade3Pilot,
      grade4Pilot: users.grade4Pilot,
      grade5Pilot: users.grade5Pilot,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? noFlags;
}

const asAudience = (audience: string[]) => audience as ToolkitAudience[];

export interface VisibleContainers {
  categories: { id: string; name: string }[];
  groupings: { id: string; parentId: string | null; title: string }[];
}

/** The categories and groupings these flags open, each in staff order (two reads, whatever the size). */
export async function visibleContainers(db: Executor, flags: ToolkitFlags): Promise<VisibleContainers> {
  if (!flags.toolKitAccess) return { categories: [], groupings: [] };
  const categories = await db
    .select({ id: toolkitCategories.id, name: toolkitCategories.name, audience: toolkitCategories.audience })
    .from(toolkitCategories)
    .orderBy(asc(toolkitCategories.position), asc(toolkitCategories.name), asc(toolkitCategories.id));
  const groupings = await db
    .select({
      id: toolkitGroupings.id,
      parentId: toolkitGroupings.parentId,
      title: toolkitGroupings.title,
      audience: toolkitGroupings.audience,
    })
    .from(toolkitGroupings)
    .orderBy(asc(toolkitGroupings.position), asc(toolkitGroupings.title), asc(toolkitGroupings.id));
  const open = visibleGroupingIds(
    groupings.map((g) => ({ ...g, audience: asAudience(g.audience) })),
    flags,
  );
  return {
    categories: categories
      .filter((c) => audienceAllows(asAudience(c.audience), flags))
      .map(({ id, name }) => ({ id, name })),
    groupings: groupings.filter((g) => open.has(g.id)).map(({ id, parentId, title }) => ({ id, parentId, title })),
  };
}

export interface VisibleDocument {
  id: string;
  categoryId: string | null;
  groupingId: string | null;
  title: string;
  description: string;
  fileName: string;
  fileSize: number;
  fileKey: string;
}

const documentColumns = {
  id: toolkitDocuments.id,
  categoryId: toolkitDocuments.categoryId,
  groupingId: toolkitDocuments.groupingId,
  title: toolkitDocuments.title,
  description: toolkitDocuments.description,
  fileName: toolkitDocuments.fileName,
  fileSize: toolkitDocuments.fileSize,
  fileKey: toolkitDocuments.fileKey,
};

/** The documents of the open containers (optionally only these ids), in staff order. */
export async function visibleDocuments(
  db: Executor,
  containers: VisibleContainers,
  onlyIds?: readonly string[],
): Promise<VisibleDocument[]> {
  const categoryIds = containers.categories.map((c) => c.id);
  const groupingIds = containers.groupings.map((g) => g.id);
  if ((categoryIds.length === 0 && groupingIds.length === 0) || onlyIds?.length === 0) return [];
  const inOpen = or(
    categoryIds.length > 0 ? inArray(toolkitDocuments.categoryId, categoryIds) : undefined,
    groupingIds.length > 0 ? inArray(toolkitDocuments.groupingId, groupingIds) : undefined,
  );
  return db
    .select(documentColumns)
    .from(toolkitDocuments)
    .where(and(inOpen, onlyIds ? inArray(toolkitDocuments.id, [...onlyIds]) : undefined))
    .orderBy(asc(toolkitDocuments.position), asc(toolkitDocuments.title), asc(toolkitDocuments.id));
}

/** The file of a document these flags may open; any other (unknown, hidden) is the same 404. */
export async function toolkitDocumentDownload(
  db: Executor,
  storage: FileStorage,
  flags: ToolkitFlags,
  documentId: string,
) {
  const [document] = await visibleDocuments(db, await visibleContainers(db, flags), [documentId]);
  if (!document) throw notFound(toolkitMessages.documentNotFound);
  const bytes = await storage.get(document.fileKey);
  if (!bytes) throw notFound(toolkitMessages.fileMissing);
  return { bytes, filename: toolkitDownloadName(document.fileName) };
}

/** core/saved-resources.ts' reader of toolkit documents: those of these ids the user may open, as saved resources. */
export async function readSavedToolkitDocuments(
  db: Executor,
  userId: string,
  documentIds: readonly string[],
): Promise<SavedResource[]> {
  const containers = await visibleContainers(db, await readToolkitFlags(db, userId));
  const names = new Map([
    ...containers.categories.map((c) => [c.id, c.name] as const),
    ...containers.groupings.map((g) => [g.id, g.title] as const),
  ]);
  const documents = await visibleDocuments(db, containers, documentIds);
  return documents.map((d) => ({
    id: d.id,
    targetType: 'toolkit_document',
    title: d.title,
    type: 'pdf',
    downloadLink: toolkitPaths.download(d.id),
    openLink: null,
    collection: names.get(d.categoryId ?? d.groupingId ?? '') ?? '',
    isFavorited: true,
  }));
}
