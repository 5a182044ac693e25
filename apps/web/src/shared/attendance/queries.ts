import { queryOptions } from '@tanstack/react-query';
import type { takerEvents } from '@portal/domain/events/attendance.ts';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

/** Attendance reads shared by the takers' pages and the link to them on Manage Events. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  events: ['attendance', 'events'] as const,
  sections: (eventId: string) => ['attendance', eventId, 'sections'] as const,
  list: (eventId: string, sectionId: string) => ['attendance', eventId, 'list', sectionId] as const,
};

/** GET /api/attendance/events: the events the signed-in person takes attendance for. */
export const takerEventsQuery = queryOptions({
  queryKey: attendanceKeys.events,
  queryFn: ({ signal }) => api.get<z.infer<typeof takerEvents>>('/api/attendance/events', signal),
});
