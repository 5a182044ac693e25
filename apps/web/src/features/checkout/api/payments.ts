import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelCheckoutReply, CashnetReturn, EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import type { DistrictFundOption } from '@portal/domain/organizations/district-funds.ts';
import type { Profile } from '@portal/domain/people/profile.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

export const checkoutPath = '/members/event-cart/checkout';

export function successPath(eventPaymentId: string, source: string): string {
  return `${checkoutPath}/success?${new URLSearchParams({ eventPaymentId, source }).toString()}`;
}

/**
 * POST /api/payments/cashnet/confirm: the gateway's return is checked by the server before the
 * payment is read. A query rather than a mutation, so the page's double mount (StrictMode) and a
 * reload of the same return address ask once per return; the server records it once anyway.
 */
export function cashnetConfirmQuery(cashnet: CashnetReturn) {
  return queryOptions({
    queryKey: ['payments', 'cashnet-confirm', cashnet] as const,
    queryFn: () => api.post<EventPaymentReply>('/api/payments/cashnet/confirm', cashnet),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * GET /api/profile, for the member's organizations (any active membership may be named on a purchase
 * order). The same key and call as the profile page, so either fills the other's cache.
 */
export const membershipsQuery = queryOptions({
  queryKey: ['profile'] as const,
  queryFn: ({ signal }) => api.get<Profile>('/api/profile', signal),
  select: (profile) => profile.memberships,
});

/** POST /api/purchase-orders (multipart: the fields, then the PDF): the payment becomes PO_SUBMITTED. */
export function useSubmitPurchaseOrder(eventPaymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => api.post<{ purchaseOrderId: string }>('/api/purchase-orders', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayment(eventPaymentId), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayments, refetchType: 'none' });
    },
  });
}

/** POST /api/payments/demo/{id}: the demo gateway's Pay or Decline; answers where to go next. */
export function useDemoPayment(eventPaymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: 'succeed' | 'decline') =>
      api.post<{ redirectUrl: string }>(`/api/payments/demo/${encodeURIComponent(eventPaymentId)}`, { outcome }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayments, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: commerceKeys.cart, refetchType: 'none' });
    },
  });
}

/**
 * POST /api/checkout/{id}/cancel: the purchase-order page's Cancel for a cart's payment. Its tickets
 * go back into the cart and its seats are released; the cart and the payments are read again.
 */
export function useCancelCheckout(eventPaymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CancelCheckoutReply>(`/api/checkout/${encodeURIComponent(eventPaymentId)}/cancel`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commerceKeys.cart });
      await queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayments, refetchType: 'none' });
    },
  });
}

/** GET /api/district-funds/options: whether the school's district fund can pay this checkout (its OWNER, an eligible school). */
export function districtFundOptionQuery(organizationId: string) {
  return queryOptions({
    queryKey: ['district-funds', 'option', organizationId] as const,
    queryFn: ({ signal }) =>
      api.get<DistrictFundOption>(withQuery('/api/district-funds/options', { organizationId }), signal),
  });
}
