import { Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { districtPageSize, spendingExportPath, spendingQuery } from '../api/district-funds.ts';

/** What the fund paid, by school and event, refunds taken off; exported as CSV or Excel. */
export function SpendingSection({ districtId }: { districtId: string }) {
  const [page, setPage] = useState(1);
  const spending = useQuery(spendingQuery(districtId, page));
  if (spending.isPending) return <PageLoader label="Loading spending" />;
  if (spending.isError)
    return <ErrorState message={errorMessage(spending.error)} onRetry={() => void spending.refetch()} />;
  if (spending.data.total === 0) return <EmptyState message="No school has spent from the fund yet." />;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <ExportMenu path={spendingExportPath(districtId)} filters={{}} noun="spending" />
      </Group>
      <ResponsiveTable minWidth={680} striped aria-label="Spending by school and event">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">School</Table.Th>
            <Table.Th scope="col">Event</Table.Th>
            <Table.Th scope="col">Spent</Table.Th>
            <Table.Th scope="col">Refunded</Table.Th>
            <Table.Th scope="col">Net</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spending.data.items.map((row) => (
            <Table.Tr key={`${row.organizationName}|${row.eventName}`}>
              <Table.Td>{row.organizationName}</Table.Td>
              <Table.Td>{row.eventName}</Table.Td>
              <Table.Td>{formatCents(row.spentCents)}</Table.Td>
              <Table.Td>{formatCents(row.refundedCents)}</Table.Td>
              <Table.Td>{formatCents(row.netCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <ListFooter
        total={spending.data.total}
        noun={['row', 'rows']}
        totalPages={Math.max(1, Math.ceil(spending.data.total / districtPageSize))}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
