import { queryOptions } from '@tanstack/react-query';
import type { MyEvaluation } from '@portal/domain/events/evaluations.ts';
import { api } from '../../lib/api.ts';

export const evaluationKeys = {
  mine: ['evaluations', 'mine'] as const,
  one: (eventId: string, occasion: string) => ['evaluations', 'mine', eventId, occasion] as const,
};

/** GET /api/evaluations: the evaluations the signed-in member is asked, read by My tickets and the form. */
export const myEvaluationsQuery = queryOptions({
  queryKey: evaluationKeys.mine,
  queryFn: ({ signal }) => api.get<{ items: MyEvaluation[] }>('/api/evaluations', signal),
});
