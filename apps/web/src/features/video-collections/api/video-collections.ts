import { queryOptions } from '@tanstack/react-query';
import { videoCollectionPaths, type VideoCollection } from '@portal/domain/content/video-collections.ts';
import { api } from '../../../lib/api.ts';

export const videoCollectionKeys = {
  all: ['video-collections'] as const,
  collection: (slug: string) => [...videoCollectionKeys.all, slug] as const,
};

/** GET /api/video-collections/{slug} (§7 'a video collection by slug. Response: name and videos'). */
export function videoCollectionQuery(slug: string) {
  return queryOptions({
    queryKey: videoCollectionKeys.collection(slug),
    queryFn: ({ signal }) => api.get<VideoCollection>(videoCollectionPaths.api(slug), signal),
  });
}
