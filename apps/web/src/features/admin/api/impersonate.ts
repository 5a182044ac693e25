import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@portal/domain/auth.ts';
import { homePath } from '@portal/domain/navigation.ts';
import { api } from '../../../lib/api.ts';
import { startSession } from '../../../lib/current-user.ts';
import { notifyError } from '../../../lib/errors.ts';

/**
 * POST /api/admin/users/{userId}/impersonate: the session now views the portal as that user.
 * Everything cached for the staff member is forgotten before their profile opens.
 */
export function useImpersonate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<CurrentUser>(`/api/admin/users/${encodeURIComponent(userId)}/impersonate`),
    onSuccess: async (user) => {
      startSession(queryClient, user);
      await navigate(homePath);
    },
    onError: notifyError,
  });
}
