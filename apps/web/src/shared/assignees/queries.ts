import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AssignableUsersPage } from '@portal/domain/tickets/allocation.ts';
import { api, withQuery } from '../../lib/api.ts';

/**
 * Who can hold an organization's tickets, as ticket allocation and package ticket assignment pick
 * them: the organization's members and pending users, searched on the server.
 */
export const assigneeKeys = {
  assignableUsers: (organizationId: string) => ['assignable-users', organizationId] as const,
  assignableUsersSearch: (organizationId: string, search: string) =>
    [...assigneeKeys.assignableUsers(organizationId), search] as const,
};

/** One page of matches is all a picker ever shows: with 5,000 staff, typing narrows it. */
export const assignableUsersPageSize = 25;

export function organizationPath(organizationId: string, rest: string): string {
  return `/api/organizations/${encodeURIComponent(organizationId)}/${rest}`;
}

/** GET /api/organizations/{id}/assignable-users?search=: the first page of members and pending users matching. */
export function assignableUsersQuery(organizationId: string, search: string) {
  return queryOptions({
    queryKey: assigneeKeys.assignableUsersSearch(organizationId, search),
    queryFn: ({ signal }) =>
      api.get<AssignableUsersPage>(
        withQuery(organizationPath(organizationId, 'assignable-users'), {
          search,
          page: 1,
          pageSize: assignableUsersPageSize,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
