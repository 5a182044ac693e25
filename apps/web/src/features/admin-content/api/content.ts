import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  SchoolYearInput,
  SchoolYearList,
  SchoolYearRow,
  StaffOrganizationResourceList,
  StaffOrganizationResourceRow,
} from '@portal/domain/content/organization-resources.ts';
import type { AdminOrganizationPage } from '@portal/domain/organizations/contracts.ts';
import type {
  VideoCollection,
  VideoCollectionInput,
  VideoCollectionSummaries,
  VideoInput,
} from '@portal/domain/content/video-collections.ts';
import { api, apiRequest, withQuery } from '../../../lib/api.ts';

export const contentKeys = {
  all: ['admin-content'] as const,
  schoolYears: () => [...contentKeys.all, 'school-years'] as const,
  organizations: (search: string) => [...contentKeys.all, 'organizations', search] as const,
  resources: (organizationId: string, schoolYearId: string, page: number) =>
    [...contentKeys.all, 'resources', organizationId, schoolYearId, page] as const,
  collections: () => [...contentKeys.all, 'collections'] as const,
  collection: (id: string) => [...contentKeys.all, 'collection', id] as const,
};

export function schoolYearsQuery() {
  return queryOptions({
    queryKey: contentKeys.schoolYears(),
    queryFn: ({ signal }) => api.get<SchoolYearList>('/api/admin/school-years', signal),
  });
}

/** The organizations a staff member may pick, found by name (the staff organizations list, 10 at a time). */
export function organizationSearchQuery(search: string) {
  return queryOptions({
    queryKey: contentKeys.organizations(search),
    queryFn: ({ signal }) =>
      api.get<AdminOrganizationPage>(withQuery('/api/admin/organizations', { search, page: 1, pageSize: 10 }), signal),
    placeholderData: keepPreviousData,
  });
}

export function staffResourcesQuery(organizationId: string, schoolYearId: string, page: number) {
  return queryOptions({
    queryKey: contentKeys.resources(organizationId, schoolYearId, page),
    queryFn: ({ signal }) =>
      api.get<StaffOrganizationResourceList>(
        withQuery('/api/admin/organization-resources', { organizationId, schoolYearId, page, pageSize: 20 }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function collectionsQuery() {
  return queryOptions({
    queryKey: contentKeys.collections(),
    queryFn: ({ signal }) => api.get<VideoCollectionSummaries>('/api/admin/video-collections', signal),
  });
}

export function collectionQuery(id: string) {
  return queryOptions({
    queryKey: contentKeys.collection(id),
    queryFn: ({ signal }) => api.get<VideoCollection>(`/api/admin/video-collections/${encodeURIComponent(id)}`, signal),
  });
}

export interface ResourceFormValues {
  title: string;
  grades: string;
  description: string;
  url: string;
  file: File | null;
}

export function useSaveResource(organizationId: string, schoolYearId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: ResourceFormValues }) => {
      const body = new FormData();
      body.set('organizationId', organizationId);
      body.set('schoolYearId', schoolYearId);
      body.set('title', values.title);
      body.set('grades', values.grades);
      body.set('description', values.description);
      body.set('url', values.url.trim());
      if (values.file) body.set('file', values.file, values.file.name);
      return id === null
        ? apiRequest<StaffOrganizationResourceRow>('POST', '/api/admin/organization-resources', { body })
        : apiRequest<StaffOrganizationResourceRow>(
            'PUT',
            `/api/admin/organization-resources/${encodeURIComponent(id)}`,
            { body },
          );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...contentKeys.all, 'resources'] }),
  });
}

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/api/admin/organization-resources/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...contentKeys.all, 'resources'] }),
  });
}

export function useCreateSchoolYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SchoolYearInput) => api.post<SchoolYearRow>('/api/admin/school-years', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.schoolYears() }),
  });
}

/** Every write to a collection answers with the collection: the page shows it at once. */
function useCollectionWrite<T>(write: (input: T) => Promise<VideoCollection>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (collection) => {
      queryClient.setQueryData(contentKeys.collection(collection.id), collection);
      return queryClient.invalidateQueries({ queryKey: contentKeys.collections() });
    },
  });
}

export const useCreateCollection = () =>
  useCollectionWrite((input: VideoCollectionInput) => api.post<VideoCollection>('/api/admin/video-collections', input));
export const useUpdateCollection = (id: string) =>
  useCollectionWrite((input: VideoCollectionInput) =>
    api.put<VideoCollection>(`/api/admin/video-collections/${encodeURIComponent(id)}`, input),
  );
export const useAddVideo = (collectionId: string) =>
  useCollectionWrite((input: VideoInput) =>
    api.post<VideoCollection>(`/api/admin/video-collections/${encodeURIComponent(collectionId)}/videos`, input),
  );
export const useUpdateVideo = () =>
  useCollectionWrite(({ id, input }: { id: string; input: VideoInput }) =>
    api.put<VideoCollection>(`/api/admin/videos/${encodeURIComponent(id)}`, input),
  );
export const useAddDocument = () =>
  useCollectionWrite(({ videoId, title, file }: { videoId: string; title: string; file: File }) => {
    const body = new FormData();
    body.set('title', title);
    body.set('file', file, file.name);
    return apiRequest<VideoCollection>('POST', `/api/admin/videos/${encodeURIComponent(videoId)}/documents`, { body });
  });

/** Deletes under a collection (a video, a document, the collection itself): the collection is read again after. */
export function useContentDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => api.delete<undefined>(path),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
