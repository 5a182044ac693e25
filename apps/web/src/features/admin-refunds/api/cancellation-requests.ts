import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancellationRequestStatuses,
  type CancellationDecisionInput,
  type CancellationRequestReply,
  type CancellationRequestRow,
  type CancellationRequestStatus,
} from '@portal/domain/commerce/refunds.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { listParams, type ListParams } from '../../../lib/list-search.ts';

export const cancellationRequestsPageSize = 25;
const requestsPath = '/api/admin/refunds/cancellation-requests';

/** The page the URL asks for: ?search= (the buyer) &status= &page=. */
export interface CancellationRequestsParams extends ListParams {
  status: CancellationRequestStatus | 'ALL';
}

export function cancellationRequestsParams(searchParams: URLSearchParams): CancellationRequestsParams {
  const status = searchParams.get('status');
  return {
    ...listParams(searchParams),
    status: cancellationRequestStatuses.includes(status as CancellationRequestStatus)
      ? (status as CancellationRequestStatus)
      : 'ALL',
  };
}

/** GET /api/admin/refunds/cancellation-requests: newest first, 25 a page. */
export function cancellationRequestsQuery(params: CancellationRequestsParams) {
  return queryOptions({
    queryKey: ['admin', 'cancellation-requests', params] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: CancellationRequestRow[]; total: number }>(
        withQuery(requestsPath, {
          search: params.search,
          status: params.status === 'ALL' ? undefined : params.status,
          page: params.page,
          pageSize: cancellationRequestsPageSize,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST …/cancellation-requests/{id}/decision: approved (with the refund chosen) or declined with a reason, once. */
export function useDecideCancellationRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancellationDecisionInput) =>
      api.post<CancellationRequestReply>(`${requestsPath}/${encodeURIComponent(requestId)}/decision`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
