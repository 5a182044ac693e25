import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { loginPath } from '@portal/domain/navigation.ts';
import { api, isApiError } from '../lib/api.ts';
import { endSession } from '../lib/current-user.ts';
import { notifyError } from '../lib/errors.ts';

type EndSessionCall = '/api/auth/logout' | '/api/auth/clear-impersonation';

/**
 * Log Out and Clear Impersonation both end the session on the server, forget everything cached for
 * it, and return to sign in. A 401 means the session had already ended: the outcome is the same.
 */
export function useEndSession(call: EndSessionCall) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const leave = () => endSession(queryClient, () => navigate(loginPath, { replace: true }));

  return useMutation({
    mutationFn: () => api.post<void>(call),
    onSuccess: leave,
    onError: async (error) => {
      if (isApiError(error, 401)) await leave();
      else notifyError(error);
    },
  });
}
