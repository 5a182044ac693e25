import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EvaluationInput, EvaluationResults, StaffEvaluation } from '@portal/domain/events/evaluations.ts';
import { api } from '../../../lib/api.ts';

export type StaffEvaluationAnswer = StaffEvaluation & { exists: boolean };

const pathOf = (eventId: string) => `/api/admin/evaluations/${encodeURIComponent(eventId)}`;

export const adminEvaluationKeys = {
  evaluation: (eventId: string) => ['admin', 'evaluations', eventId] as const,
  results: (eventId: string) => ['admin', 'evaluations', eventId, 'results'] as const,
};

/** GET the event's evaluation (or the default template while it has none). */
export function adminEvaluationQuery(eventId: string) {
  return queryOptions({
    queryKey: adminEvaluationKeys.evaluation(eventId),
    queryFn: ({ signal }) => api.get<StaffEvaluationAnswer>(pathOf(eventId), signal),
  });
}

/** GET the results: the whole event, per section and per facilitator. */
export function adminEvaluationResultsQuery(eventId: string) {
  return queryOptions({
    queryKey: adminEvaluationKeys.results(eventId),
    queryFn: ({ signal }) => api.get<EvaluationResults>(`${pathOf(eventId)}/results`, signal),
    staleTime: 0,
  });
}

export const resultsExportPath = (eventId: string) => `${pathOf(eventId)}/results/export`;

/** PUT the evaluation. */
export function useSaveEvaluation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EvaluationInput) => api.put<StaffEvaluationAnswer>(pathOf(eventId), input),
    onSuccess: (saved) => queryClient.setQueryData(adminEvaluationKeys.evaluation(eventId), saved),
  });
}
