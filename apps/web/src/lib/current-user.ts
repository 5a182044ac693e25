import { queryOptions, useQuery, type Query, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import { api, isApiError } from './api.ts';

/** GET /api/me: the signed-in user, or null when signed out (401). Shared by guards and layouts. */
export const currentUserQuery = queryOptions({
  queryKey: ['current-user'] as const,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    try {
      return await api.get<CurrentUser>('/api/me', signal);
    } catch (error) {
      if (isApiError(error, 401)) return null;
      throw error;
    }
  },
  // Only our own sign-in, sign-out and impersonation change who is signed in; they set this directly.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCurrentUser(): CurrentUser | null | undefined {
  return useQuery(currentUserQuery).data;
}

/**
 * Switching who is signed in from a page that stays mounted until the next one renders (staff's
 * 'View as'): what is off screen is forgotten first, so the next page loads the new user's data; what
 * the old page shows is never forgotten while it is mounted, so it never asks again as the new user
 * (a staff list refetched as a member answers 403).
 */
export async function switchSession(
  queryClient: QueryClient,
  user: CurrentUser,
  leave: () => void | Promise<void>,
): Promise<void> {
  const isCurrentUser = (query: Query) => query.queryKey[0] === currentUserQuery.queryKey[0];
  const onScreen = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.getObserversCount() > 0 && !isCurrentUser(query) });
  queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 && !isCurrentUser(query) });
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  await leave();
  // A page React has not yet unmounted keeps its queries until it goes (then garbage collection takes them).
  for (const query of onScreen) if (query.getObserversCount() === 0) queryClient.getQueryCache().remove(query);
}

/** After a sign-in or impersonation: forget the previous user's data, then remember the new user. */
export function startSession(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.removeQueries();
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

/**
 * After sign-out: the user is known signed out at once, the app goes to sign in, and only then is the
 * rest of the previous user's data forgotten. Forgotten first, a page still on screen would read its
 * data again (and keep it) on its way out.
 */
export async function endSession(queryClient: QueryClient, goToSignIn: () => Promise<void> | void): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.setQueryData(currentUserQuery.queryKey, null);
  await goToSignIn();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
}
