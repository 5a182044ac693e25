import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableUser, AssignableUsersPage, NewPendingUser } from '@portal/domain/allocation.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { allocationKeys } from './allocation.ts';

/** One page of matches is all a picker ever shows: with 5,000 staff, typing narrows it. */
export const assignableUsersPageSize = 25;

function organizationPath(organizationId: string, rest: string): string {
  return `/api/organizations/${encodeURIComponent(organizationId)}/${rest}`;
}

/** GET /api/organizations/{id}/assignable-users?search=: the first page of members and pending users matching. */
export function assignableUsersQuery(organizationId: string, search: string) {
  return queryOptions({
    queryKey: allocationKeys.assignableUsersSearch(organizationId, search),
    queryFn: ({ signal }) =>
      api.get<AssignableUsersPage>(
        withQuery(organizationPath(organizationId, 'assignable-users'), { search, page: 1, pageSize: assignableUsersPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/organizations/{id}/pending-users: a pending user of that organization. Every picker's
 * search of the organization is read again, so the new user can be picked at once.
 */
export function useCreatePendingUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPendingUser) =>
      api.post<AssignableUser>(organizationPath(input.organizationId, 'pending-users'), input),
    onSuccess: async (_user, input) => {
      await queryClient.invalidateQueries({ queryKey: allocationKeys.assignableUsers(input.organizationId) });
    },
  });
}
