import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventPaymentPage, WithdrawFundRequestReply } from '@portal/domain/commerce/payments.ts';
import type {
  CancellationChoice,
  CancellationReply,
  CancellationRequestInput,
  CancellationRequestReply,
  CancellationView,
  RefundPreview,
} from '@portal/domain/commerce/refunds.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

export const eventPaymentsPageSize = 20;

/** The page of ?page= (1 when missing or not a positive whole number). */
export function pageOf(searchParams: URLSearchParams): number {
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** GET /api/event-payments: the member's payments and those of organizations they administer, newest first. */
export function eventPaymentsQuery(page: number) {
  return queryOptions({
    queryKey: commerceKeys.eventPaymentList(page),
    queryFn: ({ signal }) =>
      api.get<EventPaymentPage>(withQuery('/api/event-payments', { page, pageSize: eventPaymentsPageSize }), signal),
    placeholderData: keepPreviousData,
  });
}

const cancellationPath = (id: string) => `/api/event-payments/${encodeURIComponent(id)}/cancellation`;

/** GET /api/event-payments/{id}/cancellation: what she may cancel, each line's policy, refunds made. */
export function cancellationViewQuery(eventPaymentId: string) {
  return queryOptions({
    queryKey: [...commerceKeys.eventPayment(eventPaymentId), 'cancellation'] as const,
    queryFn: ({ signal }) => api.get<CancellationView>(cancellationPath(eventPaymentId), signal),
    staleTime: 0,
  });
}

/** POST /api/event-payments/{id}/cancellation/preview: the refund the server computes for the tickets chosen. */
export function cancellationPreviewQuery(eventPaymentId: string, items: CancellationChoice['items']) {
  return queryOptions({
    queryKey: [...commerceKeys.eventPayment(eventPaymentId), 'cancellation-preview', items] as const,
    queryFn: () => api.post<RefundPreview>(`${cancellationPath(eventPaymentId)}/preview`, { items }),
    enabled: items.length > 0,
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/event-payments/{id}/cancellation, once per dialog (its Idempotency-Key). */
export function useCancelTickets(eventPaymentId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: CancellationChoice['items']) =>
      api.post<CancellationReply>(cancellationPath(eventPaymentId), { items }, { 'idempotency-key': idempotencyKey }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayments }),
        queryClient.invalidateQueries({ queryKey: commerceKeys.myTickets }),
      ]),
  });
}

/** POST /api/event-payments/{id}/cancellation-requests: outside the policy, she asks staff. */
export function useRequestCancellation(eventPaymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancellationRequestInput) =>
      api.post<CancellationRequestReply>(
        `/api/event-payments/${encodeURIComponent(eventPaymentId)}/cancellation-requests`,
        input,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayment(eventPaymentId) }),
  });
}

/** The invoice's PDF through the organization's statement, which only its OWNER and ADMINs may read. */
export const invoiceFileUrl = (invoice: { organizationId: string; id: string }) =>
  `/api/statements/${encodeURIComponent(invoice.organizationId)}/invoices/${encodeURIComponent(invoice.id)}/file`;

/**
 * POST /api/event-payments/{id}/withdraw: the buyer withdraws an order waiting for the district
 * administrator. Its lines are back in the cart, so the cart is read again with the payments.
 */
export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventPaymentId: string) =>
      api.post<WithdrawFundRequestReply>(`/api/event-payments/${encodeURIComponent(eventPaymentId)}/withdraw`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayments }),
        queryClient.invalidateQueries({ queryKey: commerceKeys.cart }),
      ]),
  });
}
