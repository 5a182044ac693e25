import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { resourcePageSize, type ResourceListReply } from '@portal/domain/content/resources.ts';
import { api, withQuery } from '../../../lib/api.ts';

export interface ResourceListParams {
  eventId: string;
  eventSectionId: string | null;
  eaId: string | null;
  search: string;
  page: number;
}

export const resourceKeys = {
  all: ['event-resources'] as const,
  list: (params: ResourceListParams) => [...resourceKeys.all, params.eventId, params] as const,
};

/** What the page's URL asks for: /members/events/{eventId}/resources?eventSectionId=&eaId=&search=&page=. */
export function resourceListParams(eventId: string, searchParams: URLSearchParams): ResourceListParams {
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return {
    eventId,
    eventSectionId: searchParams.get('eventSectionId') || null,
    eaId: searchParams.get('eaId') || null,
    search: (searchParams.get('search') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** GET /api/events/{eventId}/resources (events.md §7: eventId, eventSectionId, eaId), searched and paged. */
export function resourcesQuery(params: ResourceListParams) {
  return queryOptions({
    queryKey: resourceKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ResourceListReply>(
        withQuery(`/api/events/${encodeURIComponent(params.eventId)}/resources`, {
          eventSectionId: params.eventSectionId ?? undefined,
          eaId: params.eaId ?? undefined,
          search: params.search,
          page: params.page,
          pageSize: resourcePageSize,
        }),
        signal,
      ),
    // The list stays on screen while a new search loads, instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}
