import { Anchor, Table } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';
import { listParams, useListSearch } from '../../../lib/list-search.ts';
import { adminListPageSize, adminOrganizationsQuery } from '../api/admin-organizations.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

export const organizationsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminOrganizationsQuery(listParams(new URL(request.url).searchParams)));
    return null;
  };

/** /admin/organizations: find an organization by name and open it. */
export function OrganizationsPage() {
  const search = useListSearch();
  const organizations = useQuery(adminOrganizationsQuery(search.params));

  return (
    <SearchList
      title="Organizations"
      noun={['organization', 'organizations']}
      pageSize={adminListPageSize}
      search={search}
      actions={
        <ExportMenu
          path="/api/admin/organizations/export"
          filters={{ search: search.params.search }}
          noun="organizations"
        />
      }
      query={organizations}
    >
      {(items) => (
        <ResponsiveTable striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">District</Table.Th>
              <Table.Th scope="col">Members</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((organization) => (
              <Table.Tr key={organization.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/organizations/${organization.id}`}>
                    {organization.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{organization.districtName ?? organizationMessages.notSet}</Table.Td>
                <Table.Td>{organization.memberCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </SearchList>
  );
}
