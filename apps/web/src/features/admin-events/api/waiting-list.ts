import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffWaitingListReply, WaitingListSettingsInput } from '@portal/domain/events/waiting-lists.ts';
import { api } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import { adminEventKeys } from './events.ts';

const enc = encodeURIComponent;
const waitingListKey = (eventId: string) => [...adminEventKeys.detail(eventId), 'waiting-list'] as const;

/** GET /api/admin/events/{id}/waiting-list: its settings, each list in order, and what those waiting would earn. */
export function adminWaitingListQuery(eventId: string) {
  return queryOptions({
    queryKey: waitingListKey(eventId),
    queryFn: ({ signal }) => api.get<StaffWaitingListReply>(`/api/admin/events/${enc(eventId)}/waiting-list`, signal),
  });
}

type WaitingListChange =
  | { kind: 'settings'; input: WaitingListSettingsInput }
  | { kind: 'move'; entryId: string; direction: 'up' | 'down' }
  | { kind: 'offer'; entryId: string }
  | { kind: 'remove'; entryId: string };

const done: Record<WaitingListChange['kind'], string> = {
  settings: 'Waiting-list settings saved.',
  move: 'Entry moved.',
  offer: 'Offer sent.',
  remove: 'Entry removed from the waiting list.',
};

function send(eventId: string, change: WaitingListChange): Promise<StaffWaitingListReply> {
  const entry = (id: string) => `/api/admin/waiting-list-entries/${enc(id)}`;
  switch (change.kind) {
    case 'settings':
      return api.put(`/api/admin/events/${enc(eventId)}/waiting-list`, change.input);
    case 'move':
      return api.post(`${entry(change.entryId)}/move`, { direction: change.direction });
    case 'offer':
      return api.post(`${entry(change.entryId)}/offer`);
    case 'remove':
      return api.delete(entry(change.entryId));
  }
}

/** Every staff change answers the lists as they are then; the event's seats changed too. */
export function useChangeWaitingList(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: WaitingListChange) => send(eventId, change),
    onSuccess: async (reply, change) => {
      queryClient.setQueryData(waitingListKey(eventId), reply);
      notifications.show({ color: 'green', message: done[change.kind] });
      await queryClient.invalidateQueries({ queryKey: adminEventKeys.detail(eventId), exact: true });
    },
    onError: notifyError,
  });
}
