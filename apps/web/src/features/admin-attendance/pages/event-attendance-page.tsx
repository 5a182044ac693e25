import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { hoursLabel } from '@portal/domain/events/certificates.ts';
import { formatUsDates } from '@portal/domain/dates.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import {
  certificatesExportPath,
  overviewExportPath,
  overviewPageSize,
  overviewQuery,
  takersQuery,
} from '../api/staff-attendance.ts';
import { SectionHours } from '../components/section-hours.tsx';
import { TakersPanel } from '../components/takers-panel.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);

export const eventAttendanceLoader =
  (queryClient: QueryClient) =>
  ({ params, request }: LoaderFunctionArgs) => {
    if (params.eventId) {
      void queryClient.prefetchQuery(overviewQuery(params.eventId, pageOf(new URL(request.url).searchParams)));
      void queryClient.prefetchQuery(takersQuery(params.eventId));
    }
    return null;
  };

/** /admin/events/{eventId}/attendance: takers, certificate hours, who attended, and the certificates issued, each exported. */
export function EventAttendancePage() {
  const { eventId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const overview = useQuery(overviewQuery(eventId, page));

  if (overview.isPending) return <PageLoader label="Loading attendance" />;
  if (overview.isError)
    return <ErrorState message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} />;
  const { event, sections, rows, total } = overview.data;
  const totalPages = Math.max(1, Math.ceil(total / overviewPageSize));

  return (
    <Stack gap="xl" maw={1100}>
      <Stack gap="2xs">
        <Anchor component={Link} to={`/admin/events/${event.id}`} size="sm">
          Back to the event
        </Anchor>
        <Title order={1}>Attendance: {event.name}</Title>
      </Stack>
      <TakersPanel eventId={event.id} sections={sections} />
      <SectionHours eventId={event.id} sections={sections} />
      <Stack gap="sm" component="section" aria-labelledby="overview-heading">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="overview-heading">
            Who attended
          </Title>
          <ExportMenu path={overviewExportPath(event.id)} filters={{}} noun="attendance" />
        </Group>
        {rows.length === 0 ? (
          <EmptyState message="Nobody holds a ticket or an accepted application for this event yet." />
        ) : (
          <ResponsiveTable minWidth={640} aria-label="Who attended" striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Section</Table.Th>
                <Table.Th scope="col">Days attended</Table.Th>
                <Table.Th scope="col">Hours</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.userId}-${row.sectionId}`}>
                  <Table.Td>
                    <Text size="sm">{row.name}</Text>
                    <Text size="sm">
                      <EmailAddress email={row.email} />
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.sectionTitle}</Table.Td>
                  <Table.Td>{row.daysAttended.length === 0 ? 'None' : formatUsDates(row.daysAttended)}</Table.Td>
                  <Table.Td>{hoursLabel(row.minutesAttended)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        <ListFooter
          total={total}
          noun={['line', 'lines']}
          totalPages={totalPages}
          page={page}
          onPage={(next) => setSearchParams({ page: String(next) })}
        />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="certificates-heading">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="certificates-heading">
            Certificates
          </Title>
          <ExportMenu path={certificatesExportPath(event.id)} filters={{}} noun="certificates" />
        </Group>
        <Text size="sm">
          Everyone marked present on at least one day has a certificate of attendance. The export lists each with its
          code (for the public check), hours and days attended.
        </Text>
      </Stack>
    </Stack>
  );
}
