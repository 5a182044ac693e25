import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  refundMethods,
  refundStatuses,
  type AdminRefundPage,
  type RefundMethod,
  type RefundReply,
  type RefundStatus,
} from '@portal/domain/commerce/refunds.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { listParams, type ListParams } from '../../../lib/list-search.ts';

export const refundsPageSize = 25;
export const refundsPath = '/api/admin/refunds';

/** The page the URL asks for: ?search= (the buyer) &status= &method= &page=. */
export interface RefundsParams extends ListParams {
  status: RefundStatus | 'ALL';
  method: RefundMethod | 'ALL';
}

export function refundsParams(searchParams: URLSearchParams): RefundsParams {
  const status = searchParams.get('status');
  const method = searchParams.get('method');
  return {
    ...listParams(searchParams),
    status: refundStatuses.includes(status as RefundStatus) ? (status as RefundStatus) : 'ALL',
    method: refundMethods.includes(method as RefundMethod) ? (method as RefundMethod) : 'ALL',
  };
}

/** The filters as the API reads them, for the page and for its export alike. */
export const refundsFilters = (params: RefundsParams) => ({
  search: params.search,
  status: params.status === 'ALL' ? undefined : params.status,
  method: params.method === 'ALL' ? undefined : params.method,
});

/** GET /api/admin/refunds: newest first, filtered, 25 a page. */
export function refundsQuery(params: RefundsParams) {
  return queryOptions({
    queryKey: ['admin', 'refunds', params] as const,
    queryFn: ({ signal }) =>
      api.get<AdminRefundPage>(
        withQuery(refundsPath, { ...refundsFilters(params), page: params.page, pageSize: refundsPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/refunds/:id/settle: the finance office paid a refund owed. */
export const settleRefund = (refundId: string) =>
  api.post<RefundReply>(`${refundsPath}/${encodeURIComponent(refundId)}/settle`);
