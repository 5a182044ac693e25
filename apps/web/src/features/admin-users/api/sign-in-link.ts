import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';

/**
 * POST /api/admin/users/{userId}/sign-in-link: a one-time link (one hour) that opens the portal as
 * that user, as an impersonation by the staff member who asked for it.
 */
export function useSignInLink() {
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<{ url: string }>(`/api/admin/users/${encodeURIComponent(userId)}/sign-in-link`),
    onError: notifyError,
  });
}
