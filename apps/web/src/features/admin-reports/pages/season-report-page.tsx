import { Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { formatUsDate } from '@portal/domain/dates.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { seasonReportQuery } from '../api/reports.ts';
import { SeasonChart } from '../components/season-chart.tsx';
import { SeasonEventsTable } from '../components/season-events-table.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';

export const seasonReportLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(seasonReportQuery());
  return null;
};

/** /admin/reports: this season's revenue and seats by event type; each event's own report is on its page. */
export function SeasonReportPage() {
  const season = useQuery(seasonReportQuery());
  return (
    <Stack gap="lg">
      <Stack gap="2xs">
        <Title order={1}>Reports</Title>
        <Text>
          {season.data
            ? `Season ${season.data.name}: events starting ${formatUsDate(season.data.startsOn)} to ${formatUsDate(season.data.endsOn)}. `
            : ''}
          An event’s own report (seats, sales, payment methods, attendance) is under Report on its page in Events.
        </Text>
      </Stack>
      {season.isPending ? (
        <PageLoader label="Loading the season" />
      ) : season.isError ? (
        <ErrorState message={errorMessage(season.error)} onRetry={() => void season.refetch()} />
      ) : season.data.types.length === 0 ? (
        <EmptyState message="No event starts this season yet." />
      ) : (
        <>
          <SeasonChart types={season.data.types} />
          <DetailSection title="Events">
            <SeasonEventsTable events={season.data.events} />
          </DetailSection>
        </>
      )}
    </Stack>
  );
}
