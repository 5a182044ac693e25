import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseOrderStatus } from '@portal/domain/commerce/enums.ts';
import { purchaseOrderStatuses } from '@portal/domain/commerce/enums.ts';
import type { AdminPurchaseOrderPage, AdminPurchaseOrderRow } from '@portal/domain/commerce/purchase-orders.ts';
import { api } from '../../../lib/api.ts';
import { getStatusList, statusListParams, type StatusListParams } from '../../../shared/commerce/admin-lists.ts';

/** The status filter: one status, or every purchase order ("ALL"). */
export type PurchaseOrderFilter = PurchaseOrderStatus | 'ALL';
export const defaultPurchaseOrderFilter: PurchaseOrderFilter = 'SUBMITTED';

export type PurchaseOrderListParams = StatusListParams<PurchaseOrderStatus>;

/** The list the URL asks for: ?search=&page=&status= (Submitted unless told). */
export function purchaseOrderListParams(searchParams: URLSearchParams): PurchaseOrderListParams {
  return statusListParams(searchParams, purchaseOrderStatuses, defaultPurchaseOrderFilter);
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
    queryFn: ({ signal }) => getStatusList<AdminPurchaseOrderPage>('/api/admin/purchase-orders', params, signal),
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
