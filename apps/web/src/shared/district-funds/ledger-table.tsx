import { Stack, Table, Text } from '@mantine/core';
import { formatMoment } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import {
  districtFundEntryKindLabels,
  type DistrictFundEntryPage,
} from '@portal/domain/organizations/district-funds.ts';
import { useProviderTimeZone } from '../../lib/time-zone.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ListFooter } from '../../ui/list-pagination.tsx';
import { ResponsiveTable } from '../../ui/responsive-table.tsx';

interface LedgerTableProps {
  ledger: DistrictFundEntryPage;
  onPage: (page: number) => void;
}

/** A district fund's ledger, newest first: every deposit, spend, refund and adjustment, with who and why. */
export function LedgerTable({ ledger, onPage }: LedgerTableProps) {
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
