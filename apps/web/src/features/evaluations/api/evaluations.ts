import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Answers, MyEvaluation } from '@portal/domain/events/evaluations.ts';
import { api } from '../../../lib/api.ts';
import { evaluationKeys } from '../../../shared/evaluations/queries.ts';

const pathOf = (eventId: string, occasion: string) =>
  `/api/evaluations/${encodeURIComponent(eventId)}/${encodeURIComponent(occasion)}`;

/** GET /api/evaluations/{eventId}/{occasion}: the form, her draft and whether she answered it. */
export function evaluationQuery(eventId: string, occasion: string) {
  return queryOptions({
    queryKey: evaluationKeys.one(eventId, occasion),
    queryFn: ({ signal }) => api.get<MyEvaluation>(pathOf(eventId, occasion), signal),
  });
}

/** PUT …/draft: the half-filled form, saved as she goes. */
export function useSaveDraft(eventId: string, occasion: string) {
  return useMutation({
    mutationFn: (answers: Answers) => api.put<MyEvaluation>(`${pathOf(eventId, occasion)}/draft`, { answers }),
  });
}

/** POST: her answers, once; her certificates are read again, since a held one may be released. */
export function useSubmitEvaluation(eventId: string, occasion: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Answers) => api.post<MyEvaluation>(pathOf(eventId, occasion), { answers }),
    onSuccess: (saved) => {
      queryClient.setQueryData(evaluationKeys.one(eventId, occasion), saved);
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.mine });
      void queryClient.invalidateQueries({ queryKey: ['certificates'] });
    },
  });
}
