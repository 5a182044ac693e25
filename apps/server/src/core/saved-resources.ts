import {
  favouriteKey,
  favouriteMessages,
  pageOfSaved,
  type FavouriteState,
  type FavouriteTarget,
  type FavouriteTargetType,
  type SavedResource,
  type SavedResourceList,
} from '@portal/domain/content/favourites.ts';
import type { Database, Executor } from '../db/client.ts';
import { notFound } from '../platform/errors.ts';
import { saveFavourite, savedTargets } from './favourites.ts';
import { readSavedOrganizationResources } from './organization-resources.ts';
import { readSavedToolkitDocuments } from './toolkit-content.ts';
import { readSavedVideos } from './video-collections.ts';

/**
 * My Saved Resources (organizations.md §7 'Favorites service'): the favourites (core/favourites.ts) a
 * member may open now. Each target type has a reader below: it answers, for some ids of its type, the
 * saved-resource rows this user may open now, leaving out unknown ids and ones they may not open.
 * Saving checks the reader first, so nothing a member cannot open is ever saved, and My Saved
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
  return saveFavourite(db, userId, target);
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
  const saved = await savedTargets(db, userId);
  const visible = new Map<string, SavedResource>();
  for (const [type, reader] of Object.entries(readers) as [FavouriteTargetType, SavedResourceReader][]) {
    const ids = saved.filter((s) => s.targetType === type).map((s) => s.targetId);
    if (ids.length === 0) continue;
    for (const resource of await reader(db, userId, ids))
      visible.set(favouriteKey({ targetType: type, targetId: resource.id }), resource);
  }
  return { ...pageOfSaved(saved, visible, page, pageSize), page, pageSize };
}
