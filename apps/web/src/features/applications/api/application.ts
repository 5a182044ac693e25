import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationDetail, SaveSegmentInput } from '@portal/domain/applications/contracts.ts';
import { api } from '../../../lib/api.ts';

/**
 * Every event-application query key starts with 'event-applications', so a save here also marks the
 * applicant's list (and anything else about applications) as out of date.
 */
export const applicationKeys = {
  all: ['event-applications'] as const,
  detail: (applicationId: string) => [...applicationKeys.all, 'detail', applicationId] as const,
};

function applicationPath(applicationId: string): string {
  return `/api/event-applications/${encodeURIComponent(applicationId)}`;
}

/** GET /api/event-applications/{id}: the application with its event, choices, answers and progress (404 for anyone but the applicant). */
export function applicationQuery(applicationId: string) {
  return queryOptions({
    queryKey: applicationKeys.detail(applicationId),
    queryFn: ({ signal }) => api.get<ApplicationDetail>(applicationPath(applicationId), signal),
  });
}

/** PUT /api/event-applications/{id}/segments: one wizard step saved (or, REVIEW_AND_SUBMIT, the application submitted). */
export function useSaveSegmentMutation(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSegmentInput) =>
      api.put<ApplicationDetail>(`${applicationPath(applicationId)}/segments`, input),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: applicationKeys.all, refetchType: 'none' });
      queryClient.setQueryData(applicationKeys.detail(applicationId), saved);
    },
  });
}
