import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInProviderInput, SignInProviderList } from '@portal/domain/people/school-sign-in.ts';
import { api, withQuery } from '../../../lib/api.ts';

export const signInProviderKeys = {
  all: ['admin', 'sign-in-providers'] as const,
  page: (page: number) => [...signInProviderKeys.all, page] as const,
};

export const providersPageSize = 25;

/** GET /api/admin/sign-in-providers: by name, a page at a time. */
export const signInProvidersQuery = (page: number) =>
  queryOptions({
    queryKey: signInProviderKeys.page(page),
    queryFn: ({ signal }) =>
      api.get<SignInProviderList>(
        withQuery('/api/admin/sign-in-providers', { page, pageSize: providersPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** POST a new provider, or PUT the one being edited; the list is read again either way. */
export function useSaveSignInProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SignInProviderInput }) =>
      id === null
        ? api.post<{ id: string }>('/api/admin/sign-in-providers', input)
        : api.put<{ id: string }>(`/api/admin/sign-in-providers/${encodeURIComponent(id)}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInProviderKeys.all }),
  });
}
