import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/domain/auth.ts';
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

/** After a sign-in or impersonation: forget the previous user's data, then remember the new user. */
export function startSession(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.removeQueries();
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

/** After sign-out: nothing of the previous user stays in memory, and the user is known signed out. */
export function endSession(queryClient: QueryClient): void {
  queryClient.removeQueries();
  queryClient.setQueryData(currentUserQuery.queryKey, null);
}

