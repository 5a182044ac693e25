import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { attendanceMessages, levelBadge, type AttendanceList } from '@portal/domain/events/attendance.ts';
import { ticketScanMessages } from '@portal/domain/tickets/ticket-codes.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { attendanceListQuery } from '../api/attendance.ts';
import { AttendanceForm } from '../components/attendance-form.tsx';
import { useAttendanceSync } from '../hooks/use-attendance-sync.ts';
import { useTicketScans } from '../hooks/use-ticket-scans.ts';

// The scanner and its QR reader load only when a taker opens it: members never download them.
const TicketScanner = lazy(() => import('../components/ticket-scanner.tsx'));

export const attendanceSectionLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.eventId && params.sectionId)
      void queryClient.prefetchQuery(attendanceListQuery(params.eventId, params.sectionId));
    return null;
  };

/**
 * The notice while saves wait on this device: offline, they go when the connection returns; online
 * (a save whose request never reached the server), the taker sends them again.
 */
function OfflineNotice({ online, waiting, onSend }: { online: boolean; waiting: number; onSend: () => void }) {
  if (online && waiting === 0) return null;
  return (
    // The light yellow title is below 4.5:1 on its tint: it takes the text colour.
    <Alert
      color="yellow"
      variant="light"
      role="status"
      title={online ? 'Not sent yet' : 'Offline'}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {online ? (
        <Group gap="sm" justify="space-between">
          <Text size="sm">Attendance saved on this device has not reached the server yet.</Text>
          <Button size="sm" variant="default" onClick={onSend}>
            Send now
          </Button>
        </Group>
      ) : (
        attendanceMessages.offline
      )}
    </Alert>
  );
}

/** "Scan tickets": a full-screen scanner on a phone, a dialog on a desktop; scans kept offline go when the connection returns. */
function ScanTickets({ list }: { list: AttendanceList }) {
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 35.99em)');
  const scans = useTicketScans(list.event.id, list.section.id, list.people);
  if (!list.meetsToday || list.people.length === 0) return null;
  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button onClick={open}>{ticketScanMessages.scanTickets}</Button>
        {scans.waiting > 0 ? (
          <Text size="sm" role="status">
            {scans.waiting === 1 ? '1 scan waits' : `${scans.waiting} scans wait`} on this device to be sent.
          </Text>
        ) : null}
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title={`${ticketScanMessages.scanTickets}: ${list.section.title}`}
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Close' }}
        size="lg"
      >
        <Suspense fallback={<Loader size="sm" aria-label="Loading the scanner" />}>
          <TicketScanner onScan={(code) => scans.scan(code, list.date)} />
        </Suspense>
      </Modal>
    </>
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
          <Stack gap="2xs">
            <Text fw={600}>{list.data.event.name}</Text>
            <Group gap="sm" wrap="wrap">
              <Title order={1}>{list.data.section.title}</Title>
              <Badge size="lg" variant="light">
                {levelBadge(list.data.section.level)}
              </Badge>
            </Group>
            <Text>Attendance for {formatUsDate(list.data.date)}</Text>
          </Stack>
          <OfflineNotice online={sync.online} waiting={sync.pending.length} onSend={() => void sync.sendNow()} />
          <ScanTickets list={list.data} />
          <AttendanceForm list={list.data} backTo={backTo} pending={sync.pending} onSave={sync.save} />
        </>
      )}
    </Stack>
  );
}
