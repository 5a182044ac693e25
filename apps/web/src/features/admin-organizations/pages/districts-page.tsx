import { Anchor, Table } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { listParams, useListSearch } from '../../../lib/list-search.ts';
import { adminDistrictsQuery } from '../api/admin-districts.ts';
import { adminListPageSize } from '../api/admin-organizations.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

export const districtsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminDistrictsQuery(listParams(new URL(request.url).searchParams)));
    return null;
  };

/** /admin/districts: find a district by name and open it. */
export function DistrictsPage() {
  const search = useListSearch();
  const districts = useQuery(adminDistrictsQuery(search.params));

  return (
    <SearchList
      title="Districts"
      noun={['district', 'districts']}
      pageSize={adminListPageSize}
      search={search}
      actions={
        <ExportMenu path="/api/admin/districts/export" filters={{ search: search.params.search }} noun="districts" />
      }
      query={districts}
    >
      {(items) => (
        <ResponsiveTable striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Organizations</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((district) => (
              <Table.Tr key={district.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/districts/${district.id}`}>
                    {district.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{district.organizationCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </SearchList>
  );
}
