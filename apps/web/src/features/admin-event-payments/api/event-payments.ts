import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AllocationReply, CancelPaymentReply } from '@portal/domain/tickets/allocation.ts';
import { eventPaymentStatuses, type EventPaymentStatus } from '@portal/domain/commerce/enums.ts';
import type { AdminEventPaymentPage, AdminEventPaymentRow } from '@portal/domain/commerce/payments.ts';
import type {
  CancellationChoice,
  CancellationReply,
  CancellationView,
  RefundPreview,
  StaffCancelInput,
} from '@portal/domain/commerce/refunds.ts';
import { api } from '../../../lib/api.ts';
import { getStatusList, statusListParams, type StatusListParams } from '../../../shared/commerce/admin-lists.ts';

/** The status filter: one status, or every payment ("ALL", the default). */
export type EventPaymentFilter = EventPaymentStatus | 'ALL';
export const defaultEventPaymentFilter: EventPaymentFilter = 'ALL';

export type EventPaymentListParams = StatusListParams<EventPaymentStatus>;

/** The list the URL asks for: ?search=&page=&status= (all statuses unless told). */
export function eventPaymentListParams(searchParams: URLSearchParams): EventPaymentListParams {
  return statusListParams(searchParams, eventPaymentStatuses, defaultEventPaymentFilter);
}

export const adminEventPaymentKeys = {
  all: ['admin', 'event-payments'] as const,
  list: (params: EventPaymentListParams) => [...adminEventPaymentKeys.all, 'list', params] as const,
  detail: (id: string) => [...adminEventPaymentKeys.all, 'detail', id] as const,
  allocation: (id: string) => [...adminEventPaymentKeys.all, 'allocation', id] as const,
};

const paymentPath = (id: string) => `/api/admin/event-payments/${encodeURIComponent(id)}`;

/** GET /api/admin/event-payments: by status (none for all), searched, 20 a page. */
export function adminEventPaymentsQuery(params: EventPaymentListParams) {
  return queryOptions({
    queryKey: adminEventPaymentKeys.list(params),
    queryFn: ({ signal }) => getStatusList<AdminEventPaymentPage>('/api/admin/event-payments', params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/event-payments/{id}: the payment's summary. */
export function adminEventPaymentQuery(id: string) {
  return queryOptions({
    queryKey: adminEventPaymentKeys.detail(id),
    queryFn: ({ signal }) => api.get<AdminEventPaymentRow>(paymentPath(id), signal),
    staleTime: 0,
  });
}

/** GET /api/admin/event-payments/{id}/allocation: who holds its tickets. */
export function adminEventPaymentAllocationQuery(id: string) {
  return queryOptions({
    queryKey: adminEventPaymentKeys.allocation(id),
    queryFn: ({ signal }) => api.get<AllocationReply>(`${paymentPath(id)}/allocation`, signal),
    staleTime: 0,
  });
}

/** POST /api/admin/event-payments/{id}/cancel: the payment becomes CANCELLED; its summary, allocation and the list are read again. */
export function useCancelEventPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CancelPaymentReply>(`${paymentPath(id)}/cancel`),
    onSuccess: () => {
      queryClient.setQueryData<AdminEventPaymentRow>(adminEventPaymentKeys.detail(id), (row) =>
        row ? { ...row, status: 'CANCELLED' } : row,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminEventPaymentKeys.all }),
  });
}

/** POST /api/admin/event-payments/{id}/receipt/resend: the receipt mailed to the buyer again; answers where it went. */
export function useResendReceipt(id: string) {
  return useMutation({
    mutationFn: () => api.post<{ sentTo: string }>(`${paymentPath(id)}/receipt/resend`),
  });
}

/** GET /api/admin/event-payments/{id}/cancellation: its lines and tickets left, and the refunds made. */
export function adminCancellationViewQuery(id: string) {
  return queryOptions({
    queryKey: [...adminEventPaymentKeys.detail(id), 'cancellation'] as const,
    queryFn: ({ signal }) => api.get<CancellationView>(`${paymentPath(id)}/cancellation`, signal),
    staleTime: 0,
  });
}

/** POST /api/admin/event-payments/{id}/refund/preview: what a full refund of those tickets (all when none) gives back. */
export function adminRefundPreviewQuery(id: string, items: CancellationChoice['items'] | undefined) {
  return queryOptions({
    queryKey: [...adminEventPaymentKeys.detail(id), 'refund-preview', items ?? 'ALL'] as const,
    queryFn: () => api.post<RefundPreview>(`${paymentPath(id)}/refund/preview`, items ? { items } : {}),
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/admin/event-payments/{id}/refund, once per dialog (its Idempotency-Key). */
export function useRefundEventPayment(id: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffCancelInput) =>
      api.post<CancellationReply>(`${paymentPath(id)}/refund`, input, { 'idempotency-key': idempotencyKey }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminEventPaymentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'refunds'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      ]),
  });
}
