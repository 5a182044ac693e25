import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { couponInput, CouponPage, CouponRow } from '@portal/domain/events/admin-contracts.ts';
import { api, withQuery } from '../../../lib/api.ts';
import type { ListParams } from '../../../lib/list-search.ts';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';

/** What the API receives: the code already upper-cased by the schema. */
export type CouponBody = z.output<typeof couponInput>;

export const adminCouponKeys = {
  all: ['admin', 'coupons'] as const,
  list: (params: ListParams) => [...adminCouponKeys.all, 'list', params] as const,
};

/** GET /api/admin/coupons: searched by code, 20 a page. */
export function adminCouponsQuery(params: ListParams) {
  return queryOptions({
    queryKey: adminCouponKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<CouponPage>(
        withQuery('/api/admin/coupons', { search: params.search, page: params.page, pageSize: commercePageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/coupons (new) or PUT /api/admin/coupons/{id} (edit); 409 when the code is taken. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CouponBody }) =>
      id === null
        ? api.post<CouponRow>('/api/admin/coupons', body)
        : api.put<CouponRow>(`/api/admin/coupons/${encodeURIComponent(id)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCouponKeys.all }),
  });
}
