import { Anchor, Stack, Table, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { organizationMessages } from '@portal/domain/organizations.ts';
import { packagePaths } from '@portal/domain/package-rules.ts';
import { organizationRoleLabels } from '@portal/domain/roles.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { managedOrganizationsQuery } from '../api/services.ts';

export const manageServicesOrganizationsLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(managedOrganizationsQuery);
  return null;
};

/** /members/manage-services/select-organization: an organization the member is OWNER or ADMIN of, then its services. */
export function ManageServicesSelectOrganizationPage() {
  const organizations = useQuery(managedOrganizationsQuery);
  return (
    <Stack gap="md" maw={880}>
      <Title order={1}>Manage Services</Title>
      <Title order={2} size="h3">
        Select an Organization
      </Title>
      {organizations.isPending ? (
        <PageLoader label="Loading organizations" />
      ) : organizations.isError ? (
        <ErrorState message={errorMessage(organizations.error)} onRetry={() => void organizations.refetch()} />
      ) : organizations.data.items.length === 0 ? (
        <EmptyState message="You do not manage any organization." />
      ) : (
        <Table withTableBorder striped verticalSpacing="sm">
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
                  <Anchor component={Link} to={packagePaths.selectService(organization.id)}>
                    {organization.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{organization.districtName ?? organizationMessages.notSet}</Table.Td>
                <Table.Td>{organizationRoleLabels[organization.role]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
