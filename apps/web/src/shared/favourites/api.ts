import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  favouritePaths,
  savedResourcePageSize,
  type FavouriteState,
  type FavouriteTarget,
  type SavedResourceList,
} from '@portal/domain/content/favourites.ts';
import { apiRequest, api, withQuery } from '../../lib/api.ts';

export const favouriteKeys = {
  all: ['favourites'] as const,
  page: (page: number) => [...favouriteKeys.all, 'page', page] as const,
};

/** GET /api/favourites: one page of My Saved Resources. */
export function savedResourcesQuery(page: number) {
  return queryOptions({
    queryKey: favouriteKeys.page(page),
    queryFn: ({ signal }) =>
      api.get<SavedResourceList>(withQuery(favouritePaths.api, { page, pageSize: savedResourcePageSize }), signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Saves or unsaves a target (POST or DELETE /api/favourites), then refreshes My Saved Resources and
 * the lists the caller names (the page whose isFavorited flags changed).
 */
export function useToggleFavourite(invalidates: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, save }: { target: FavouriteTarget; save: boolean }) =>
      apiRequest<FavouriteState>(save ? 'POST' : 'DELETE', favouritePaths.api, { body: target }),
    onSettled: async () => {
      await Promise.all(
        [favouriteKeys.all, ...invalidates].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
