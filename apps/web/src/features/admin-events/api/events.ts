import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  groupingInput,
  pathInput,
  sectionInput,
  StaffEventDetail,
  StaffEventInput,
  StaffEventPage,
  ticketTypeInput,
} from '@portal/domain/events/admin-contracts.ts';
import { api, apiRequest, withQuery } from '../../../lib/api.ts';
import type { ListParams } from '../../../lib/list-search.ts';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';

export type TicketTypeBody = z.output<typeof ticketTypeInput>;
export type PathBody = z.output<typeof pathInput>;
export type GroupingBody = z.output<typeof groupingInput>;
export type SectionBody = z.output<typeof sectionInput>;

export const adminEventKeys = {
  all: ['admin', 'events'] as const,
  list: (params: ListParams & { pageSize?: number }) => [...adminEventKeys.all, 'list', params] as const,
  detail: (eventId: string) => [...adminEventKeys.all, 'detail', eventId] as const,
};

const enc = encodeURIComponent;
const eventPath = (eventId: string) => `/api/admin/events/${enc(eventId)}`;

/** GET /api/admin/events: every event (published or not, past too), searched by name, 20 a page. */
export function adminEventsQuery(params: ListParams, pageSize = commercePageSize) {
  return queryOptions({
    queryKey: adminEventKeys.list({ ...params, pageSize }),
    queryFn: ({ signal }) =>
      api.get<StaffEventPage>(
        withQuery('/api/admin/events', { search: params.search, page: params.page, pageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/events/{id}: the event with its ticket types and paths > groupings > sections. */
export function adminEventQuery(eventId: string) {
  return queryOptions({
    queryKey: adminEventKeys.detail(eventId),
    queryFn: ({ signal }) => api.get<StaffEventDetail>(eventPath(eventId), signal),
    staleTime: 0,
  });
}

/**
 * POST /api/admin/events, then POST its first ticket type: the new event's id, and the ticket type's
 * failure if only that call failed (the event exists then; the editor adds the ticket type).
 */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ event, ticketType }: { event: StaffEventInput; ticketType: TicketTypeBody }) => {
      const { id } = await api.post<{ id: string }>('/api/admin/events', event);
      try {
        await api.post<unknown>(`${eventPath(id)}/ticket-types`, ticketType);
        return { id, ticketTypeError: null };
      } catch (error) {
        return { id, ticketTypeError: error };
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminEventKeys.all }),
  });
}

/** One change to an event or a part of it: the call to make. */
export interface EventChange {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Every change the event editor makes, in the words of the API (docs/api.md, staff events). */
export const eventChanges = {
  updateEvent: (eventId: string, body: StaffEventInput): EventChange => ({
    method: 'PUT',
    path: eventPath(eventId),
    body,
  }),
  addTicketType: (eventId: string, body: TicketTypeBody): EventChange => ({
    method: 'POST',
    path: `${eventPath(eventId)}/ticket-types`,
    body,
  }),
  updateTicketType: (id: string, body: TicketTypeBody): EventChange => ({
    method: 'PUT',
    path: `/api/admin/ticket-types/${enc(id)}`,
    body,
  }),
  deleteTicketType: (id: string): EventChange => ({ method: 'DELETE', path: `/api/admin/ticket-types/${enc(id)}` }),
  addPath: (eventId: string, body: PathBody): EventChange => ({
    method: 'POST',
    path: `${eventPath(eventId)}/paths`,
    body,
  }),
  updatePath: (id: string, body: PathBody): EventChange => ({
    method: 'PUT',
    path: `/api/admin/paths/${enc(id)}`,
    body,
  }),
  deletePath: (id: string): EventChange => ({ method: 'DELETE', path: `/api/admin/paths/${enc(id)}` }),
  addGrouping: (pathId: string, body: GroupingBody): EventChange => ({
    method: 'POST',
    path: `/api/admin/paths/${enc(pathId)}/groupings`,
    body,
  }),
  updateGrouping: (id: string, body: GroupingBody): EventChange => ({
    method: 'PUT',
    path: `/api/admin/groupings/${enc(id)}`,
    body,
  }),
  deleteGrouping: (id: string): EventChange => ({ method: 'DELETE', path: `/api/admin/groupings/${enc(id)}` }),
  addSection: (groupingId: string, body: SectionBody): EventChange => ({
    method: 'POST',
    path: `/api/admin/groupings/${enc(groupingId)}/sections`,
    body,
  }),
  updateSection: (id: string, body: SectionBody): EventChange => ({
    method: 'PUT',
    path: `/api/admin/sections/${enc(id)}`,
    body,
  }),
  deleteSection: (id: string): EventChange => ({ method: 'DELETE', path: `/api/admin/sections/${enc(id)}` }),
};

/**
 * Makes one change to the event, then reads the event (and the lists showing it) again: whatever
 * the server replies, the editor shows what the server holds.
 */
export function useEventChange(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body }: EventChange) =>
      apiRequest<unknown>(method, path, body === undefined ? {} : { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminEventKeys.detail(eventId) }),
        queryClient.invalidateQueries({ queryKey: [...adminEventKeys.all, 'list'] }),
      ]),
  });
}
