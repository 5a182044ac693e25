import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUserPage } from '@portal/domain/people/admin-users.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const adminUsersPageSize = 20;

export interface AdminUsersParams {
  search: string;
  page: number;
}

/** The page of the users list the URL asks for (?search=&page=). */
export function adminUsersParams(searchParams: URLSearchParams): AdminUsersParams {
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return {
    search: (searchParams.get('search') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export const adminKeys = {
  all: ['admin'] as const,
  users: (params: AdminUsersParams) => [...adminKeys.all, 'users', params] as const,
};

/** GET /api/admin/users (staff only). The previous page stays on screen while the next one loads. */
export function adminUsersQuery(params: AdminUsersParams) {
  return queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) =>
      api.get<AdminUserPage>(
        withQuery('/api/admin/users', { search: params.search, page: params.page, pageSize: adminUsersPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
