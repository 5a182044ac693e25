import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EventMessageInput,
  EventMessagePage,
  EventMessageRow,
  MessagePreview,
  MessageRecipientsInput,
} from '@portal/domain/events/event-messages.ts';
import { api, withQuery } from '../../../lib/api.ts';

const messagesPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/messages`;

export const messageKeys = {
  all: (eventId: string) => ['admin', 'event-messages', eventId] as const,
  page: (eventId: string, page: number) => [...messageKeys.all(eventId), page] as const,
};

/** GET one page of the event's sent messages, newest first, with their delivery. */
export function eventMessagesQuery(eventId: string, page: number) {
  return queryOptions({
    queryKey: messageKeys.page(eventId, page),
    queryFn: ({ signal }) => api.get<EventMessagePage>(withQuery(messagesPath(eventId), { page }), signal),
  });
}

/** POST the recipients' choice: how many would receive the message, and their first names. Nothing is sent. */
export function useMessagePreview(eventId: string) {
  return useMutation({
    mutationFn: (body: MessageRecipientsInput) => api.post<MessagePreview>(`${messagesPath(eventId)}/preview`, body),
  });
}

/**
 * POST the message with the composition's Idempotency-Key: a double click or a retry after a lost
 * answer sends it once. The sent list is read again after.
 */
export function useSendMessage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: EventMessageInput; idempotencyKey: string }) =>
      api.post<EventMessageRow>(messagesPath(eventId), body, { 'Idempotency-Key': idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(eventId) }),
  });
}
