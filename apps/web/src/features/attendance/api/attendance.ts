import { queryOptions } from '@tanstack/react-query';
import type { TicketScanReply } from '@portal/domain/tickets/ticket-codes.ts';
import type { AttendanceList, AttendanceMark, AttendanceSections } from '@portal/domain/events/attendance.ts';
import { api } from '../../../lib/api.ts';
import { attendanceKeys } from '../../../shared/attendance/queries.ts';

/** GET /api/events/{eventId}/attendance: the sections the taker marks (404 for anyone else). */
export function attendanceSectionsQuery(eventId: string) {
  return queryOptions({
    queryKey: attendanceKeys.sections(eventId),
    queryFn: ({ signal }) => api.get<AttendanceSections>(`/api/events/${eventId}/attendance`, signal),
  });
}

/** GET /api/events/{eventId}/attendance/{sectionId}: today's list in the provider's time zone. */
export function attendanceListQuery(eventId: string, sectionId: string) {
  return queryOptions({
    queryKey: attendanceKeys.list(eventId, sectionId),
    queryFn: ({ signal }) => api.get<AttendanceList>(`/api/events/${eventId}/attendance/${sectionId}`, signal),
    // A colleague may mark the same section: read it again whenever the page shows it.
    staleTime: 0,
  });
}

/** PUT /api/events/{eventId}/attendance/{sectionId}: the changed rows of one day. */
export function saveAttendance(eventId: string, sectionId: string, date: string, rows: AttendanceMark[]) {
  return api.put<{ updated: number; message: string }>(`/api/events/${eventId}/attendance/${sectionId}`, {
    date,
    rows,
  });
}

/** POST /api/events/{eventId}/attendance/{sectionId}/scan: a ticket's QR code marks its holder present. */
export function scanTicket(eventId: string, sectionId: string, code: string, date: string) {
  return api.post<TicketScanReply>(`/api/events/${eventId}/attendance/${sectionId}/scan`, { code, date });
}
