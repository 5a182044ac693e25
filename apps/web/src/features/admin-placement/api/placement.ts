import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PlacementApplicantPage,
  PlacementBoard,
  PlacementPreview,
  PlacementPublished,
  PlacementPublishInput,
  PlacementRunInput,
} from '@portal/domain/applications/placement-contracts.ts';
import { api, withQuery } from '../../../lib/api.ts';

const placementPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/placement`;

export const placementKeys = {
  all: (eventId: string) => ['admin', 'placement', eventId] as const,
  board: (eventId: string) => [...placementKeys.all(eventId), 'board'] as const,
  applicants: (eventId: string, search: string) => [...placementKeys.all(eventId), 'applicants', search] as const,
};

/** GET the ranked paths' sections with their seats, and how many applicants are placed. */
export function placementBoardQuery(eventId: string) {
  return queryOptions({
    queryKey: placementKeys.board(eventId),
    queryFn: ({ signal }) => api.get<PlacementBoard>(placementPath(eventId), signal),
    staleTime: 0,
  });
}

/** GET the first 100 accepted applicants matching a search: the people a hand-set order picks from. */
export function placementApplicantsQuery(eventId: string, search: string) {
  return queryOptions({
    queryKey: placementKeys.applicants(eventId, search),
    queryFn: ({ signal }) =>
      api.get<PlacementApplicantPage>(
        withQuery(`${placementPath(eventId)}/applicants`, { pageSize: '100', ...(search ? { search } : {}) }),
        signal,
      ),
  });
}

/** POST a run to preview: nothing is saved. */
export function usePlacementPreview(eventId: string) {
  return useMutation({
    mutationFn: (body: PlacementRunInput & { page: number }) =>
      api.post<PlacementPreview>(`${placementPath(eventId)}/preview`, body),
  });
}

/** POST the previewed run to publish; then the board is read again. */
export function usePublishPlacement(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlacementPublishInput) =>
      api.post<PlacementPublished>(`${placementPath(eventId)}/publish`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placementKeys.all(eventId) }),
  });
}
