import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminDistrictDetail, AdminDistrictPage } from '@portal/domain/organizations/contracts.ts';
import { api, withQuery } from '../../../lib/api.ts';
import type { ListParams } from '../../../lib/list-search.ts';
import { adminListPageSize } from './admin-organizations.ts';

export const adminDistrictKeys = {
  all: ['admin', 'districts'] as const,
  list: (params: ListParams) => [...adminDistrictKeys.all, 'list', params] as const,
  detail: (districtId: string) => [...adminDistrictKeys.all, 'detail', districtId] as const,
};

/** GET /api/admin/districts: search by name, 20 a page. */
export function adminDistrictsQuery(params: ListParams) {
  return queryOptions({
    queryKey: adminDistrictKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<AdminDistrictPage>(
        withQuery('/api/admin/districts', { search: params.search, page: params.page, pageSize: adminListPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/districts/{id}: its organizations, district memberships and invitations. */
export function adminDistrictQuery(districtId: string) {
  return queryOptions({
    queryKey: adminDistrictKeys.detail(districtId),
    queryFn: ({ signal }) =>
      api.get<AdminDistrictDetail>(`/api/admin/districts/${encodeURIComponent(districtId)}`, signal),
  });
}
