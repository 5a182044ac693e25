import { queryOptions } from '@tanstack/react-query';
import type { ResourcesHub } from '@portal/domain/content/organization-resources.ts';
import { api } from '../../../lib/api.ts';

/** GET /api/resources-hub: the caller's organizations, every video collection and the attended events with resources. */
export function resourcesHubQuery() {
  return queryOptions({
    queryKey: ['resources-hub'] as const,
    queryFn: ({ signal }) => api.get<ResourcesHub>('/api/resources-hub', signal),
  });
}
