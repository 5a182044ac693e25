import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateRange } from '@portal/domain/dates.ts';
import { takerEventsQuery } from './queries.ts';

/**
 * 'Attendance': the events the member takes attendance for, each linking to its sections. Shown only
 * to attendance takers; everyone else sees nothing of it.
 */
export function TakerEvents() {
  const events = useQuery(takerEventsQuery);
  if (!events.data || events.data.items.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="attendance-heading">
      <Title order={2} size="h3" id="attendance-heading">
        Attendance
      </Title>
      <Text size="sm">You take attendance for these events.</Text>
      <List spacing="xs">
        {events.data.items.map((event) => (
          <List.Item key={event.id}>
            <Anchor component={Link} to={`/members/events/${event.id}/attendance`}>
              {event.name}
            </Anchor>{' '}
            <Text span size="sm">
              {formatDateRange(event.startDate, event.endDate)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
