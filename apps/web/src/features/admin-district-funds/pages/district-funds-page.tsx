import { Anchor, Table } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { listParams, useListSearch } from '../../../lib/list-search.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import { adminFundsPageSize, adminFundsQuery } from '../api/admin-district-funds.ts';

export const adminDistrictFundsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminFundsQuery(listParams(new URL(request.url).searchParams)));
    return null;
  };

/** /admin/district-funds: every district's fund with its balance and the orders waiting for its administrators. */
export function AdminDistrictFundsPage() {
  const search = useListSearch();
  const funds = useQuery(adminFundsQuery(search.params));
  return (
    <SearchList
      title="District funds"
      noun={['district', 'districts']}
      searchDescription="The district's name"
      emptyMessage="No districts match"
      pageSize={adminFundsPageSize}
      search={search}
      query={funds}
    >
      {(items) => (
        <ResponsiveTable minWidth={560} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">District</Table.Th>
              <Table.Th scope="col">Balance</Table.Th>
              <Table.Th scope="col">Waiting for approval</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((fund) => (
              <Table.Tr key={fund.districtId}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/district-funds/${fund.districtId}`}>
                    {fund.districtName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatCents(fund.balanceCents)}</Table.Td>
                <Table.Td>{fund.waitingCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </SearchList>
  );
}
