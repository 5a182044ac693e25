import { Anchor, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ageingBucketLabels, invoiceMessages, type ReceivablesRow } from '@portal/domain/commerce/invoices.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { receivablesQuery } from '../api/invoices.ts';

type Grouping = 'organization' | 'district';

const amounts: { key: keyof Omit<ReceivablesRow, 'id' | 'name'>; label: string }[] = [
  { key: 'currentCents', label: ageingBucketLabels.CURRENT },
  { key: 'days1To30Cents', label: ageingBucketLabels.DAYS_1_30 },
  { key: 'days31To60Cents', label: ageingBucketLabels.DAYS_31_60 },
  { key: 'days61To90Cents', label: ageingBucketLabels.DAYS_61_90 },
  { key: 'over90Cents', label: ageingBucketLabels.OVER_90 },
  { key: 'totalCents', label: 'Total' },
];

/** /admin/invoices/receivables: what is owed, by how long past due, by organization or district. */
export function ReceivablesPage() {
  const [groupBy, setGroupBy] = useState<Grouping>('organization');
  const [page, setPage] = useState(1);
  const receivables = useQuery(receivablesQuery(groupBy, page));
  const heading = groupBy === 'organization' ? 'Organization' : 'District';

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/invoices" size="sm">
        Back to invoices
      </Anchor>
      <Title order={1}>Receivables ageing</Title>
      <Select
        label="Group by"
        value={groupBy}
        onChange={(value) => {
          setGroupBy(value ?? 'organization');
          setPage(1);
        }}
        data={[
          { value: 'organization', label: 'Organization' },
          { value: 'district', label: 'District' },
        ]}
        allowDeselect={false}
        w={220}
      />
      <ExportMenu path="/api/admin/invoices/receivables/export" filters={{ groupBy }} noun="receivables" />
      {receivables.isPending ? (
        <PageLoader label="Loading receivables" />
      ) : receivables.isError ? (
        <ErrorState message={errorMessage(receivables.error)} onRetry={() => void receivables.refetch()} />
      ) : receivables.data.items.length === 0 ? (
        <Text>{invoiceMessages.noReceivables}</Text>
      ) : (
        <>
          <Text size="sm">Days past due as of {formatUsDate(receivables.data.asOf)}.</Text>
          <ResponsiveTable minWidth={900} striped withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{heading}</Table.Th>
                {amounts.map((column) => (
                  <Table.Th scope="col" key={column.key}>
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receivables.data.items.map((row) => (
                <Table.Tr key={row.id ?? 'none'}>
                  <Table.Th scope="row">{row.name}</Table.Th>
                  {amounts.map((column) => (
                    <Table.Td key={column.key}>{formatCents(row[column.key])}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <ListFooter
            total={receivables.data.total}
            noun={groupBy === 'organization' ? ['organization', 'organizations'] : ['district', 'districts']}
            totalPages={Math.ceil(receivables.data.total / commercePageSize)}
            page={page}
            onPage={setPage}
          />
        </>
      )}
    </Stack>
  );
}
