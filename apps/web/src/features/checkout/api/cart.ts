import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartMessages, type CartReply } from '@portal/domain/commerce/cart.ts';
import type { CheckoutInput, CheckoutReply } from '@portal/domain/commerce/payments.ts';
import { api, isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

const itemPath = (itemId: string) => `/api/cart/items/${encodeURIComponent(itemId)}`;

/**
 * Every cart change answers with the whole cart, which replaces the one on screen. A refusal that
 * means the cart changed elsewhere (404, 409) reads it again.
 */
function useCartMutation<Variables>(
  request: (variables: Variables) => Promise<CartReply>,
  success: string,
  onError = notifyError,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (cart) => {
      queryClient.setQueryData(commerceKeys.cart, cart);
      notifications.show({ color: 'green', message: success });
    },
    onError: (error) => {
      onError(error);
      if (isApiError(error, 404) || isApiError(error, 409))
        void queryClient.invalidateQueries({ queryKey: commerceKeys.cart });
    },
  });
}

/** PATCH /api/cart/items/{itemId}: a new number of tickets (1–100). */
export function useUpdateCartItem() {
  return useCartMutation(
    ({ itemId, numberOfTickets }: { itemId: string; numberOfTickets: number }) =>
      api.patch<CartReply>(itemPath(itemId), { numberOfTickets }),
    cartMessages.quantityUpdated,
  );
}

/** DELETE /api/cart/items/{itemId} */
export function useRemoveCartItem() {
  return useCartMutation((itemId: string) => api.delete<CartReply>(itemPath(itemId)), cartMessages.itemRemoved);
}

/**
 * POST /api/cart/coupon: refused with a detail saying why (unknown, expired, used up, not for these
 * events). The coupon form shows a refusal under its field (couponRefusal); only a failure that is not
 * about the code (the server or the network) is a toast.
 */
export function useApplyCoupon() {
  return useCartMutation(
    (code: string) => api.post<CartReply>('/api/cart/coupon', { code }),
    cartMessages.couponApplied,
    (error) => {
      if (couponRefusal(error) === null) notifyError(error);
    },
  );
}

/** Why the code was refused, as its field says it: 'Error applying coupon code' and the server's reason. */
export function couponRefusal(error: unknown): string | null {
  if (!isApiError(error) || error.status >= 500) return null;
  return `${cartMessages.couponError}. ${errorMessage(error)}`;
}

/** DELETE /api/cart/coupon */
export function useRemoveCoupon() {
  return useCartMutation(() => api.delete<CartReply>('/api/cart/coupon'), cartMessages.couponRemoved);
}

/**
 * POST /api/checkout with the attempt's Idempotency-Key: the same key again returns the same payment,
 * so a retry after a lost answer never buys twice. The cart is empty afterwards; it and the list of
 * payments are read again next time they are shown (not now: the page is about to be left).
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CheckoutInput; idempotencyKey: string }) =>
      api.post<CheckoutReply>('/api/checkout', input, { 'Idempotency-Key': idempotencyKey }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: commerceKeys.cart, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayments, refetchType: 'none' }),
      ]);
    },
  });
}
