import { Anchor, Table } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { organizationMessages, type OrganizationSummary } from '@portal/domain/organizations/contracts.ts';
import { organizationRoleLabels } from '@portal/domain/people/roles.ts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../ui/responsive-table.tsx';

/**
 * GET /api/organizations/managed: where the member is an active OWNER or ADMIN. Manage Organization
 * and Manage Services both start from it; an organization's edit invalidates this key.
 */
export const managedOrganizationsQuery = queryOptions({
  queryKey: ['organizations', 'managed'] as const,
  queryFn: ({ signal }) => api.get<{ items: OrganizationSummary[] }>('/api/organizations/managed', signal),
});

/** The organizations the member manages, each name opening `linkTo` of it. */
export function ManagedOrganizations({ linkTo }: { linkTo: (organizationId: string) => string }) {
  const organizations = useQuery(managedOrganizationsQuery);
  if (organizations.isPending) return <PageLoader label="Loading organizations" />;
  if (organizations.isError) {
    return <ErrorState message={errorMessage(organizations.error)} onRetry={() => void organizations.refetch()} />;
  }
  if (organizations.data.items.length === 0) return <EmptyState message="You do not manage any organization." />;
  return (
    <ResponsiveTable withTableBorder striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Organization</Table.Th>
          <Table.Th scope="col">District</Table.Th>
          <Table.Th scope="col">Your role</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {organizations.data.items.map((organization) => (
          <Table.Tr key={organization.id}>
            <Table.Td>
              <Anchor component={Link} to={linkTo(organization.id)}>
                {organization.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{organization.districtName ?? organizationMessages.notSet}</Table.Td>
            <Table.Td>{organizationRoleLabels[organization.role]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
