import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationSettingsInput,
  ApplicationSettingsReply,
  QuestionInput,
} from '@portal/domain/applications/contracts.ts';
import { api } from '../../../lib/api.ts';

const enc = encodeURIComponent;
const settingsPath = (eventId: string) => `/api/admin/events/${enc(eventId)}/application-settings`;

export const applicationSettingsKeys = {
  settings: (eventId: string) => ['admin', 'application-settings', eventId, 'settings'] as const,
};

/** GET /api/admin/events/{id}/application-settings: acceptance, ticket type, due days, payment options, questions. */
export function applicationSettingsQuery(eventId: string) {
  return queryOptions({
    queryKey: applicationSettingsKeys.settings(eventId),
    queryFn: ({ signal }) => api.get<ApplicationSettingsReply>(settingsPath(eventId), signal),
    staleTime: 0,
  });
}

/** PUT the settings; the reply is what the server now holds. */
export function useSaveApplicationSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationSettingsInput) => api.put<ApplicationSettingsReply>(settingsPath(eventId), body),
    onSuccess: (reply) => queryClient.setQueryData(applicationSettingsKeys.settings(eventId), reply),
  });
}

/** POST a new question to the event, or PUT an existing one; then the settings (with their questions) are read again. */
export function useSaveQuestion(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: QuestionInput }) =>
      id === null
        ? api.post<unknown>(`/api/admin/events/${enc(eventId)}/questions`, body)
        : api.put<unknown>(`/api/admin/questions/${enc(id)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationSettingsKeys.settings(eventId) }),
  });
}

/** DELETE a question: refused (409) once applicants answered it. */
export function useDeleteQuestion(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/admin/questions/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationSettingsKeys.settings(eventId) }),
  });
}
