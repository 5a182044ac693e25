import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserPage } from '@portal/domain/people/admin-users.ts';
import type {
  StaffToolkitDocument,
  StaffToolkitDocumentPage,
  StaffToolkitOutline,
  ToolkitAudience,
  ToolkitMove,
  ToolkitUser,
  ToolkitUserFlags,
} from '@portal/domain/content/toolkit.ts';
import { api, apiRequest, withQuery } from '../../../lib/api.ts';

export const adminToolkitKeys = {
  all: ['admin-toolkit'] as const,
  outline: ['admin-toolkit', 'outline'] as const,
  documents: (params: DocumentListParams) => ['admin-toolkit', 'documents', params] as const,
  user: (userId: string) => ['admin-toolkit', 'user', userId] as const,
};

/** GET /api/admin/toolkit/outline: every category and grouping, in order. */
export const outlineQuery = queryOptions({
  queryKey: adminToolkitKeys.outline,
  queryFn: ({ signal }) => api.get<StaffToolkitOutline>('/api/admin/toolkit/outline', signal),
});

export interface DocumentListParams {
  search: string;
  /** 'category:{id}', 'grouping:{id}' or '' for every document. */
  place: string;
  page: number;
}

export function documentsQuery(params: DocumentListParams) {
  const [kind, id] = params.place.split(':');
  return queryOptions({
    queryKey: adminToolkitKeys.documents(params),
    queryFn: ({ signal }) =>
      api.get<StaffToolkitDocumentPage>(
        withQuery('/api/admin/toolkit/documents', {
          search: params.search,
          categoryId: kind === 'category' ? id : undefined,
          groupingId: kind === 'grouping' ? id : undefined,
          page: params.page,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every change to the library refreshes the outline (counts) and the document lists. */
function useLibraryMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminToolkitKeys.all }),
  });
}

export interface ContainerValues {
  name: string;
  parentId: string | null;
  audience: ToolkitAudience[];
}

type Kind = 'categories' | 'groupings';

export const useSaveContainer = () =>
  useLibraryMutation(({ kind, id, values }: { kind: Kind; id: string | null; values: ContainerValues }) => {
    const body =
      kind === 'categories'
        ? { name: values.name, audience: values.audience }
        : { title: values.name, parentId: values.parentId, audience: values.audience };
    return id === null
      ? api.post<StaffToolkitOutline>(`/api/admin/toolkit/${kind}`, body)
      : api.put<StaffToolkitOutline>(`/api/admin/toolkit/${kind}/${encodeURIComponent(id)}`, body);
  });

export const useDeleteContainer = () =>
  useLibraryMutation(({ kind, id }: { kind: Kind; id: string }) =>
    apiRequest<StaffToolkitOutline>('DELETE', `/api/admin/toolkit/${kind}/${encodeURIComponent(id)}`),
  );

export const useMoveContainer = () =>
  useLibraryMutation(({ kind, id, direction }: { kind: Kind; id: string } & ToolkitMove) =>
    api.post<StaffToolkitOutline>(`/api/admin/toolkit/${kind}/${encodeURIComponent(id)}/move`, { direction }),
  );

export interface DocumentValues {
  title: string;
  description: string;
  /** 'category:{id}' or 'grouping:{id}'. */
  place: string;
  file: File | null;
}

function documentForm(values: DocumentValues): FormData {
  const [kind, id = ''] = values.place.split(':');
  const data = new FormData();
  data.set('title', values.title);
  data.set('description', values.description);
  data.set('categoryId', kind === 'category' ? id : '');
  data.set('groupingId', kind === 'grouping' ? id : '');
  if (values.file) data.set('file', values.file, values.file.name);
  return data;
}

export const useSaveDocument = () =>
  useLibraryMutation(({ id, values }: { id: string | null; values: DocumentValues }) =>
    id === null
      ? apiRequest<StaffToolkitDocument>('POST', '/api/admin/toolkit/documents', { body: documentForm(values) })
      : apiRequest<StaffToolkitDocument>('PUT', `/api/admin/toolkit/documents/${encodeURIComponent(id)}`, {
          body: documentForm(values),
        }),
  );

export const useDeleteDocument = () =>
  useLibraryMutation((id: string) => api.delete<undefined>(`/api/admin/toolkit/documents/${encodeURIComponent(id)}`));

export const useMoveDocument = () =>
  useLibraryMutation(({ id, direction }: { id: string } & ToolkitMove) =>
    api.post<{ items: StaffToolkitDocument[] }>(`/api/admin/toolkit/documents/${encodeURIComponent(id)}/move`, {
      direction,
    }),
  );

/** GET /api/admin/users/{id}/toolkit: a user's toolkit access and flags. */
export function toolkitUserQuery(userId: string) {
  return queryOptions({
    queryKey: adminToolkitKeys.user(userId),
    queryFn: ({ signal }) => api.get<ToolkitUser>(`/api/admin/users/${encodeURIComponent(userId)}/toolkit`, signal),
  });
}

export function useSaveToolkitUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flags: ToolkitUserFlags) =>
      api.put<ToolkitUser>(`/api/admin/users/${encodeURIComponent(userId)}/toolkit`, flags),
    onSuccess: (user) => queryClient.setQueryData(adminToolkitKeys.user(userId), user),
  });
}

/** GET /api/admin/users?search=: a few users by name or email, to open one's toolkit flags. */
export function userLookupQuery(search: string) {
  return queryOptions({
    queryKey: ['admin-toolkit', 'user-lookup', search] as const,
    queryFn: ({ signal }) => api.get<AdminUserPage>(withQuery('/api/admin/users', { search, pageSize: 5 }), signal),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
