import { Stack } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EventSubPageHeader } from '../../../shared/staff-events/event-sub-page-header.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { eventReportQuery } from '../api/reports.ts';
import { AttendanceChart } from '../components/attendance-chart.tsx';
import { MethodsChart } from '../components/methods-chart.tsx';
import { SalesChart } from '../components/sales-chart.tsx';
import { SeatsChart } from '../components/seats-chart.tsx';

export const eventReportLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(eventReportQuery(params.eventId ?? ''));
    return null;
  };

/** /admin/events/{id}/report: seats per section, sales over time, payment methods, attendance per day. */
export function EventReportPage() {
  const eventId = useParams().eventId ?? '';
  const report = useQuery(eventReportQuery(eventId));

  if (isApiError(report.error, 404)) return <NotFound />;

  return (
    <Stack gap="lg">
      <EventSubPageHeader eventId={eventId} title="Report" />
      {report.isPending ? (
        <PageLoader label="Loading the report" />
      ) : report.isError ? (
        <ErrorState message={errorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <DetailSection title="Seats">
            <SeatsChart seats={report.data.seats} />
          </DetailSection>
          <DetailSection title="Sales">
            <SalesChart sales={report.data.sales} />
            <MethodsChart methods={report.data.paymentMethods} />
          </DetailSection>
          {report.data.attendance.length > 0 ? (
            <DetailSection title="Attendance">
              <AttendanceChart days={report.data.attendance} />
            </DetailSection>
          ) : null}
        </>
      )}
    </Stack>
  );
}
