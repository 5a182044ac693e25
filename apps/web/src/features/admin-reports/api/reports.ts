import { queryOptions } from '@tanstack/react-query';
import type { EventReport, SeasonReport } from '@portal/domain/events/event-reports.ts';
import { api } from '../../../lib/api.ts';

export const reportKeys = {
  season: ['admin', 'reports', 'season'] as const,
  event: (eventId: string) => ['admin', 'reports', 'event', eventId] as const,
};

/** GET this season's events by type. */
export function seasonReportQuery() {
  return queryOptions({
    queryKey: reportKeys.season,
    queryFn: ({ signal }) => api.get<SeasonReport>('/api/admin/reports/season', signal),
    staleTime: 0,
  });
}

/** GET one event's seats, sales, payment methods and attendance. */
export function eventReportQuery(eventId: string) {
  return queryOptions({
    queryKey: reportKeys.event(eventId),
    queryFn: ({ signal }) => api.get<EventReport>(`/api/admin/events/${encodeURIComponent(eventId)}/report`, signal),
    staleTime: 0,
  });
}
