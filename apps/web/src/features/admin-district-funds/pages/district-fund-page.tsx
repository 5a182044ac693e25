import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { districtSeatMessages } from '@portal/domain/organizations/seat-blocks.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { Ledger } from '../../../shared/district-funds/ledger-table.tsx';
import { SeatBlocks } from '../../../shared/district-funds/seat-blocks-table.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Fact } from '../../../ui/fact.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminFundEntriesQuery, adminFundQuery, adminSeatBlocksQuery } from '../api/admin-district-funds.ts';
import { EntryForm } from '../components/entry-form.tsx';

export const adminDistrictFundLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminFundQuery(params.districtId ?? ''));
    return null;
  };

/** /admin/district-funds/{id}: a district's fund for staff: its balance, money recorded into it, the seats it
 * bought ahead, its ledger. */
export function AdminDistrictFundPage() {
  const districtId = useParams().districtId ?? '';
  const fund = useQuery(adminFundQuery(districtId));
  if (isApiError(fund.error, 404)) return <NotFound />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/district-funds" size="sm">
        Back to district funds
      </Anchor>
      {fund.isPending ? (
        <PageLoader label="Loading the district fund" />
      ) : fund.isError ? (
        <ErrorState message={errorMessage(fund.error)} onRetry={() => void fund.refetch()} />
      ) : (
        <>
          <Title order={1}>{fund.data.districtName} fund</Title>
          <Group gap="xl">
            <Fact label="Fund balance">
              <span data-testid="fund-balance">{formatCents(fund.data.balanceCents)}</span>
            </Fact>
            <Fact label="Waiting for approval">{fund.data.waitingCount}</Fact>
            <Anchor component={Link} to={`/admin/districts/${districtId}`} size="sm">
              The district&apos;s schools and administrators
            </Anchor>
          </Group>
          <DetailSection title="Record money">
            <EntryForm districtId={districtId} />
          </DetailSection>
          <DetailSection title={districtSeatMessages.sectionTitle}>
            <SeatBlocks blocks={(page) => adminSeatBlocksQuery(districtId, page)} />
          </DetailSection>
          <DetailSection title="Ledger">
            <Ledger entries={(page) => adminFundEntriesQuery(districtId, page)} />
          </DetailSection>
        </>
      )}
    </Stack>
  );
}
