import { Anchor, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { api } from '../../lib/api.ts';
import { formatDateRange } from '@portal/domain/dates.ts';

/** GET /api/admin/events/{id}: only for the event's name and dates above one of its staff sub-pages. */
export function staffEventHeaderQuery(eventId: string) {
  return queryOptions({
    queryKey: ['admin', 'event-header', eventId] as const,
    queryFn: ({ signal }) => api.get<StaffEventDetail>(`/api/admin/events/${encodeURIComponent(eventId)}`, signal),
  });
}

interface EventSubPageHeaderProps {
  eventId: string;
  title: string;
}

/** The head of a staff event sub-page: back to the event, the page's title, the event's name and dates once read. */
export function EventSubPageHeader({ eventId, title }: EventSubPageHeaderProps) {
  const event = useQuery(staffEventHeaderQuery(eventId));
  return (
    <>
      <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}`} size="sm">
        Back to event
      </Anchor>
      <Stack gap="2xs">
        <Title order={1}>{title}</Title>
        {/* The line is there before the event is read (a no-break space holds its height), so the page below does
            not move down when the name arrives: that shift was the staff event pages' CLS of 0.025. */}
        <Text>
          {event.data ? `${event.data.name} · ${formatDateRange(event.data.startDate, event.data.endDate)}` : '\u00a0'}
        </Text>
      </Stack>
    </>
  );
}
