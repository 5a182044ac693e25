import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { districtSeatMessages } from '@portal/domain/organizations/seat-blocks.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { Ledger } from '../../../shared/district-funds/ledger-table.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Fact } from '../../../ui/fact.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { districtSummaryQuery, entriesQuery } from '../api/district-funds.ts';
import { ApprovalsSection } from '../components/approvals-section.tsx';
import { SchoolsSection } from '../components/schools-section.tsx';
import { SeatBlocksSection } from '../components/seat-blocks-section.tsx';
import { SpendingSection } from '../components/spending-section.tsx';

export const districtFundLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(districtSummaryQuery(params.districtId ?? ''));
    return null;
  };

/**
 * /members/district-funds/{id}: a district administrator's fund: its balance, the orders waiting for
 * approval, the schools and their limits, the seats bought ahead, spending by school and event, and the ledger.
 */
export function DistrictFundPage() {
  const districtId = useParams().districtId ?? '';
  const summary = useQuery(districtSummaryQuery(districtId));
  if (isApiError(summary.error, 404)) return <NotFound />;
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/members/district-funds" size="sm">
        Back to district funds
      </Anchor>
      {summary.isPending ? (
        <PageLoader label="Loading the district fund" />
      ) : summary.isError ? (
        <ErrorState message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <Title order={1}>{summary.data.districtName}</Title>
          <Group gap="xl">
            <Fact label="Fund balance">
              <span data-testid="fund-balance">{formatCents(summary.data.balanceCents)}</span>
            </Fact>
            <Fact label="Waiting for approval">{summary.data.waitingCount}</Fact>
          </Group>
          <DetailSection title={`Waiting for approval (${summary.data.waitingCount})`}>
            <ApprovalsSection districtId={districtId} />
          </DetailSection>
          <DetailSection title="Schools">
            <SchoolsSection districtId={districtId} />
          </DetailSection>
          <DetailSection title={districtSeatMessages.sectionTitle}>
            <SeatBlocksSection districtId={districtId} />
          </DetailSection>
          <DetailSection title="Spending by school and event">
            <SpendingSection districtId={districtId} />
          </DetailSection>
          <DetailSection title="Ledger">
            <Ledger entries={(page) => entriesQuery(districtId, page)} />
          </DetailSection>
        </>
      )}
    </Stack>
  );
}
