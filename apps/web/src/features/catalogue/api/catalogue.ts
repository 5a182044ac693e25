import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCartItem, CartReply } from '@portal/domain/commerce/cart.ts';
import {
  catalogueFormats,
  catalogueKindFilters,
  catalogueMessages,
  type CatalogueEventDetail,
  type CatalogueFormat,
  type CatalogueKindFilter,
  type CataloguePage,
} from '@portal/domain/events/catalogue.ts';
import { parseGradeBand, type GradeBand } from '@portal/domain/events/grade-bands.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import { listParams, type ListParams } from '../../../lib/list-search.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';

export const cataloguePageSize = 10;

/** The page the URL asks for: ?search=&from=&to=&kind=&format=&grade=&page= (each filter optional). */
export interface CatalogueParams extends ListParams {
  from?: string;
  to?: string;
  kind?: CatalogueKindFilter;
  format?: CatalogueFormat;
  grade?: GradeBand;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters of the address, as far as they can mean something: a date that is no day, or a kind,
 * format or grade band this catalogue does not know, is left out rather than sent to be refused. A backwards
 * range is sent as it is: the server's refusal says what to correct.
 */
export function catalogueParams(searchParams: URLSearchParams): CatalogueParams {
  const from = searchParams.get('from') ?? '';
  const to = searchParams.get('to') ?? '';
  const kind = searchParams.get('kind');
  const format = searchParams.get('format');
  const grade = parseGradeBand(searchParams.get('grade'));
  return {
    ...listParams(searchParams),
    ...(isoDay.test(from) ? { from } : {}),
    ...(isoDay.test(to) ? { to } : {}),
    ...(catalogueKindFilters.includes(kind as CatalogueKindFilter) ? { kind: kind as CatalogueKindFilter } : {}),
    ...(catalogueFormats.includes(format as CatalogueFormat) ? { format: format as CatalogueFormat } : {}),
    ...(grade ? { grade } : {}),
  };
}

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (params: CatalogueParams) => [...catalogueKeys.all, 'list', params] as const,
  detail: (eventId: string) => [...catalogueKeys.all, 'detail', eventId] as const,
};

/** GET /api/catalogue/events: upcoming published events by start date, filtered; the previous page stays while the next loads. */
export function catalogueQuery(params: CatalogueParams) {
  return queryOptions({
    queryKey: catalogueKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<CataloguePage>(
        withQuery('/api/catalogue/events', {
          search: params.search,
          from: params.from,
          to: params.to,
          kind: params.kind,
          format: params.format,
          grade: params.grade,
          page: params.page,
          pageSize: cataloguePageSize,
        }),
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
    // Its seats left change with every checkout and discard: read it again whenever the page shows it.
    staleTime: 0,
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
