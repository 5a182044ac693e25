import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { districtPageSize, myDistrictsQuery } from '../api/district-funds.ts';

export const districtFundsLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(myDistrictsQuery(1));
  return null;
};

/** /members/district-funds: the districts the member administers, each with its fund's balance and waiting orders. */
export function DistrictFundsPage() {
  const [page, setPage] = useState(1);
  const districts = useQuery(myDistrictsQuery(page));
  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>District funds</Title>
      {districts.isPending ? (
        <PageLoader label="Loading your districts" />
      ) : districts.isError ? (
        <ErrorState message={errorMessage(districts.error)} onRetry={() => void districts.refetch()} />
      ) : districts.data.total === 0 ? (
        <EmptyState message="You are not an administrator of any district." />
      ) : (
        <Stack gap="sm">
          <ResponsiveTable minWidth={560} striped aria-label="Districts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">District</Table.Th>
                <Table.Th scope="col">Balance</Table.Th>
                <Table.Th scope="col">Waiting for approval</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {districts.data.items.map((district) => (
                <Table.Tr key={district.districtId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/members/district-funds/${district.districtId}`}>
                      {district.districtName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatCents(district.balanceCents)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{district.waitingCount}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <ListFooter
            total={districts.data.total}
            noun={['district', 'districts']}
            totalPages={Math.max(1, Math.ceil(districts.data.total / districtPageSize))}
            page={page}
            onPage={setPage}
          />
        </Stack>
      )}
    </Stack>
  );
}
