import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AssignableUsersPage } from '@portal/domain/tickets/allocation.ts';
import { api, withQuery } from '../../lib/api.ts';

/**
 * Who can hold an organization's tickets, as ticket allocation and package ticket assignment pick
 * them: the organization's members and pending users, searched on the server.
 */
export const assigneeKeys = {
  assignableUsers: (organizationId: string) => ['assignable-users', organizationId] as const,
};

/** One page of matches is all a picker ever shows: with 5,000 staff, typing narrows it. */
export const assignableUsersPageSize = 25;

export function organizationPath(organizationId: string, rest: string): string {
  return `/api/organizations/${encodeURIComponent(organizationId)}/${rest}`;
}

/** GET {path}?search=&page=1&pageSize=25: the first page of people matching, under `queryKey` and the search. */
function firstPageOfPeople(queryKey: readonly string[], path: string, search: string) {
  return queryOptions({
    queryKey: [...queryKey, search],
    queryFn: ({ signal }) =>
      api.get<AssignableUsersPage>(withQuery(path, { search, page: 1, pageSize: assignableUsersPageSize }), signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/organizations/{id}/assignable-users?search=: the first page of members and pending users matching. */
export function assignableUsersQuery(organizationId: string, search: string) {
  return firstPageOfPeople(
    assigneeKeys.assignableUsers(organizationId),
    organizationPath(organizationId, 'assignable-users'),
    search,
  );
}

/**
 * Another list of people answered as assignable-users answers (a holder passing her ticket on picks
 * from GET /api/ticket-transfers/{ticketId}/recipients): its first page matching the search.
 */
export function peopleAtQuery(path: string, search: string) {
  return firstPageOfPeople(['people-at', path], path, search);
}
