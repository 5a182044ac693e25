import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/token: exchanges a sign-in link's token for a session; 401 when it is not valid. */
export function useTokenLogin() {
  return useMutation({
    mutationFn: (token: string) => api.post<CurrentUser>('/api/auth/token', { token }),
  });
}
