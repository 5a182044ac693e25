import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceOverview, TakerGrantInput, TakerRow } from '@portal/domain/events/attendance.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';

export const staffAttendanceKeys = {
  all: ['admin', 'attendance'] as const,
  takers: (eventId: string) => ['admin', 'attendance', eventId, 'takers'] as const,
  overview: (eventId: string, page: number) => ['admin', 'attendance', eventId, 'overview', page] as const,
};

export const overviewPageSize = 25;

/** GET /api/admin/events/{eventId}/attendance-takers */
export function takersQuery(eventId: string) {
  return queryOptions({
    queryKey: staffAttendanceKeys.takers(eventId),
    queryFn: ({ signal }) => api.get<{ items: TakerRow[] }>(`/api/admin/events/${eventId}/attendance-takers`, signal),
  });
}

/** GET /api/admin/events/{eventId}/attendance: one page of who attended which section on which days. */
export function overviewQuery(eventId: string, page: number) {
  return queryOptions({
    queryKey: staffAttendanceKeys.overview(eventId, page),
    queryFn: ({ signal }) =>
      api.get<AttendanceOverview>(
        withQuery(`/api/admin/events/${eventId}/attendance`, { page, pageSize: overviewPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export const overviewExportPath = (eventId: string) => `/api/admin/events/${eventId}/attendance/export`;

/** GET /api/admin/events/{id}/certificates/export?format=: the certificates issued for the event. */
export const certificatesExportPath = (eventId: string) =>
  `/api/admin/events/${encodeURIComponent(eventId)}/certificates/export`;

export function useGrantTaker(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TakerGrantInput) =>
      api.post<{ items: TakerRow[] }>(`/api/admin/events/${eventId}/attendance-takers`, input),
    onSuccess: (reply) => {
      queryClient.setQueryData(staffAttendanceKeys.takers(eventId), reply);
      notifications.show({ color: 'green', message: 'Attendance taker added' });
    },
  });
}

export function useRevokeTaker(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (takerId: string) => api.delete<{ items: TakerRow[] }>(`/api/admin/attendance-takers/${takerId}`),
    onSuccess: (reply) => {
      queryClient.setQueryData(staffAttendanceKeys.takers(eventId), reply);
      notifications.show({ color: 'green', message: 'Attendance taker removed' });
    },
    onError: notifyError,
  });
}

export function useSetSectionHours(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sectionId, minutesPerDay }: { sectionId: string; minutesPerDay: number }) =>
      api.put(`/api/admin/sections/${sectionId}/attendance-hours`, { minutesPerDay }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...staffAttendanceKeys.all, eventId] });
      notifications.show({ color: 'green', message: 'Hours saved; certificates updated' });
    },
    onError: notifyError,
  });
}
