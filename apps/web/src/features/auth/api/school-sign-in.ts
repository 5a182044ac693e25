import { queryOptions } from '@tanstack/react-query';
import type { SignInProviderOption } from '@portal/domain/people/school-sign-in.ts';
import { api } from '../../../lib/api.ts';

/** GET /api/auth/school/providers: the schools' own sign-ins staff turned on, by name. */
export const schoolSignInProvidersQuery = () =>
  queryOptions({
    queryKey: ['auth', 'school-sign-in-providers'] as const,
    queryFn: ({ signal }) => api.get<{ providers: SignInProviderOption[] }>('/api/auth/school/providers', signal),
    staleTime: 5 * 60_000,
  });

/** Where the browser goes to sign in at the school: the server sends it on to the school's provider. */
export const schoolSignInStartPath = (providerId: string) => `/api/auth/school/${encodeURIComponent(providerId)}/start`;
