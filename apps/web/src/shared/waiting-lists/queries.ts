import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  waitingListMessages,
  type JoinWaitingListInput,
  type MyWaitingListEntry,
  type MyWaitingListReply,
  type OfferCheckoutReply,
} from '@portal/domain/events/waiting-lists.ts';
import { api } from '../../lib/api.ts';
import { notifyError } from '../../lib/errors.ts';

export const waitingListKeys = {
  all: ['waiting-lists'] as const,
  event: (eventId: string) => [...waitingListKeys.all, 'event', eventId] as const,
  entry: (entryId: string) => [...waitingListKeys.all, 'entry', entryId] as const,
};

/** GET /api/waiting-lists/events/{eventId}: whether the event takes joins, and her entries with their places. */
export function myWaitingListsQuery(eventId: string) {
  return queryOptions({
    queryKey: waitingListKeys.event(eventId),
    queryFn: ({ signal }) =>
      api.get<MyWaitingListReply>(`/api/waiting-lists/events/${encodeURIComponent(eventId)}`, signal),
  });
}

/** GET /api/waiting-lists/entries/{entryId}: one of her entries (the offer page). */
export function waitingListEntryQuery(entryId: string) {
  return queryOptions({
    queryKey: waitingListKeys.entry(entryId),
    queryFn: ({ signal }) =>
      api.get<MyWaitingListEntry>(`/api/waiting-lists/entries/${encodeURIComponent(entryId)}`, signal),
  });
}

export function useJoinWaitingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinWaitingListInput) => api.post<MyWaitingListEntry>('/api/waiting-lists/entries', input),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: waitingListMessages.joined });
      await queryClient.invalidateQueries({ queryKey: waitingListKeys.all });
    },
    onError: notifyError,
  });
}

export function useLeaveWaitingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      api.delete<MyWaitingListEntry>(`/api/waiting-lists/entries/${encodeURIComponent(entryId)}`),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: waitingListMessages.left });
      await queryClient.invalidateQueries({ queryKey: waitingListKeys.all });
    },
    onError: notifyError,
  });
}

/**
 * POST /api/waiting-lists/entries/{entryId}/checkout: the offered seats to the card page. One Idempotency-Key per
 * page: a double click or a retry after a lost answer is the same payment.
 */
export function useBuyOffer() {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  return useMutation({
    mutationFn: (entryId: string) =>
      api.post<OfferCheckoutReply>(
        `/api/waiting-lists/entries/${encodeURIComponent(entryId)}/checkout`,
        {},
        { 'Idempotency-Key': idempotencyKey },
      ),
    onSuccess: (reply) => window.location.assign(reply.redirectUrl),
    onError: notifyError,
  });
}
