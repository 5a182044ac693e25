import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { SavedResource } from '@portal/domain/content/favourites.ts';
import { pdfDownloadName } from '@portal/domain/content/organization-resources.ts';
import {
  videoCollectionMessages,
  videoCollectionPaths,
  type VideoCollection,
  type VideoCollectionSummary,
  type VideoDocument,
} from '@portal/domain/content/video-collections.ts';
import type { Executor } from '../db/client.ts';
import { videoCollections, videoDocuments, videos } from '../db/schema/content.ts';
import { notFound } from '../platform/errors.ts';
import { favouritedIds } from './favourites.ts';
import type { FileStorage } from '../platform/storage.ts';

/**
 * Video collections as the member page, the resources hub, the staff console and saved resources
 * read them. Every signed-in member may watch every collection
 * (docs/decisions/0077-organization-resources-and-video-collections.md).
 */

/** Every collection by name, with how many videos each holds (one grouped query). */
export async function listVideoCollections(db: Executor): Promise<VideoCollectionSummary[]> {
  return db
    .select({
      id: videoCollections.id,
      slug: videoCollections.slug,
      name: videoCollections.name,
      description: videoCollections.description,
      videoCount: count(videos.id),
    })
    .from(videoCollections)
    .leftJoin(videos, eq(videos.collectionId, videoCollections.id))
    .groupBy(videoCollections.id)
    .orderBy(asc(videoCollections.name), asc(videoCollections.id));
}

/** A collection with its videos in order and each video's documents: three queries whatever its size. */
async function collectionWith(
  db: Executor,
  where: ReturnType<typeof eq>,
  userId: string | null,
): Promise<VideoCollection | undefined> {
  const [collection] = await db
    .select({
      id: videoCollections.id,
      slug: videoCollections.slug,
      name: videoCollections.name,
      description: videoCollections.description,
    })
    .from(videoCollections)
    .where(where);
  if (!collection) return undefined;
  const videoRows = await db
    .select({ id: videos.id, vimeoId: videos.vimeoId, title: videos.title, description: videos.description })
    .from(videos)
    .where(eq(videos.collectionId, collection.id))
    .orderBy(asc(videos.position), asc(videos.createdAt), asc(videos.id));
  const documentRows =
    videoRows.length === 0
      ? []
      : await db
          .select({
            id: videoDocuments.id,
            videoId: videoDocuments.videoId,
            title: videoDocuments.title,
            fileName: videoDocuments.fileName,
            fileSize: videoDocuments.fileSize,
          })
          .from(videoDocuments)
          .where(
            inArray(
              videoDocuments.videoId,
              videoRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(videoDocuments.createdAt), asc(videoDocuments.id));
  const documentsOf = new Map<string, VideoDocument[]>();
  for (const { videoId, ...document } of documentRows) {
    documentsOf.set(videoId, [
      ...(documentsOf.get(videoId) ?? []),
      { ...document, downloadLink: videoCollectionPaths.file(document.id) },
    ]);
  }
  const saved = userId
    ? await favouritedIds(
        db,
        userId,
        'video',
        videoRows.map((row) => row.id),
      )
    : new Set<string>();
  return {
    ...collection,
    videos: videoRows.map((row) => ({
      ...row,
      documents: documentsOf.get(row.id) ?? [],
      isFavorited: saved.has(row.id),
    })),
  };
}

/** A member's view of a collection, with their favourites flagged. */
export async function videoCollectionBySlug(db: Executor, slug: string, userId: string): Promise<VideoCollection> {
  const found = await collectionWith(db, eq(videoCollections.slug, slug), userId);
  if (!found) throw notFound(videoCollectionMessages.notFound);
  return found;
}

/** The staff console's view of a collection (no favourites). */
export async function videoCollectionById(db: Executor, id: string): Promise<VideoCollection> {
  const found = await collectionWith(db, eq(videoCollections.id, id), null);
  if (!found) throw notFound(videoCollectionMessages.notFound);
  return found;
}

/** Saved-resource rows (core/saved-resources.ts) for the videos among `ids`: every member may watch every video. */
export async function readSavedVideos(db: Executor, _userId: string, ids: readonly string[]): Promise<SavedResource[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: videos.id,
      title: videos.title,
      collectionSlug: videoCollections.slug,
      collectionName: videoCollections.name,
    })
    .from(videos)
    .innerJoin(videoCollections, eq(videoCollections.id, videos.collectionId))
    .where(inArray(videos.id, [...ids]));
  return rows.map((row) => ({
    id: row.id,
    targetType: 'video',
    title: row.title,
    type: 'video',
    downloadLink: null,
    openLink: videoCollectionPaths.page(row.collectionSlug, row.id),
    collection: row.collectionName,
    isFavorited: true,
  }));
}

/** The file keys of a collection's or a video's documents, read before a delete cascades over their rows. */
export async function documentKeysOf(
  db: Executor,
  scope: { collectionId: string } | { videoId: string },
): Promise<string[]> {
  const rows = await db
    .select({ fileKey: videoDocuments.fileKey })
    .from(videoDocuments)
    .innerJoin(videos, eq(videos.id, videoDocuments.videoId))
    .where(
      'collectionId' in scope ? eq(videos.collectionId, scope.collectionId) : eq(videoDocuments.videoId, scope.videoId),
    );
  return rows.map((row) => row.fileKey);
}

/** A video document's PDF, to any signed-in member; an unknown id is a 404. */
export async function videoDocumentDownload(
  db: Executor,
  storage: FileStorage,
  documentId: string,
): Promise<{ bytes: Buffer; filename: string }> {
  const [row] = await db
    .select({ fileKey: videoDocuments.fileKey, fileName: videoDocuments.fileName })
    .from(videoDocuments)
    .where(eq(videoDocuments.id, documentId));
  if (!row) throw notFound(videoCollectionMessages.documentNotFound);
  const bytes = await storage.get(row.fileKey);
  if (!bytes) throw notFound(videoCollectionMessages.fileMissing);
  return { bytes, filename: pdfDownloadName(row.fileName) };
}

/** The next free position at the end of a collection. */
export async function nextVideoPosition(db: Executor, collectionId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${videos.position}) + 1, 0)::int` })
    .from(videos)
    .where(eq(videos.collectionId, collectionId));
  return row?.next ?? 0;
}
