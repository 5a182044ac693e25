import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { NotFound } from '../../../ui/not-found.tsx';
import { adminEventQuery } from '../api/events.ts';
import { WaitingListSection } from '../components/waiting-list-section.tsx';

/** /admin/events/{id}/waiting-list: the event's waiting lists, in order, with what staff do to them. */
export function WaitingListPage() {
  const eventId = useParams().eventId ?? '';
  const event = useQuery(adminEventQuery(eventId));
  if (isApiError(event.error, 404)) return <NotFound />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/admin/events/${encodeURIComponent(eventId)}`} size="sm">
        Back to the event
      </Anchor>
      <Stack gap="2xs">
        <Title order={1}>Waiting list</Title>
        {event.data ? <Text>{event.data.name}</Text> : null}
      </Stack>
      <WaitingListSection eventId={eventId} />
    </Stack>
  );
}
