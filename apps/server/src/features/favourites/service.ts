import type { FavouriteState, FavouriteTarget, SavedResourceList } from '@portal/domain/content/favourites.ts';
import { hasToolkitAccess } from '@portal/domain/people/roles.ts';
import { toolkitMessages } from '@portal/domain/content/toolkit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { removeFavourite } from '../../core/favourites.ts';
import { addFavourite, listSavedResources } from '../../core/saved-resources.ts';
import { forbidden } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

/**
 * My Saved Resources is a toolkit page (organizations.md §6), so saving is a toolkit power too: a
 * member without toolkit access gets 403 on every favourites call, whatever the target.
 */
function requireToolkit(auth: RequestAuth): string {
  if (!hasToolkitAccess(auth.user)) throw forbidden(toolkitMessages.noAccess);
  return auth.user.id;
}

/** GET /api/favourites: the caller's saved resources they may still open, newest first. */
export async function listFavourites(
  deps: AppDeps,
  auth: RequestAuth,
  page: number,
  pageSize: number,
): Promise<SavedResourceList> {
  return listSavedResources(deps.db, requireToolkit(auth), page, pageSize);
}

/** POST /api/favourites: saves a target the caller may open (again: no change). */
export async function saveFavourite(
  deps: AppDeps,
  auth: RequestAuth,
  target: FavouriteTarget,
): Promise<FavouriteState> {
  return addFavourite(deps.db, requireToolkit(auth), target);
}

/** DELETE /api/favourites: unsaves a target (not saved: no change). */
export async function unsaveFavourite(
  deps: AppDeps,
  auth: RequestAuth,
  target: FavouriteTarget,
): Promise<FavouriteState> {
  return removeFavourite(deps.db, requireToolkit(auth), target);
}
