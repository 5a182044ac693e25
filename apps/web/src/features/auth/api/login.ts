import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, LoginRequest } from '@portal/domain/people/auth.ts';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/login: the user on success; 401 wrong email or password, 429 too many attempts. */
export function useLogin() {
  return useMutation({
    mutationFn: (request: LoginRequest) => api.post<CurrentUser>('/api/auth/login', request),
  });
}
