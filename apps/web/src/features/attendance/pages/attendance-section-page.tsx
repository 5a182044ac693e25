import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { attendanceMessages, levelBadge } from '@portal/domain/attendance.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { attendanceListQuery } from '../api/attendance.ts';
import { AttendanceForm } from '../components/attendance-form.tsx';
import { useAttendanceSync } from '../hooks/use-attendance-sync.ts';

export const attendanceSectionLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.eventId && params.sectionId) void queryClient.prefetchQuery(attendanceListQuery(params.eventId, params.sectionId));
    return null;
  };

/** The notice while saves wait on this device. */
function OfflineNotice({ online, waiting }: { online: boolean; waiting: number }) {
  if (online && waiting === 0) return null;
  return (
    // The light yellow title is below 4.5:1 on its tint: it takes the text colour.
    <Alert color="yellow" variant="light" role="status" title={online ? 'Waiting to send' : 'Offline'} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      {online ? 'Attendance saved on this device is being sent.' : attendanceMessages.offline}
    </Alert>
  );
}

/** /members/events/{eventId}/attendance/{sectionId}: today's attendance of one section. */
export function AttendanceSectionPage() {
  const { eventId = '', sectionId = '' } = useParams();
  const list = useQuery(attendanceListQuery(eventId, sectionId));
  const sync = useAttendanceSync(eventId, sectionId);
  const backTo = `/members/events/${eventId}/attendance`;

  return (
    <Stack gap="md" maw={640}>
      {list.isPending ? (
        <>
          <Title order={1}>Attendance</Title>
          <PageLoader label="Loading attendance" />
        </>
      ) : list.isError ? (
        <>
          <Title order={1}>Attendance</Title>
          {isApiError(list.error, 404) ? (
            <EmptyState message={attendanceMessages.noAttendance} />
          ) : (
            <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
          )}
        </>
      ) : (
        <>
          <Stack gap={4}>
            <Text fw={600}>{list.data.event.name}</Text>
            <Group gap="sm" wrap="wrap">
              <Title order={1}>{list.data.section.title}</Title>
              <Badge size="lg" variant="light">
                {levelBadge(list.data.section.level)}
              </Badge>
            </Group>
            <Text>Attendance for {formatUsDate(list.data.date)}</Text>
          </Stack>
          <OfflineNotice online={sync.online} waiting={sync.pending.length} />
          <AttendanceForm list={list.data} backTo={backTo} pending={sync.pending} onSave={sync.save} />
        </>
      )}
    </Stack>
  );
}
