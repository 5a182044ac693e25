import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, profileUpdate } from '@portal/domain/people/profile.ts';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { currentUserQuery } from '../../../lib/current-user.ts';

/**
 * The profile's query key. Other screens that change what the profile lists (affiliations, an
 * organization's name or address) invalidate this same key.
 */
export const profileKeys = { all: ['profile'] as const };

/** GET /api/profile: the signed-in member's fields and active organization memberships. */
export const profileQuery = queryOptions({
  queryKey: profileKeys.all,
  queryFn: ({ signal }) => api.get<Profile>('/api/profile', signal),
});

export type ProfileUpdateBody = z.output<typeof profileUpdate>;

/** PUT /api/profile: answers with the saved profile; the header's name comes from /api/me, read again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ProfileUpdateBody>) => api.put<Profile>('/api/profile', body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKeys.all, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      ]);
    },
  });
}
