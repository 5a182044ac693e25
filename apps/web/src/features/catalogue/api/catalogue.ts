import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCartItem, CartReply } from '@portal/domain/commerce/cart.ts';
import { catalogueMessages, type CatalogueEventDetail, type CataloguePage } from '@portal/domain/events/catalogue.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import type { ListParams } from '../../../lib/list-search.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

export const cataloguePageSize = 10;

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (params: ListParams) => [...catalogueKeys.all, 'list', params] as const,
  detail: (eventId: string) => [...catalogueKeys.all, 'detail', eventId] as const,
};

/** GET /api/catalogue/events: upcoming published events by start date; the previous page stays while the next loads. */
export function catalogueQuery(params: ListParams) {
  return queryOptions({
    queryKey: catalogueKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<CataloguePage>(
        withQuery('/api/catalogue/events', { search: params.search, page: params.page, pageSize: cataloguePageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/catalogue/events/{eventId}: the event with what can be bought and the seats left (404 when unpublished). */
export function catalogueEventQuery(eventId: string) {
  return queryOptions({
    queryKey: catalogueKeys.detail(eventId),
    queryFn: ({ signal }) =>
      api.get<CatalogueEventDetail>(`/api/catalogue/events/${encodeURIComponent(eventId)}`, signal),
  });
}

/** POST /api/cart/items: answers with the whole cart, which the checkout page then shows without asking again. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: AddCartItem) => api.post<CartReply>('/api/cart/items', item),
    onSuccess: (cart) => {
      queryClient.setQueryData(commerceKeys.cart, cart);
      notifications.show({ color: 'green', message: catalogueMessages.added });
    },
    onError: notifyError,
  });
}
