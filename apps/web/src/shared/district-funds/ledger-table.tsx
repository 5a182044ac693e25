import { Stack, Table, Text } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoment } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import {
  districtFundEntryKindLabels,
  type DistrictFundEntryPage,
} from '@portal/domain/organizations/district-funds.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useProviderTimeZone } from '../../lib/time-zone.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { ListFooter } from '../../ui/list-pagination.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../ui/responsive-table.tsx';

interface LedgerTableProps {
  ledger: DistrictFundEntryPage;
  onPage: (page: number) => void;
}

/** A district fund's ledger, newest first: every deposit, spend, refund and adjustment, with who and why. */
function LedgerTable({ ledger, onPage }: LedgerTableProps) {
  const timeZone = useProviderTimeZone();
  if (ledger.total === 0) return <EmptyState message="Nothing in the fund yet" />;
  return (
    <Stack gap="sm">
      <ResponsiveTable minWidth={860} striped aria-label="Ledger">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">School</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">Reference</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
            <Table.Th scope="col">By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ledger.items.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(entry.createdAt, timeZone)}</Table.Td>
              <Table.Td>{districtFundEntryKindLabels[entry.kind]}</Table.Td>
              <Table.Td>{entry.organizationName ?? ''}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {entry.amountCents > 0 ? '+' : ''}
                  {formatCents(entry.amountCents)}
                </Text>
              </Table.Td>
              <Table.Td>{entry.reference ?? ''}</Table.Td>
              <Table.Td>{entry.reason}</Table.Td>
              <Table.Td>{entry.createdByName ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <ListFooter
        total={ledger.total}
        noun={['entry', 'entries']}
        totalPages={Math.max(1, Math.ceil(ledger.total / ledger.pageSize))}
        page={ledger.page}
        onPage={onPage}
      />
    </Stack>
  );
}

/** The ledger read a page at a time through `entries` (the staff's or the administrators' route). */
export function Ledger<Key extends QueryKey>({
  entries,
}: {
  entries: (page: number) => UseQueryOptions<DistrictFundEntryPage, Error, DistrictFundEntryPage, Key>;
}) {
  const [page, setPage] = useState(1);
  const ledger = useQuery(entries(page));
  if (ledger.isPending) return <PageLoader label="Loading the ledger" />;
  if (ledger.isError) return <ErrorState message={errorMessage(ledger.error)} onRetry={() => void ledger.refetch()} />;
  return <LedgerTable ledger={ledger.data} onPage={setPage} />;
}
