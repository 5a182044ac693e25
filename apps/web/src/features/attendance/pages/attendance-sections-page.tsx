import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { attendanceMessages, attendanceSectionPath, levelBadge } from '@portal/domain/events/attendance.ts';
import { formatUsDates } from '@portal/domain/dates.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { attendanceSectionsQuery } from '../api/attendance.ts';

export const attendanceSectionsLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.eventId) void queryClient.prefetchQuery(attendanceSectionsQuery(params.eventId));
    return null;
  };

/** /members/events/{eventId}/attendance: the sections the taker marks, each with its level badge. */
export function AttendanceSectionsPage() {
  const { eventId = '' } = useParams();
  const sections = useQuery(attendanceSectionsQuery(eventId));

  if (sections.isPending) {
    return (
      <Stack gap="md">
        <Title order={1}>Attendance</Title>
        <PageLoader label="Loading sections" />
      </Stack>
    );
  }
  if (sections.isError) {
    return (
      <Stack gap="md">
        <Title order={1}>Attendance</Title>
        {isApiError(sections.error, 404) ? (
          <EmptyState message={attendanceMessages.noAttendance} />
        ) : (
          <ErrorState message={errorMessage(sections.error)} onRetry={() => void sections.refetch()} />
        )}
      </Stack>
    );
  }
  const { event } = sections.data;
  return (
    <Stack gap="md" maw={720}>
      <Stack gap="2xs">
        <Title order={1}>Attendance</Title>
        <Text fw={600}>{event.name}</Text>
      </Stack>
      {sections.data.sections.length === 0 ? (
        <EmptyState message={attendanceMessages.noSections} />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {sections.data.sections.map((section) => (
            <Card key={section.id} component="li" withBorder radius="md" padding="md">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600} size="lg">
                    {section.title}
                  </Text>
                  <Badge variant="light">{levelBadge(section.level)}</Badge>
                </Group>
                {section.dates.length > 0 ? <Text size="sm">{formatUsDates(section.dates)}</Text> : null}
                <Button
                  component={Link}
                  to={attendanceSectionPath(event.id, section.id, section.level)}
                  size="md"
                  aria-label={`Take attendance: ${section.title}`}
                >
                  Take attendance
                </Button>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
