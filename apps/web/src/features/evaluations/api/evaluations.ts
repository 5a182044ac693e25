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

const linkPathOf = (token: string) => `/api/evaluations/links/${encodeURIComponent(token)}`;
const linkKey = (token: string) => ['evaluations', 'link', token] as const;

/** GET /api/evaluations/links/{token}: the form the mail's signed link opens, signed in or not. */
export function evaluationLinkQuery(token: string) {
  return queryOptions({
    queryKey: linkKey(token),
    queryFn: ({ signal }) => api.get<MyEvaluation>(linkPathOf(token), signal),
  });
}

/** PUT …/draft through the link. */
export function useSaveDraftByLink(token: string) {
  return useMutation({
    mutationFn: (answers: Answers) => api.put<MyEvaluation>(`${linkPathOf(token)}/draft`, { answers }),
  });
}

/** POST through the link: her answers, once; a signed-in visitor's certificates are read again. */
export function useSubmitByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Answers) => api.post<MyEvaluation>(linkPathOf(token), { answers }),
    onSuccess: (saved) => {
      queryClient.setQueryData(linkKey(token), saved);
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.mine });
      void queryClient.invalidateQueries({ queryKey: ['certificates'] });
    },
  });
}
