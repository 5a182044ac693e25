import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  favouriteMessages,
  favouritesPerUserMax,
  type FavouriteState,
  type FavouriteTarget,
  type FavouriteTargetType,
} from '@portal/domain/content/favourites.ts';
import type { Database, Executor } from '../db/client.ts';
import { favourites } from '../db/schema/toolkit.ts';
import { users } from '../db/schema/users.ts';
import { conflict } from '../platform/errors.ts';

/**
 * Favourites (organizations.md §7 'Favorites service'): what a member saved, by target type and id.
 * Every feature that shows a saveable thing (Treasure Chest, organization resources, videos) reads
 * `favouritedIds` for its isFavorited flags. Whether a member may open what they save is
 * core/saved-resources.ts's question: it reads the targets' owners, which read these flags, so asking
 * it here would make each import the other.
 */

/**
 * Saves a target for a user, who the caller checked may open it: idempotent (saving twice keeps one
 * row and answers the same), refused with 409 past favouritesPerUserMax.
 */
export async function saveFavourite(db: Database, userId: string, target: FavouriteTarget): Promise<FavouriteState> {
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

/** The user's favourites, newest first (at most favouritesPerUserMax of them). */
export async function savedTargets(db: Executor, userId: string): Promise<FavouriteTarget[]> {
  const rows = await db
    .select({ targetType: favourites.targetType, targetId: favourites.targetId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(sql`${favourites.targetId}`));
  return rows.map((row) => ({ targetType: row.targetType as FavouriteTargetType, targetId: row.targetId }));
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
