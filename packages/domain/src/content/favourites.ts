import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * Favourites and My Saved Resources (organizations.md §2 'Toolkit', §3 'Saved resource', §7
 * 'Favorites service'). A member saves a toolkit document, an organization resource or a video; My
 * Saved Resources lists what they saved and may still open.
 */

export const favouriteTargetTypes = ['toolkit_document', 'organization_resource', 'video'] as const;
export type FavouriteTargetType = (typeof favouriteTargetTypes)[number];

export const savedResourceTypes = ['pdf', 'video'] as const;
export type SavedResourceType = (typeof savedResourceTypes)[number];

export const savedResourceTypeLabels: Record<SavedResourceType, string> = { pdf: 'PDF', video: 'Video' };

export const favouriteMessages = {
  empty: 'No saved resources found',
  added: 'Saved to My Saved Resources',
  removed: 'Removed from My Saved Resources',
  /** An unknown target and one the caller may not open: the same answer. */
  notFound: 'No such resource.',
  tooMany: 'You can save at most 500 resources. Remove some before saving more.',
  failed: 'Something went wrong',
} as const;

/** Enough for any member's shelf, and a bound on the one read that builds My Saved Resources. */
export const favouritesPerUserMax = 500;
export const savedResourcePageSize = 20;

export const favouriteTarget = z.object({
  targetType: z.enum(favouriteTargetTypes, 'Choose toolkit_document, organization_resource or video'),
  targetId: z.uuid('Not a resource id'),
});
export type FavouriteTarget = z.infer<typeof favouriteTarget>;

/** §3 'Saved resource': id, title, type pdf/video, downloadLink, collection, isFavorited. */
export const savedResource = z.object({
  /** The target's id: the same id the toggle adds and removes. */
  id: z.string(),
  targetType: z.enum(favouriteTargetTypes),
  title: z.string(),
  type: z.enum(savedResourceTypes),
  /** Where the file downloads (an access-checked route), or null when there is no file (a video link). */
  downloadLink: z.string().nullable(),
  /** Where a video plays, when the resource is one. */
  openLink: z.string().nullable(),
  /** The category, grouping, collection or organization the resource sits in. */
  collection: z.string(),
  isFavorited: z.boolean(),
});
export type SavedResource = z.infer<typeof savedResource>;

export const savedResourceQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(savedResourcePageSize),
});
export type SavedResourceQuery = z.input<typeof savedResourceQuery>;

export const savedResourceList = paginated(savedResource);
export type SavedResourceList = z.infer<typeof savedResourceList>;

/** The answer to an add or a remove: the target and whether it is now saved. */
export const favouriteState = favouriteTarget.extend({ isFavorited: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteState>;

export const favouritePaths = {
  api: '/api/favourites',
  page: '/members/my-saved-resources',
} as const;

/**
 * One page of saved resources, newest saved first, from the rows the caller may still open: `saved`
 * is the caller's favourites in that order, `visible` what each type's reader let through.
 */
export function pageOfSaved(
  saved: readonly FavouriteTarget[],
  visible: ReadonlyMap<string, SavedResource>,
  page: number,
  pageSize: number,
): { items: SavedResource[]; total: number } {
  const open = saved.flatMap((target) => {
    const found = visible.get(favouriteKey(target));
    return found ? [found] : [];
  });
  return { items: open.slice((page - 1) * pageSize, page * pageSize), total: open.length };
}

export const favouriteKey = (target: FavouriteTarget) => `${target.targetType}:${target.targetId}`;
