import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/forgot-password: always 202, whether or not the email has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (request: { email: string }) => api.post<{ message: string }>('/api/auth/forgot-password', request),
  });
}
