import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/reset-password: 204; 400 when the link is invalid, expired or already used. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (request: { token: string; password: string }) => api.post<void>('/api/auth/reset-password', request),
  });
}
