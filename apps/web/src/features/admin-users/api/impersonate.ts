import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import { homePath } from '@portal/domain/navigation.ts';
import { api } from '../../../lib/api.ts';
import { switchSession } from '../../../lib/current-user.ts';
import { notifyError } from '../../../lib/errors.ts';

/**
 * POST /api/admin/users/{userId}/impersonate: the session now views the portal as that user.
 * Nothing cached for the staff member is shown or asked for again as the member.
 */
export function useImpersonate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (userId: string) => api.post<CurrentUser>(`/api/admin/users/${encodeURIComponent(userId)}/impersonate`),
    onSuccess: async (user) => {
      await switchSession(queryClient, user, () => navigate(homePath));
    },
    onError: notifyError,
  });
}
