import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceMove, ResourceRow, StaffResourceList } from '@portal/domain/content/resources.ts';
import type { StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { api, apiRequest } from '../../../lib/api.ts';

export const adminResourceKeys = {
  all: ['admin-resources'] as const,
  list: (eventId: string) => [...adminResourceKeys.all, eventId, 'list'] as const,
  event: (eventId: string) => [...adminResourceKeys.all, eventId, 'event'] as const,
};

const eventPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}`;

/** GET /api/admin/events/{id}/resources: every resource of the event, in order. */
export function adminResourcesQuery(eventId: string) {
  return queryOptions({
    queryKey: adminResourceKeys.list(eventId),
    queryFn: ({ signal }) => api.get<StaffResourceList>(`${eventPath(eventId)}/resources`, signal),
  });
}

/** GET /api/admin/events/{id}: the event's name and its sections, which a resource may be aimed at. */
export function adminResourceEventQuery(eventId: string) {
  return queryOptions({
    queryKey: adminResourceKeys.event(eventId),
    queryFn: ({ signal }) => api.get<StaffEventDetail>(eventPath(eventId), signal),
  });
}

export interface ResourceFormValues {
  title: string;
  description: string;
  url: string;
  sectionIds: string[];
  file: File | null;
}

/** The form as multipart/form-data: the text fields, sectionIds comma-separated, and the file when one is chosen. */
function formData(values: ResourceFormValues): FormData {
  const data = new FormData();
  data.set('title', values.title);
  data.set('description', values.description);
  data.set('url', values.url.trim());
  data.set('sectionIds', values.sectionIds.join(','));
  if (values.file) data.set('file', values.file, values.file.name);
  return data;
}

/** Create (id null) or edit a resource; the event's list is read again after. */
export function useSaveResource(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: ResourceFormValues }) =>
      id === null
        ? apiRequest<ResourceRow>('POST', `${eventPath(eventId)}/resources`, { body: formData(values) })
        : apiRequest<ResourceRow>('PUT', `/api/admin/resources/${encodeURIComponent(id)}`, { body: formData(values) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminResourceKeys.list(eventId) }),
  });
}

export function useDeleteResource(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/api/admin/resources/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminResourceKeys.list(eventId) }),
  });
}

/** Up or down one place; the answer is the event's new order. */
export function useMoveResource(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: string } & ResourceMove) =>
      api.post<StaffResourceList>(`/api/admin/resources/${encodeURIComponent(id)}/move`, { direction }),
    onSuccess: (list) => queryClient.setQueryData(adminResourceKeys.list(eventId), list),
    onError: () => queryClient.invalidateQueries({ queryKey: adminResourceKeys.list(eventId) }),
  });
}
