import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CartReply } from '@portal/domain/commerce/cart.ts';
import type { EventPaymentReply, PaymentOptionsReply } from '@portal/domain/commerce/payments.ts';
import type { UnfinishedOrderPage } from '@portal/domain/commerce/unfinished-orders.ts';
import { api, withQuery } from '../../lib/api.ts';

/**
 * Query keys and reads several commerce features share: the catalogue adds to the cart the checkout
 * page shows; the checkout pages and Manage Events read the same event payments; an allocation
 * changes the payments' progress and the tickets Manage Events lists.
 */
export const commerceKeys = {
  cart: ['cart'] as const,
  eventPayments: ['event-payments'] as const,
  eventPaymentList: (page: number) => [...commerceKeys.eventPayments, 'list', page] as const,
  eventPayment: (eventPaymentId: string) => [...commerceKeys.eventPayments, 'detail', eventPaymentId] as const,
  /** The buyer's unfinished orders (Manage Events and the cart), under eventPayments so a payment's change reaches them. */
  unfinishedOrders: (page: number) => [...commerceKeys.eventPayments, 'unfinished', page] as const,
  /** The member's own tickets ('Manage Events'), which an allocation changes. */
  myTickets: ['my-tickets'] as const,
  paymentOptions: ['payment-options'] as const,
};

/** GET /api/cart: the member's cart, totals computed by the server. */
export const cartQuery = queryOptions({
  queryKey: commerceKeys.cart,
  queryFn: ({ signal }) => api.get<CartReply>('/api/cart', signal),
  // Seats and coupons change under it: read it again whenever a page shows it.
  staleTime: 0,
});

/** GET /api/event-payments/{id}: the buyer's payment (404 for anyone else). */
export function eventPaymentQuery(eventPaymentId: string) {
  return queryOptions({
    queryKey: commerceKeys.eventPayment(eventPaymentId),
    queryFn: ({ signal }) =>
      api.get<EventPaymentReply>(`/api/event-payments/${encodeURIComponent(eventPaymentId)}`, signal),
    staleTime: 0,
  });
}

/** GET /api/payments/options: whether card payment is set up here (purchase orders always are). */
export const paymentOptionsQuery = queryOptions({
  queryKey: commerceKeys.paymentOptions,
  queryFn: ({ signal }) => api.get<PaymentOptionsReply>('/api/payments/options', signal),
  // Configuration changes only with a restart.
  staleTime: Infinity,
});

export const unfinishedOrdersPageSize = 20;

/** GET /api/event-payments/unfinished: the member's own unfinished orders, the hold ending first first. */
export function unfinishedOrdersQuery(page: number) {
  return queryOptions({
    queryKey: commerceKeys.unfinishedOrders(page),
    queryFn: ({ signal }) =>
      api.get<UnfinishedOrderPage>(
        withQuery('/api/event-payments/unfinished', { page, pageSize: unfinishedOrdersPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
    // Holds run out and orders are finished elsewhere: read again whenever a page shows them.
    staleTime: 0,
  });
}
