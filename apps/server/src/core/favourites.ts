import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  favouriteKey,
  favouriteMessages,
  favouritesPerUserMax,
  pageOfSaved,
  type FavouriteState,
  type FavouriteTarget,
  type FavouriteTargetType,
  type SavedResource,
  type SavedResourceList,
} from '@portal/domain/content/favourites.ts';
import type { Database, Executor } from '../db/client.ts';
import { favourites } from '../db/schema/toolkit.ts';
import { users } from '../db/schema/users.ts';
import { conflict, notFound } from '../platform/errors.ts';
import { readSavedOrganizationResources } from './organization-resources.ts';
import { readSavedToolkitDocuments } from './toolkit-content.ts';
import { readSavedVideos } from './video-collections.ts';

/**
 * Favourites (organizations.md §7 'Favorites service'): what a member saved, by target type and id.
 * Every feature that shows a saveable thing (Treasure Chest, organization resources, videos) reads
 * `favouritedIds` for its isFavorited flags; the favourites routes add, remove and list through here.
 *
 * Each target type has a reader below: it answers, for some ids of its type,
 * the saved-resource rows this user may open now, leaving out unknown ids and ones they may not
 * open. Saving checks the reader first, so nothing a member cannot open is ever saved, and My Saved
 * Resources shows only what its reader still lets through.
 */
export type SavedResourceReader = (
  db: Executor,
  userId: string,
  targetIds: readonly string[],
) => Promise<SavedResource[]>;

const readers: Record<FavouriteTargetType, SavedResourceReader> = {
  toolkit_document: readSavedToolkitDocuments,
  organization_resource: readSavedOrganizationResources,
  video: readSavedVideos,
};

async function readable(db: Executor, userId: string, target: FavouriteTarget): Promise<boolean> {
  const [found] = await readers[target.targetType](db, userId, [target.targetId]);
  return found !== undefined;
}

/**
 * Saves a target for a user: idempotent (saving twice keeps one row and answers the same), refused
 * with 404 when the user may not open the target, and with 409 past favouritesPerUserMax.
 */
export async function addFavourite(db: Database, userId: string, target: FavouriteTarget): Promise<FavouriteState> {
  if (!(await readable(db, userId, target))) throw notFound(favouriteMessages.notFound);
  await db.transaction(async (tx) => {
    // One save of this user at a time, so two saves at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [saved] = await tx.select({ total: count() }).from(favourites).where(eq(favourites.userId, userId));
    const inserted = await tx
      .insert(favourites)
      .values({ userId, targetType: target.targetType, targetId: target.targetId })
      .onConflictDoNothing()
      .returning({ targetId: favourites.targetId });
    if (inserted.length > 0 && (saved?.total ?? 0) >= favouritesPerUserMax) throw conflict(favouriteMessages.tooMany);
  });
  return { ...target, isFavorited: true };
}

/** Unsaves a target: idempotent, and allowed whether or not the user may still open it. */
export async function removeFavourite(db: Executor, userId: string, target: FavouriteTarget): Promise<FavouriteState> {
  await db
    .delete(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.targetType, target.targetType),
        eq(favourites.targetId, target.targetId),
      ),
    );
  return { ...target, isFavorited: false };
}

/**
 * My Saved Resources: the user's favourites, newest first, that they may still open, one page of
 * them. One read of the favourites (at most favouritesPerUserMax) and one read per target type.
 */
export async function listSavedResources(
  db: Executor,
  userId: string,
  page: number,
  pageSize: number,
): Promise<SavedResourceList> {
  const rows = await db
    .select({ targetType: favourites.targetType, targetId: favourites.targetId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(sql`${favourites.targetId}`));
  const saved = rows.map((row) => ({ targetType: row.targetType as FavouriteTargetType, targetId: row.targetId }));
  const visible = new Map<string, SavedResource>();
  for (const [type, reader] of Object.entries(readers) as [FavouriteTargetType, SavedResourceReader][]) {
    const ids = saved.filter((s) => s.targetType === type).map((s) => s.targetId);
    if (ids.length === 0) continue;
    for (const resource of await reader(db, userId, ids))
      visible.set(favouriteKey({ targetType: type, targetId: resource.id }), resource);
  }
  return { ...pageOfSaved(saved, visible, page, pageSize), page, pageSize };
}

/** Which of these targets of one type the user has saved (the isFavorited flags of a list, in one read). */
export async function favouritedIds(
  db: Executor,
  userId: string,
  targetType: FavouriteTargetType,
  targetIds: readonly string[],
): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const rows = await db
    .select({ targetId: favourites.targetId })
    .from(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.targetType, targetType),
        inArray(favourites.targetId, [...targetIds]),
      ),
    );
  return new Set(rows.map((row) => row.targetId));
}

/** Call in the transaction that deletes targets: nobody keeps a favourite of something gone. */
export async function removeFavouritesOf(
  db: Executor,
  targetType: FavouriteTargetType,
  targetIds: readonly string[],
): Promise<void> {
  if (targetIds.length === 0) return;
  await db
    .delete(favourites)
    .where(and(eq(favourites.targetType, targetType), inArray(favourites.targetId, [...targetIds])));
}
