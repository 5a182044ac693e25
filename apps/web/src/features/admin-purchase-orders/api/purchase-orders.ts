import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseOrderStatus } from '@portal/domain/commerce/enums.ts';
import { purchaseOrderStatuses } from '@portal/domain/commerce/enums.ts';
import type { AdminPurchaseOrderPage, AdminPurchaseOrderRow } from '@portal/domain/commerce/purchase-orders.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { listParams, type ListParams } from '../../../lib/list-search.ts';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';

/** The status filter: one status, or every purchase order ("ALL"). */
export type PurchaseOrderFilter = PurchaseOrderStatus | 'ALL';
export const defaultPurchaseOrderFilter: PurchaseOrderFilter = 'SUBMITTED';

export interface PurchaseOrderListParams extends ListParams {
  status: PurchaseOrderFilter;
}

/** The list the URL asks for: ?search=&page=&status= (Submitted unless told). */
export function purchaseOrderListParams(searchParams: URLSearchParams): PurchaseOrderListParams {
  const status = searchParams.get('status');
  const filter: PurchaseOrderFilter =
    status === 'ALL' || purchaseOrderStatuses.includes(status as PurchaseOrderStatus)
      ? (status as PurchaseOrderFilter)
      : defaultPurchaseOrderFilter;
  return { ...listParams(searchParams), status: filter };
}

export const adminPurchaseOrderKeys = {
  all: ['admin', 'purchase-orders'] as const,
  list: (params: PurchaseOrderListParams) => [...adminPurchaseOrderKeys.all, 'list', params] as const,
};

const purchaseOrderPath = (id: string) => `/api/admin/purchase-orders/${encodeURIComponent(id)}`;

/** GET /api/admin/purchase-orders: by status (none for all), searched, 20 a page. */
export function adminPurchaseOrdersQuery(params: PurchaseOrderListParams) {
  return queryOptions({
    queryKey: adminPurchaseOrderKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<AdminPurchaseOrderPage>(
        withQuery('/api/admin/purchase-orders', {
          status: params.status === 'ALL' ? undefined : params.status,
          search: params.search,
          page: params.page,
          pageSize: commercePageSize,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
    // Members submit purchase orders while the list is open: read it again whenever it shows.
    staleTime: 0,
  });
}

/** GET /api/admin/purchase-orders/{id}/file: the uploaded PDF, served as an attachment. */
export const purchaseOrderFileUrl = (id: string) => `${purchaseOrderPath(id)}/file`;

export type PurchaseOrderDecision = 'approve' | 'void';

/**
 * POST /api/admin/purchase-orders/{id}/approve | void: the payment becomes PAID, or CANCELLED with its
 * seats released; either way the list is read again (the row leaves the Submitted filter).
 */
export function useDecidePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: PurchaseOrderDecision }) =>
      api.post<AdminPurchaseOrderRow>(`${purchaseOrderPath(id)}/${decision}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchaseOrderKeys.all }),
  });
}
